import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@sieve/db";
import { createTestContext, type TestContext } from "./context";

/**
 * The job lifecycle without any executor: the embedded worker is off, and the test plays the
 * worker through the same transitions a real one uses (claim, heart-beat, complete, reap).
 */
let ctx: TestContext;
let token: string;
let orgId: number;
let workerId: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext({ engine: { embedded: false } });
  const account = await ctx.signup();
  token = account.token;
  orgId = account.user.org_id;
  projectId = (
    await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "Engine project", ruo_ack: true } })
  ).json().id;
  const [worker] = await ctx.database.db
    .insert(schema.workers)
    .values({ kind: "remote", name: "test worker", orgId })
    .returning();
  workerId = worker!.id;
});
afterAll(async () => ctx?.close());

async function submitJob(execution: "embedded" | "remote" = "embedded") {
  const [run] = await ctx.database.db
    .insert(schema.runs)
    .values({ orgId, projectId, status: "queued", workflow: "molecular_optimization", config: {}, createdBy: 1 })
    .returning();
  const job = await ctx.app.engine.submit({
    orgId,
    projectId,
    runId: run!.id,
    domain: "molecular",
    execution,
    input: { smiles: ["CCO"] },
  });
  return { job, runId: run!.id };
}

const getJob = async (id: string) => (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${id}`, token })).json();
const getRun = async (id: string) => (await ctx.call({ method: "GET", url: `/v1/runs/${id}`, token })).json();

describe("engine job lifecycle", () => {
  it("goes queued → running → completed, with the run mirroring each status and curves kept", async () => {
    const { job, runId } = await submitJob();
    expect(await getJob(job.id)).toMatchObject({
      status: "queued",
      domain: "molecular",
      run_id: runId,
      project_id: projectId,
      started_at: null,
    });
    expect(await ctx.app.engine.take("engine-embedded")).toBe(job.id);

    const claimed = await ctx.app.engine.lifecycle.claim(job.id, workerId);
    expect(claimed?.status).toBe("running");
    expect(await ctx.app.engine.lifecycle.claim(job.id, workerId)).toBeNull();
    expect((await getRun(runId)).status).toBe("running");

    const beat = await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, { generation: 1 }, [
      { name: "best", x: 1, y: 0.5 },
      { name: "mean", x: 1, y: 0.3 },
      { name: "best", x: 2, y: 0.6 },
    ]);
    expect(beat.stop).toBe(false);
    expect((await getJob(job.id)).progress).toEqual({ generation: 1 });
    const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${runId}/curves`, token })).json();
    expect(curves).toEqual({
      curves: [
        {
          name: "best",
          points: [
            { x: 1, y: 0.5 },
            { x: 2, y: 0.6 },
          ],
        },
        { name: "mean", points: [{ x: 1, y: 0.3 }] },
      ],
    });

    expect(
      await ctx.app.engine.lifecycle.complete(job.id, workerId, {
        best_fitness: 0.9,
        final_metrics: { oracle_calls: 100 },
      }),
    ).toBe(true);
    const done = await getJob(job.id);
    expect(done).toMatchObject({
      status: "completed",
      result: { best_fitness: 0.9, final_metrics: { oracle_calls: 100 } },
      attempts: 1,
    });
    expect(done.completed_at).not.toBeNull();
    expect((await getRun(runId)).status).toBe("completed");
  });

  it("cancels a queued job so it never starts, and refuses to cancel a finished one (409)", async () => {
    const { job, runId } = await submitJob();
    const cancel = await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${job.id}`, token });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ id: job.id, status: "cancelled" });
    expect((await getRun(runId)).status).toBe("cancelled");
    expect(await ctx.app.engine.lifecycle.claim(job.id, workerId)).toBeNull();
    const again = await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${job.id}`, token });
    expect(again.statusCode).toBe(409);
  });

  it("tells the worker of a running job to stop on its next heart-beat and keeps its partial curves", async () => {
    const { job, runId } = await submitJob();
    await ctx.app.engine.lifecycle.claim(job.id, workerId);
    await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, undefined, [{ name: "best", x: 1, y: 0.2 }]);
    expect((await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${job.id}`, token })).statusCode).toBe(200);
    const beat = await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, undefined, [
      { name: "best", x: 2, y: 0.25 },
    ]);
    expect(beat.stop).toBe(true);
    // A late completion must not resurrect it.
    expect(await ctx.app.engine.lifecycle.complete(job.id, workerId, { best_fitness: 1, final_metrics: {} })).toBe(
      false,
    );
    expect((await getJob(job.id)).status).toBe("cancelled");
    const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${runId}/curves`, token })).json().curves;
    expect(curves[0].points).toEqual([
      { x: 1, y: 0.2 },
      { x: 2, y: 0.25 },
    ]);
  });

  it("requeues a job whose worker stopped heart-beating, and fails it after three attempts", async () => {
    const { job, runId } = await submitJob();
    const age = async () =>
      ctx.database.db
        .update(schema.engineJobs)
        .set({ heartbeatAt: new Date(Date.now() - 60_000) })
        .where(eq(schema.engineJobs.id, job.id));
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await ctx.app.engine.lifecycle.claim(job.id, workerId), `attempt ${attempt}`).not.toBeNull();
      await age();
      await ctx.app.engine.reap(30);
      const state = await getJob(job.id);
      if (attempt < 3) {
        expect(state).toMatchObject({ status: "queued", attempts: attempt });
        expect((await getRun(runId)).status).toBe("queued");
      } else {
        expect(state.status).toBe("failed");
        expect(state.error_message).toMatch(/stopped heart-beating for 30 s on each of 3 attempts/);
        expect((await getRun(runId)).status).toBe("failed");
      }
    }
    // Delivered once when submitted, and again through the queue after each of the two requeues.
    const delivered: string[] = [];
    for (let id = await ctx.app.engine.take("engine-embedded"); id; id = await ctx.app.engine.take("engine-embedded"))
      delivered.push(id);
    expect(delivered.filter((id) => id === job.id)).toHaveLength(3);
  });

  it("stores a curve batch sent twice once, and keeps only the latest attempt's curves after a retry", async () => {
    const { job, runId } = await submitJob();
    const curves = async () =>
      (await ctx.call({ method: "GET", url: `/v1/runs/${runId}/curves`, token })).json().curves as {
        name: string;
        points: { x: number; y: number }[];
      }[];
    const batch = (from: number, to: number, y: number) =>
      Array.from({ length: to - from }, (_, i) => ({ name: "best_fitness", x: from + i, y }));
    expect(await ctx.app.engine.lifecycle.claim(job.id, workerId)).not.toBeNull();
    await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, undefined, batch(0, 5, 0.1));
    // The worker lost the answer and sends the batch again with the next one.
    await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, undefined, [...batch(0, 5, 0.1), ...batch(5, 8, 0.1)]);
    expect((await curves())[0]!.points.map((p) => p.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The worker dies; the job is retried from the start and reports its own points.
    await ctx.database.db
      .update(schema.engineJobs)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.engineJobs.id, job.id));
    await ctx.app.engine.reap(30);
    expect(await ctx.app.engine.lifecycle.claim(job.id, workerId)).not.toBeNull();
    await ctx.app.engine.lifecycle.heartbeat(job.id, workerId, undefined, batch(0, 3, 0.2));
    const retried = await curves();
    expect(retried).toHaveLength(1);
    expect(retried[0]!.points).toEqual([
      { x: 0, y: 0.2 },
      { x: 1, y: 0.2 },
      { x: 2, y: 0.2 },
    ]);
  });

  it("leaves a job with a fresh heart-beat alone", async () => {
    const { job } = await submitJob();
    await ctx.app.engine.lifecycle.claim(job.id, workerId);
    await ctx.app.engine.reap(30);
    expect((await getJob(job.id)).status).toBe("running");
  });

  it("sends again a queued job whose delivery was lost, and no other", async () => {
    const { engine } = ctx.app;
    const drain = async () => {
      const ids: string[] = [];
      for (let id = await engine.take("engine-embedded"); id; id = await engine.take("engine-embedded")) ids.push(id);
      return ids;
    };
    await drain();
    const values = { orgId, projectId, domain: "molecular", execution: "embedded", input: { smiles: ["CCO"] } };
    // A process died between creating the job and sending it: pg-boss never heard of it.
    const unsent = await engine.lifecycle.create(values);
    // A process died between taking the delivery (acknowledged at once) and claiming the job.
    const { job: taken } = await submitJob();
    expect(await drain()).toEqual([taken.id]);
    // Waiting for a worker with its delivery in place: not sent twice.
    const { job: waiting } = await submitJob();
    await ctx.database.db
      .update(schema.engineJobs)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(inArray(schema.engineJobs.id, [unsent.id, taken.id, waiting.id]));
    // Just created, its send may still be under way: left alone until it is older than the timeout.
    const fresh = await engine.lifecycle.create(values);

    await engine.reap(30);
    const delivered = await drain();
    expect([...delivered].sort()).toEqual([unsent.id, taken.id, waiting.id].sort());
    for (const id of delivered) expect((await engine.lifecycle.claim(id, workerId))?.status, id).toBe("running");
    // Once claimed, nothing is sent again.
    await engine.reap(30);
    expect(await drain()).toEqual([]);
    expect((await getJob(fresh.id)).status).toBe("queued");
  });

  it("creates an organization's remote queue once when its first job and a worker's poll arrive together", async () => {
    // Seen on PostgreSQL: two createQueue calls raced and the loser's duplicate-key error became a 500.
    const queue = `engine-remote-org-${orgId}`;
    const results = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => ctx.app.engine.take(queue)),
      ...Array.from({ length: 4 }, async () => {
        const { job } = await submitJob("remote");
        return job.id;
      }),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
  });

  it("lists jobs newest first with status and domain filters", async () => {
    const all = (await ctx.call({ method: "GET", url: "/v1/engine/jobs?limit=100", token })).json().jobs;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const created = all.map((j: { created_at: string }) => j.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const cancelled = (await ctx.call({ method: "GET", url: "/v1/engine/jobs?status=cancelled", token })).json().jobs;
    expect(cancelled.length).toBeGreaterThanOrEqual(2);
    expect(cancelled.every((j: { status: string }) => j.status === "cancelled")).toBe(true);
    expect((await ctx.call({ method: "GET", url: "/v1/engine/jobs?domain=targets", token })).json().jobs).toEqual([]);
    expect((await ctx.call({ method: "GET", url: "/v1/engine/jobs?status=weird", token })).statusCode).toBe(422);
  });

  it("hides another organization's jobs (404 on read and cancel, absent from lists)", async () => {
    const { job } = await submitJob();
    const other = await ctx.signup();
    expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${job.id}`, token: other.token })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${job.id}`, token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${job.id}/events`, token: other.token })).statusCode,
    ).toBe(404);
    expect((await ctx.call({ method: "GET", url: "/v1/engine/jobs", token: other.token })).json().jobs).toEqual([]);
    expect((await getJob(job.id)).status).toBe("queued");
  });

  it("reports no embedded workers in /health when the embedded worker is off", async () => {
    expect((await ctx.call({ method: "GET", url: "/health" })).json().workers).toEqual({ embedded: 0, remote: 1 });
  });
});
