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
  projectId = (await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "On-premise run", ruo_ack: true } })).json().id;
  execFileSync("bash", [CERTS_SCRIPT, "--out", certs, "--org", String(orgId), "--name", "lab-worker"]);
  execFileSync("bash", [CERTS_SCRIPT, "--out", certs, "--org", String(orgId + 1000), "--name", "foreign-worker"]);
  execFileSync("mkdir", ["-p", workerData]);
  writeFileSync(join(workerData, "library.smi"), LIBRARY);

  gateway = await buildWorkerGateway({ tls: { ca: certFile("ca.crt"), cert: certFile("server.crt"), key: certFile("server.key") }, database: ctx.database, engine: ctx.app.engine, logger: false });
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
  it("runs the organization's remote job on data that never leaves the worker, reporting only metrics and hashes", async () => {
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
    expect(job.result.final_metrics.input_hashes).toEqual([{ name: "local:library.smi", sha256: createHash("sha256").update(LIBRARY).digest("hex") }]);
    expect(job.result.final_metrics.best_molecules.length).toBeGreaterThan(0);
    const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${created.json().run_id}/curves`, token })).json().curves;
    expect(curves.length).toBe(4);
    // What crossed the wire: registration, polls, heart-beats, the completion — never the file.
    expect(received.some((line) => line.startsWith("/v1/workers/jobs/") && line.includes("/complete"))).toBe(true);
    for (const line of received) expect(line).not.toContain(SECRET_NAME);
    expect(JSON.stringify(job)).not.toContain(SECRET_NAME);
    // The worker is counted as live.
    expect((await ctx.call({ method: "GET", url: "/health" })).json().workers.remote).toBe(1);
  });

  it("refuses a client without a certificate during the TLS handshake", async () => {
    const anonymous = new Agent({ connect: { ca: certFile("ca.crt") } });
    const attempt = fetch(`${gatewayUrl}/v1/workers/register`, { method: "POST", dispatcher: anonymous, body: "{}", headers: { "content-type": "application/json" } });
    await expect(attempt).rejects.toThrow();
    await anonymous.close();
  });

  it("never lets another organization's worker touch the job", async () => {
    const foreign = new Agent({ connect: { cert: certFile("foreign-worker.crt"), key: certFile("foreign-worker.key"), ca: certFile("ca.crt") } });
    const post = (path: string, body: unknown = {}) => fetch(`${gatewayUrl}${path}`, { method: "POST", dispatcher: foreign, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    // Its organization does not exist on this platform: registration is refused.
    expect((await post("/v1/workers/register")).status).toBe(403);
    const [someJob] = (await ctx.call({ method: "GET", url: "/v1/engine/jobs", token })).json().jobs;
    expect((await post(`/v1/workers/jobs/${someJob.id}/complete`, { result: { best_fitness: 1, final_metrics: {} } })).status).toBe(401);
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
      payload: { smiles_source: "local:../certs/lab-worker.key", execution: "remote", population_size: 20, max_generations: 10 },
    });
    const job = await waitForJob(created.json().id);
    expect(job.status).toBe("failed");
    expect(job.error_message).toMatch(/outside this worker's data folder/);
    expect((await ctx.call({ method: "POST", url: `/v1/projects/${projectId}/runs/molecular`, token, payload: { smiles_source: "local:x.smi" } })).statusCode).toBe(422);
  });
});
