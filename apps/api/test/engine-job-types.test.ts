import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { EngineJobResult, JobPayloadError, JobTypeRegistry } from "../src/modules/engine/job-types";
import type { EngineJobRow } from "../src/modules/engine/store";
import { createTestContext, type TestContext } from "./context";

/**
 * Every engine job type checks its stored input before the job is prepared, and its result before
 * the job completes: a payload that does not match fails the job, saying which field is wrong,
 * instead of a handler tripping over it somewhere inside.
 */
let ctx: TestContext;
let token: string;
let orgId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.signup();
  token = account.token;
  orgId = account.user.org_id;
});
afterAll(async () => ctx?.close());

async function finishedJob(id: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${id}`, token })).json();
    if (job.status !== "queued" && job.status !== "running") return job;
    await new Promise((resume) => setTimeout(resume, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe("engine job types", () => {
  it("fails an embedded job whose stored input is not of its type, naming the field", async () => {
    const job = await ctx.app.engine.submit({
      orgId,
      domain: "vhts",
      execution: "embedded",
      // A workflow job without its run config, and a user id that is not a number.
      input: { run_id: "00000000-0000-4000-8000-000000000000", workflow: "vhts", user_id: "someone" },
    });
    const failed = await finishedJob(job.id);
    expect(failed.status).toBe("failed");
    expect(failed.error_message).toMatch(/^The vhts job's input does not match its type: /);
    expect(failed.error_message).toContain("config:");
    expect(failed.error_message).toContain("user_id:");
  });

  it("refuses a result that is not of the job's type, before the job completes", async () => {
    const registry = new JobTypeRegistry().add({
      domain: "figures",
      input: z.object({ count: z.number() }),
      result: EngineJobResult,
      handler: {
        prepare: async (_job, input) => input,
        finish: async (_job, output) => ({ best_fitness: output, final_metrics: {} }),
      },
    });
    const job = { id: "job", domain: "figures", input: { count: 3 } } as EngineJobRow;
    await expect(registry.finish(job, 0.5)).resolves.toEqual({ best_fitness: 0.5, final_metrics: {} });
    const refused = registry.finish(job, "high");
    await expect(refused).rejects.toBeInstanceOf(JobPayloadError);
    await expect(refused).rejects.toThrow(/^The figures job's result does not match its type: best_fitness: /);
  });

  it("hands a handler the input its schema parsed, and leaves a domain without a type alone", async () => {
    const registry = new JobTypeRegistry().add({
      domain: "figures",
      input: z.object({ count: z.number() }),
      result: EngineJobResult,
      handler: { prepare: async (_job, input) => input.count * 2, finish: async (_job, output) => output },
    });
    const job = (domain: string, input: unknown) => ({ id: "job", domain, input }) as EngineJobRow;
    expect(await registry.prepare(job("figures", { count: 3 }))).toBe(6);
    await expect(registry.prepare(job("figures", { count: "3" }))).rejects.toThrow(
      /input does not match its type: count:/,
    );
    expect(await registry.prepare(job("unknown", { any: 1 }))).toEqual({ any: 1 });
  });
});
