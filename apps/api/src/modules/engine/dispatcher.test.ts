import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { ComputePool } from "@sieve/compute/pool";
import { runEngineTask } from "@sieve/compute/engine-task";
import { EmbeddedDispatcher } from "./dispatcher";
import type { JobLifecycle } from "./lifecycle-store";
import type { EngineQueue } from "./queue";
import type { JobTypeRegistry } from "./job-types";

vi.mock("@sieve/compute/engine-task", () => ({ runEngineTask: vi.fn() }));

const POLL_MS = 1000;
const THREADS = 2;

/** A dispatcher over an in-memory queue whose claims take `claimMs` and whose tasks take `taskMs`. */
function dispatcherWith(jobIds: string[], { claimMs = 0, taskMs = 10 } = {}) {
  const waiting = [...jobIds];
  const stats = { takes: 0, running: 0, mostRunning: 0, completed: 0 };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  vi.mocked(runEngineTask).mockImplementation(async () => {
    stats.running++;
    stats.mostRunning = Math.max(stats.mostRunning, stats.running);
    await sleep(taskMs);
    stats.running--;
    return { outcome: "completed", output: {} } as never;
  });
  const queue = {
    take: async () => {
      stats.takes++;
      return waiting.shift() ?? null;
    },
  } as unknown as EngineQueue;
  const lifecycle = {
    claim: async (id: string) => {
      await sleep(claimMs);
      return { id, domain: "molecular" };
    },
    complete: async () => {
      stats.completed++;
    },
    fail: async () => undefined,
    heartbeat: async () => ({ stop: false }),
  } as unknown as JobLifecycle;
  const jobTypes = { prepare: async () => ({}), finish: async () => ({}) } as unknown as JobTypeRegistry;
  const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const dispatcher = new EmbeddedDispatcher({
    lifecycle,
    queue,
    pool: { size: THREADS } as ComputePool,
    jobTypes,
    workerId: "worker",
    log,
    pollMs: POLL_MS,
    heartbeatMs: 60_000,
  });
  return { dispatcher, stats };
}

describe("the embedded dispatcher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps one poll loop however many jobs it ran: one queue read per poll interval when idle, none after stop", async () => {
    const { dispatcher, stats } = dispatcherWith(Array.from({ length: 30 }, (_, i) => `job-${i}`));
    dispatcher.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stats.completed).toBe(30);

    const takesBefore = stats.takes;
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    // Before the fix every finished job left a poll timer of its own: 21 reads per second after 30 jobs.
    expect(stats.takes - takesBefore).toBeGreaterThanOrEqual(9);
    expect(stats.takes - takesBefore).toBeLessThanOrEqual(11);

    await dispatcher.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never runs more jobs at once than the pool has threads, even while claims are slow", async () => {
    const { dispatcher, stats } = dispatcherWith(
      Array.from({ length: 8 }, (_, i) => `job-${i}`),
      { claimMs: 50, taskMs: 100 },
    );
    dispatcher.start();
    for (let i = 0; i < 5; i++) dispatcher.wake();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(stats.completed).toBe(8);
    expect(stats.mostRunning).toBe(THREADS);
    await dispatcher.stop();
  });
});
