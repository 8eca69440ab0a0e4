import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, fetch } from "undici";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRemoteWorker } from "@sieve/worker/remote";
import { buildWorkerGateway } from "../src/worker-gateway/gateway";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

const CERTS_SCRIPT = new URL("../../../scripts/certs-dev.sh", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "sieve-remote-"));
const certs = join(scratch, "certs");
const workerData = join(scratch, "worker-data");
// Unique text that must never reach the platform: it appears only in the worker-side file.
const SECRET_NAME = "confidential-compound-series-7f3a";
const LIBRARY = `# ${SECRET_NAME}\nCC(=O)Oc1ccccc1C(=O)O ${SECRET_NAME}-1\nCC(C)Cc1ccc(cc1)C(C)C(=O)O ${SECRET_NAME}-2\nc1ccc2ccccc2c1 ${SECRET_NAME}-3\n`;

let ctx: TestContext;
let gateway: FastifyInstance;
let gatewayUrl: string;
let token: string;
let orgId: number;
let projectId: number;
const received: string[] = [];
const stopWorker = new AbortController();
let workerDone: Promise<void>;

const certFile = (name: string) => readFileSync(join(certs, name));

beforeAll(async () => {
  ctx = await createTestContext({ engine: { embedded: false } });
  const account = await ctx.signup({ org_name: "Customer with private data" });
  token = account.token;
  orgId = account.user.org_id;
  projectId = (
    await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "On-premise run", ruo_ack: true } })
  ).json().id;
  execFileSync("bash", [CERTS_SCRIPT, "--out", certs, "--org", String(orgId), "--name", "lab-worker"]);
  execFileSync("bash", [CERTS_SCRIPT, "--out", certs, "--org", String(orgId + 1000), "--name", "foreign-worker"]);
  execFileSync("mkdir", ["-p", workerData]);
  writeFileSync(join(workerData, "library.smi"), LIBRARY);

  gateway = await buildWorkerGateway({
    tls: { ca: certFile("ca.crt"), cert: certFile("server.crt"), key: certFile("server.key") },
    database: ctx.database,
    engine: ctx.app.engine,
    logger: false,
  });
  gateway.addHook("preHandler", async (request) => {
    received.push(`${request.url} ${JSON.stringify(request.body ?? null)}`);
  });
  await gateway.listen({ port: 0, host: "127.0.0.1" });
  gatewayUrl = `https://localhost:${(gateway.server.address() as AddressInfo).port}`;
  workerDone = runRemoteWorker({
    api: gatewayUrl,
    cert: certFile("lab-worker.crt"),
    key: certFile("lab-worker.key"),
    ca: certFile("ca.crt"),
    dataDir: workerData,
    threads: 1,
    signal: stopWorker.signal,
    log: () => {},
  }).catch(() => {});
});

afterAll(async () => {
  stopWorker.abort();
  await workerDone;
  await gateway?.close();
  await ctx?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function waitForJob(id: string) {
  for (let i = 0; i < 300; i++) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${id}`, token })).json();
    if (["completed", "failed", "cancelled"].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("job did not finish");
}

describe("remote workers over mutual TLS", () => {
  it(
    "runs the organization's remote job on data that never leaves the worker, reporting only metrics and hashes",
    { timeout: 180_000 },
    async () => {
      const created = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs/molecular`,
        token,
        payload: { smiles_source: "local:library.smi", execution: "remote", population_size: 20, max_generations: 10 },
      });
      expect(created.statusCode).toBe(201);
      const job = await waitForJob(created.json().id);
      expect(job.status).toBe("completed");
      expect(job.execution).toBe("remote");
      expect(job.result.final_metrics.input_hashes).toEqual([
        { name: "local:library.smi", sha256: createHash("sha256").update(LIBRARY).digest("hex") },
      ]);
      expect(job.result.final_metrics.best_molecules.length).toBeGreaterThan(0);
      const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${created.json().run_id}/curves`, token })).json()
        .curves;
      expect(curves.length).toBe(4);
      // What crossed the wire: registration, polls, heart-beats, the completion — never the file.
      expect(received.some((line) => line.startsWith("/v1/workers/jobs/") && line.includes("/complete"))).toBe(true);
      for (const line of received) expect(line).not.toContain(SECRET_NAME);
      expect(JSON.stringify(job)).not.toContain(SECRET_NAME);
      // The worker is counted as live.
      expect((await ctx.call({ method: "GET", url: "/health" })).json().workers.remote).toBe(1);
    },
  );

  it(
    "runs a VHTS run split into two shards on remote workers: inputs prepared by the platform, fingerprints carried intact, hits merged",
    { timeout: 240_000 },
    async () => {
      expect((await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token })).statusCode).toBe(200);
      const library = [
        "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1 rofecoxib",
        "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
        "CC(=O)Nc1ccc(O)cc1 paracetamol",
        "OC(=O)c1ccccc1O salicylic-acid",
        "COc1ccc2cc(ccc2c1)C(C)C(=O)O naproxen",
      ].join("\n");
      const { payload, headers } = multipartUpload(
        { kind: "compound_library" },
        { name: "nsaids.smi", content: library },
      );
      const upload = (await ctx.call({ method: "POST", url: "/v1/uploads", token, payload, headers })).json();
      const created = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: {
          workflow: "vhts",
          inputs: {
            target_protein: "P23219",
            compound_library: upload.uri,
            include_docking: false,
            hit_compounds: "CC(=O)Oc1ccccc1C(=O)O aspirin",
          },
          modules: [{ name: "BatchDiversity" }, { name: "RemoteExecution", params: { shards: 2 } }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const runId = created.json().id;
      let detail;
      for (let i = 0; i < 1000; i++) {
        detail = (await ctx.call({ method: "GET", url: `/v1/workflows/runs/${runId}`, token })).json();
        if (["completed", "failed", "cancelled"].includes(detail.run.status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(detail.run.status, detail.job?.error_message).toBe("completed");
      const jobs = (await ctx.call({ method: "GET", url: "/v1/engine/jobs?domain=vhts", token }))
        .json()
        .jobs.filter((j: { run_id: string }) => j.run_id === runId);
      expect(jobs).toHaveLength(2);
      for (const job of jobs) expect(job).toMatchObject({ status: "completed", execution: "remote" });
      const metrics = detail.job.result.final_metrics;
      expect(metrics.shards).toBe(2);
      // The withdrawn drug was screened out against the demo negatome's fingerprints, which crossed the wire as base64.
      expect(metrics.filtered.map((f: { name: string }) => f.name)).toEqual(["rofecoxib"]);
      expect(metrics.hits.map((h: { name: string }) => h.name).sort()).toEqual([
        "ibuprofen",
        "naproxen",
        "paracetamol",
        "salicylic-acid",
      ]);
      expect(metrics.hits.map((h: { fitness: number }) => h.fitness)).toEqual(
        [...metrics.hits.map((h: { fitness: number }) => h.fitness)].sort((a: number, b: number) => b - a),
      );
      expect(metrics.counts).toMatchObject({ valid: 5, filtered: 1, evaluated: 4 });

      // Reports see the whole run too, whichever shard's job id they are asked about.
      const listed = (await ctx.call({ method: "GET", url: "/v1/reports/runs", token }))
        .json()
        .runs.find((r: { run_id: string }) => r.run_id === runId);
      expect(listed).toMatchObject({ job_id: detail.job.id, reviews: { unreviewed: 1 + 4 } });
      for (const job of jobs) {
        const manifest = (await ctx.call({ method: "GET", url: `/v1/reports/manifest/${job.id}`, token })).json();
        expect(manifest.job.id).toBe(detail.job.id);
        expect(
          manifest.outputs
            .filter((o: { item: { kind: string } }) => o.item.kind === "molecule")
            .map((o: { item: { id: string } }) => o.item.id)
            .sort(),
        ).toEqual(metrics.hits.map((h: { smiles: string }) => h.smiles).sort());
      }
    },
  );

  it("lists the organization's live worker to its members only", async () => {
    const listed = await ctx.call({ method: "GET", url: "/v1/engine/workers", token });
    expect(listed.statusCode).toBe(200);
    const [worker, ...others] = listed.json().workers;
    expect(others).toEqual([]);
    expect(worker).toMatchObject({ name: expect.stringContaining("lab-worker"), live: true });
    expect(Date.now() - Date.parse(worker.last_seen_at)).toBeLessThan(60_000);
    const outsider = await ctx.signup({ org_name: "Another company" });
    expect(
      (await ctx.call({ method: "GET", url: "/v1/engine/workers", token: outsider.token })).json().workers,
    ).toEqual([]);
  });

  it("refuses a client without a certificate during the TLS handshake", async () => {
    const anonymous = new Agent({ connect: { ca: certFile("ca.crt") } });
    const attempt = fetch(`${gatewayUrl}/v1/workers/register`, {
      method: "POST",
      dispatcher: anonymous,
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(attempt).rejects.toThrow();
    await anonymous.close();
  });

  it("never lets another organization's worker touch the job", async () => {
    const foreign = new Agent({
      connect: { cert: certFile("foreign-worker.crt"), key: certFile("foreign-worker.key"), ca: certFile("ca.crt") },
    });
    const post = (path: string, body: unknown = {}) =>
      fetch(`${gatewayUrl}${path}`, {
        method: "POST",
        dispatcher: foreign,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    // Its organization does not exist on this platform: registration is refused.
    expect((await post("/v1/workers/register")).status).toBe(403);
    const [someJob] = (await ctx.call({ method: "GET", url: "/v1/engine/jobs", token })).json().jobs;
    expect(
      (await post(`/v1/workers/jobs/${someJob.id}/complete`, { output: { best_fitness: 1, final_metrics: {} } }))
        .status,
    ).toBe(401);
    await foreign.close();
  });

  it("does not register workers on the API port", async () => {
    const response = await ctx.call({ method: "POST", url: "/v1/workers/register", token });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("mtls_required");
  });

  it("refuses local: sources outside the worker's data folder", async () => {
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs/molecular`,
      token,
      payload: {
        smiles_source: "local:../certs/lab-worker.key",
        execution: "remote",
        population_size: 20,
        max_generations: 10,
      },
    });
    const job = await waitForJob(created.json().id);
    expect(job.status).toBe("failed");
    expect(job.error_message).toMatch(/outside this worker's data folder/);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: `/v1/projects/${projectId}/runs/molecular`,
          token,
          payload: { smiles_source: "local:x.smi" },
        })
      ).statusCode,
    ).toBe(422);
  });

  // Last: it stops the lab's worker, so that only the hand-driven workers below take jobs.
  it("never lets a registered worker of another organization take, heart-beat, complete or fail the organization's job", async () => {
    stopWorker.abort();
    await workerDone;
    const rival = await ctx.signup({ org_name: "Rival lab" });
    expect(rival.user.org_id).not.toBe(orgId);
    const rivalProject = (
      await ctx.call({
        method: "POST",
        url: "/v1/projects",
        token: rival.token,
        payload: { name: "Rival run", ruo_ack: true },
      })
    ).json().id;
    execFileSync("bash", [CERTS_SCRIPT, "--out", certs, "--org", String(rival.user.org_id), "--name", "rival-worker"]);
    const agent = (name: string) =>
      new Agent({ connect: { cert: certFile(`${name}.crt`), key: certFile(`${name}.key`), ca: certFile("ca.crt") } });
    const [rivalWorker, labWorker] = [agent("rival-worker"), agent("lab-worker")];
    const post = async (dispatcher: Agent, path: string, body: unknown = {}) => {
      const response = await fetch(`${gatewayUrl}${path}`, {
        method: "POST",
        dispatcher,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    const submitRemote = async (userToken: string, project: number) =>
      (
        await ctx.call({
          method: "POST",
          url: `/v1/projects/${project}/runs/molecular`,
          token: userToken,
          payload: { smiles: ["CCO", "c1ccccc1O"], execution: "remote", population_size: 20, max_generations: 10 },
        })
      ).json();
    const forged = {
      heartbeat: { progress: { generation: 99 }, points: [{ name: "best", x: 1, y: 0.99 }] },
      complete: { output: { best_fitness: 0.99, final_metrics: { forged: true } } },
      fail: { error: "forged failure" },
    };
    const attack = async (jobId: string) => {
      for (const [action, body] of Object.entries(forged))
        expect((await post(rivalWorker, `/v1/workers/jobs/${jobId}/${action}`, body)).status, action).toBe(404);
    };

    try {
      const registered = await post(rivalWorker, "/v1/workers/register");
      expect(registered.status).toBe(200);
      expect(registered.body.org_id).toBe(rival.user.org_id);

      // Our job waits in our queue while the rival polls; the rival's own job, submitted meanwhile, is what it gets.
      const ours = await submitRemote(token, projectId);
      const polling = post(rivalWorker, "/v1/workers/jobs/next");
      const theirs = await submitRemote(rival.token, rivalProject);
      // A long poll that ends empty (204) is polled again, as a worker does.
      let taken = await polling;
      for (let attempt = 0; taken.status === 204 && attempt < 3; attempt++)
        taken = await post(rivalWorker, "/v1/workers/jobs/next");
      expect(taken.status).toBe(200);
      expect(taken.body.job.id).toBe(theirs.id);
      expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${ours.id}`, token })).json()).toMatchObject({
        status: "queued",
        attempts: 0,
      });

      // Queued, then running on our worker: the rival can touch it in neither state.
      await attack(ours.id);
      const mine = await post(labWorker, "/v1/workers/jobs/next");
      expect(mine.body.job.id).toBe(ours.id);
      await attack(ours.id);
      // The same calls on its own job are accepted: the refusals come from ownership, not from the requests.
      expect((await post(rivalWorker, `/v1/workers/jobs/${theirs.id}/heartbeat`, forged.heartbeat)).body).toEqual({
        stop: false,
      });
      expect((await post(rivalWorker, `/v1/workers/jobs/${theirs.id}/complete`, forged.complete)).body).toEqual({
        accepted: true,
      });

      // Our job kept nothing of the rival's: no progress, no curve point, still running for our worker.
      expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${ours.id}`, token })).json()).toMatchObject({
        status: "running",
        attempts: 1,
        progress: null,
        result: null,
      });
      expect((await ctx.call({ method: "GET", url: `/v1/runs/${ours.run_id}/curves`, token })).json().curves).toEqual(
        [],
      );
      expect(
        (await post(labWorker, `/v1/workers/jobs/${ours.id}/heartbeat`, { progress: { generation: 1 } })).body,
      ).toEqual({ stop: false });
      expect(
        (
          await post(labWorker, `/v1/workers/jobs/${ours.id}/complete`, {
            output: { best_fitness: 0.5, final_metrics: {} },
          })
        ).body,
      ).toEqual({ accepted: true });
      expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${ours.id}`, token })).json()).toMatchObject({
        status: "completed",
        result: { best_fitness: 0.5 },
      });
      expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${theirs.id}`, token })).statusCode).toBe(404);
      expect(
        (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${theirs.id}`, token: rival.token })).json(),
      ).toMatchObject({ status: "completed", result: { best_fitness: 0.99 } });
    } finally {
      await Promise.all([rivalWorker.close(), labWorker.close()]);
    }
  });
});
