import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { createTestContext, type TestContext } from "./context";

let ctx: TestContext;
let token: string;
let projectId: number;
const STARTING_SMILES = [
  "CC(=O)Oc1ccccc1C(=O)O",
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
  "CN1C=NC2=C1C(=O)N(C(=O)N2C)C",
  "c1ccc2ccccc2c1",
  "OC(=O)c1ccccc1O",
];

/** Longer than any test here: every job must start because it was submitted, not because a poll came round. */
const POLL_MS = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ engine: { pollMs: POLL_MS } });
  token = (await ctx.signup()).token;
  projectId = (
    await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "Optimization", ruo_ack: true } })
  ).json().id;
});
afterAll(async () => ctx?.close());

const startRun = (payload: Record<string, unknown>) =>
  ctx.call({ method: "POST", url: `/v1/projects/${projectId}/runs/molecular`, token, payload });

async function waitFor(
  jobId: string,
  done: (job: { status: string; progress: Record<string, number> | null }) => boolean,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token })).json();
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("molecular optimization runs", () => {
  it("validates the request with the spec's messages", async () => {
    const empty = await startRun({ smiles: ["  ", ""] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toContain("Please provide at least one SMILES string to optimize");
    const invalid = await startRun({ smiles: ["CCO", "C1CC"] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail.fields[0].path).toBe("smiles.1");
    for (const [field, value] of [
      ["dimension", 51],
      ["max_generations", 9],
      ["population_size", 201],
    ] as const) {
      expect((await startRun({ smiles: ["CCO"], [field]: value })).statusCode, field).toBe(422);
    }
    expect((await startRun({ smiles: ["CCO"], target_properties: { qed: 1.2 } })).statusCode).toBe(422);
    for (const acceptability of [{ max_sa_score: 0.5 }, { max_sa_score: 11 }, { filters: "yes" }]) {
      const refused = await startRun({ smiles: ["CCO"], acceptability });
      expect(refused.statusCode, JSON.stringify(acceptability)).toBe(422);
      expect(refused.json().detail.fields[0].path).toBe(`acceptability.${Object.keys(acceptability)[0]}`);
    }
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/projects/999999/runs/molecular",
          token,
          payload: { smiles: ["CCO"] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows the med-chem acceptability defaults in the OpenAPI document (filters on, SA score at most 4)", async () => {
    const document = (await ctx.call({ method: "GET", url: "/docs/json" })).json();
    const body = document.paths["/v1/projects/{id}/runs/molecular"].post.requestBody.content["application/json"].schema;
    const acceptability = body.properties.acceptability;
    expect(acceptability.properties.filters.default).toBe(true);
    expect(acceptability.properties.max_sa_score.default).toBe(4);
    expect(acceptability.properties.filters.description).toMatch(/PAINS A\/B\/C and Brenk/);
    expect(body.properties.dimension.description).toMatch(/descriptor embedding/);
  });

  it("starts a job as soon as it is submitted, without waiting for the embedded worker's next poll", async () => {
    const created = await startRun({ smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 3 });
    expect(created.statusCode).toBe(201);
    const job = await waitFor(created.json().id, (j) => j.status !== "queued", 30_000);
    expect(["running", "completed"]).toContain(job.status);
  });

  it("runs the GA as an engine job: curves, best molecules and metrics, with the run mirroring the job", async () => {
    const created = await startRun({ smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 7 });
    expect(created.statusCode).toBe(201);
    const { id, run_id, status } = created.json();
    expect(status).toBe("queued");
    const job = await waitFor(id, (j) => j.status === "completed");
    expect(job.domain).toBe("molecular");
    const metrics = job.result.final_metrics;
    expect(metrics.oracle_calls).toBeLessThanOrEqual(20 * 11);
    expect(metrics.best_molecules.length).toBeGreaterThan(0);
    expect(metrics.best_molecules[0]).toMatchObject({
      smiles: expect.any(String),
      fitness: job.result.best_fitness,
      properties: { qed: expect.any(Number), logp: expect.any(Number) },
    });
    // Med-chem acceptability is on by default (issue #24): every listed molecule says what it fails and its SA score.
    for (const molecule of metrics.best_molecules) {
      expect(molecule.acceptability, molecule.smiles).toMatchObject({ passes: expect.any(Boolean) });
      expect(molecule.acceptability.passes, molecule.smiles).toBe(molecule.acceptability.failed.length === 0);
      expect(molecule.properties.sa_score, molecule.smiles).toBeGreaterThanOrEqual(1);
    }
    expect(metrics.best_molecules[0].acceptability).toEqual({ passes: true, failed: [] });
    expect(metrics.validity_rate).toBeGreaterThan(0);
    expect(job.result.best_fitness).toBeGreaterThan(0);
    expect(job.result.best_fitness).toBeLessThanOrEqual(1);

    const run = (await ctx.call({ method: "GET", url: `/v1/runs/${run_id}`, token })).json();
    expect(run).toMatchObject({ status: "completed", workflow: "molecular_optimization" });
    expect(run.config.acceptability).toEqual({ filters: true, max_sa_score: 4 });
    const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${run_id}/curves`, token })).json().curves;
    expect(curves.map((c: { name: string }) => c.name)).toEqual(["best", "mean", "top10_mean", "diversity"]);
    const best = curves[0].points.map((p: { y: number }) => p.y);
    // Generation 0 is the scored starting population.
    expect(curves[0].points.map((p: { x: number }) => p.x)).toEqual(
      Array.from({ length: metrics.generations + 1 }, (_, i) => i),
    );
    for (let i = 1; i < best.length; i++) expect(best[i]).toBeGreaterThanOrEqual(best[i - 1]);
  });

  it("screens offspring with the surrogate when asked: shown in OpenAPI and the run's config, more children per call", async () => {
    const document = (await ctx.call({ method: "GET", url: "/docs/json" })).json();
    const surrogate =
      document.paths["/v1/projects/{id}/runs/molecular"].post.requestBody.content["application/json"].schema.properties
        .surrogate;
    expect(surrogate.properties.oversample.default).toBe(3);
    expect(surrogate.properties.neighbours.default).toBe(10);
    expect(surrogate.properties.enabled.description).toMatch(/k-nearest-neighbour/);
    for (const bad of [{ oversample: 1 }, { neighbours: 0 }, { enabled: "yes" }])
      expect((await startRun({ smiles: ["CCO"], surrogate: bad })).statusCode, JSON.stringify(bad)).toBe(422);

    const settings = { smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 7 };
    const [plain, screened] = await Promise.all([
      startRun({ ...settings, surrogate: { enabled: false } }),
      startRun({ ...settings, surrogate: { enabled: true } }),
    ]);
    const metricsOf = async (created: typeof plain) =>
      (await waitFor(created.json().id, (j) => j.status === "completed")).result.final_metrics;
    const [without, withSurrogate] = [await metricsOf(plain), await metricsOf(screened)];
    // The same budget of evaluations per generation, three children made for each one scored.
    expect(withSurrogate.children_attempted).toBeGreaterThan(2 * without.children_attempted);
    const run = (await ctx.call({ method: "GET", url: `/v1/runs/${screened.json().run_id}`, token })).json();
    expect(run.config.surrogate).toEqual({ enabled: true, oversample: 3, neighbours: 10 });
  });

  it("gives the same molecules, curves and result for the same seed and inputs", async () => {
    const payload = { smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 11, dimension: 5 };
    const [a, b] = [(await startRun(payload)).json(), (await startRun(payload)).json()];
    const [jobA, jobB] = [
      await waitFor(a.id, (j) => j.status === "completed"),
      await waitFor(b.id, (j) => j.status === "completed"),
    ];
    const strip = ({ wall_time_s: _wall, ...rest }: Record<string, unknown>) => rest;
    expect(strip(jobA.result.final_metrics)).toEqual(strip(jobB.result.final_metrics));
    const curvesOf = async (runId: string) =>
      (await ctx.call({ method: "GET", url: `/v1/runs/${runId}/curves`, token })).json();
    expect(await curvesOf(a.run_id)).toEqual(await curvesOf(b.run_id));
  });

  it("stops a running job within 2 s of a cancel and keeps its partial curves", async () => {
    const { id, run_id } = (
      await startRun({ smiles: STARTING_SMILES, population_size: 200, max_generations: 200, seed: 3 })
    ).json();
    await waitFor(id, (j) => j.status === "running" && (j.progress?.generation ?? 0) >= 2);
    const cancel = await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${id}`, token });
    expect(cancel.json()).toEqual({ id, status: "cancelled" });
    const cancelledAt = Date.now();
    // The worker has stopped when no more curve points arrive.
    let points = -1;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${run_id}/curves`, token })).json().curves;
      const count = curves.reduce((n: number, c: { points: unknown[] }) => n + c.points.length, 0);
      if (count === points) break;
      points = count;
      expect(Date.now() - cancelledAt).toBeLessThan(5000);
    }
    expect(points).toBeGreaterThan(0);
    expect(Date.now() - cancelledAt - 1000).toBeLessThan(2000);
    expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${id}`, token })).json().status).toBe("cancelled");
    expect((await ctx.call({ method: "GET", url: `/v1/runs/${run_id}`, token })).json().status).toBe("cancelled");
  });

  it("streams status, progress and curve points as Server-Sent Events until the end", async () => {
    const { id } = (
      await startRun({ smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 5 })
    ).json();
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/v1/engine/jobs/${id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await response.text();
    const events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events[0]).toBe("status");
    expect(events).toContain("curve");
    expect(events.at(-1)).toBe("end");
    const end = JSON.parse(
      text
        .trim()
        .split("\n")
        .at(-1)!
        .replace(/^data: /, ""),
    );
    expect(end.status).toBe("completed");
  });

  it("lists only molecular jobs when asked, and counts runs as analyses", async () => {
    const jobs = (await ctx.call({ method: "GET", url: "/v1/engine/jobs?domain=molecular&limit=100", token })).json()
      .jobs;
    expect(jobs.length).toBeGreaterThanOrEqual(5);
    const counts = (await ctx.call({ method: "GET", url: "/v1/dashboard/counts", token })).json();
    expect(counts.analyses).toBe(jobs.length);
  });
});
