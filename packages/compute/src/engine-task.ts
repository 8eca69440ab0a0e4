import { TaskCancelledError, type ComputePool } from "./pool";
import type { TaskType } from "./tasks";

/** Which compute task runs each engine domain. */
export const ENGINE_DOMAIN_TASKS: Record<string, TaskType> = {
  molecular: "engine.molecular",
  targets: "engine.targets",
  vhts: "engine.vhts",
  lead_opt: "engine.lead_opt",
  custom: "engine.lead_opt",
  oracle_dock: "engine.oracle_dock",
  oracle_md: "engine.oracle_md",
};

export interface CurvePoint {
  name: string;
  x: number;
  y: number;
}

/** What an engine task reports while it runs. */
export interface EngineProgress {
  progress?: Record<string, unknown>;
  points?: CurvePoint[];
}

export type EngineTaskOutcome =
  { outcome: "completed"; output: unknown } | { outcome: "cancelled" } | { outcome: "failed"; error: string };

/**
 * Runs one engine job's task on the compute threads at batch priority, heart-beating every
 * `heartbeatMs` with the progress and curve points gathered since the last beat. The heart-beat's
 * answer can stop the task (cancelled, or ownership lost). Used by the embedded worker and by
 * remote workers alike, so both behave the same.
 */
const LAST_BEAT_ATTEMPTS = 3;

export async function runEngineTask(
  pool: ComputePool,
  domain: string,
  input: unknown,
  options: {
    heartbeatMs: number;
    heartbeat(progress: Record<string, unknown> | undefined, points: CurvePoint[]): Promise<{ stop: boolean }>;
    onHeartbeatError?(error: unknown): void;
  },
): Promise<EngineTaskOutcome> {
  const taskType = ENGINE_DOMAIN_TASKS[domain];
  if (!taskType) return { outcome: "failed", error: `No executor for the engine domain "${domain}"` };
  const controller = new AbortController();
  let pending: { progress?: Record<string, unknown>; points: CurvePoint[] } = { points: [] };
  // A batch whose heart-beat got no answer goes back in front of the next one: the platform stores a
  // point once however often it is sent, so resending is safe and nothing is lost to a failed beat.
  const flush = async () => {
    const batch = pending;
    pending = { points: [] };
    let answer: { stop: boolean };
    try {
      answer = await options.heartbeat(batch.progress, batch.points);
    } catch (error) {
      pending = { progress: pending.progress ?? batch.progress, points: [...batch.points, ...pending.points] };
      throw error;
    }
    if (answer.stop) controller.abort();
  };
  // The last beat carries the last points: tried a few times, and a beat that never gets through does
  // not turn a finished task into a failed one.
  const lastFlush = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await flush();
        return;
      } catch (error) {
        options.onHeartbeatError?.(error);
        if (attempt >= LAST_BEAT_ATTEMPTS) return;
        await new Promise((resume) => setTimeout(resume, options.heartbeatMs));
      }
    }
  };
  const timer = setInterval(
    () => void flush().catch((error) => options.onHeartbeatError?.(error)),
    options.heartbeatMs,
  );
  try {
    const output = await pool.run(taskType, input as never, {
      priority: "batch",
      signal: controller.signal,
      onProgress: (event) => {
        const { progress, points = [] } = event as EngineProgress;
        if (progress) pending.progress = progress;
        pending.points.push(...points);
      },
    });
    clearInterval(timer);
    await lastFlush();
    return { outcome: "completed", output };
  } catch (error) {
    clearInterval(timer);
    await lastFlush();
    if (error instanceof TaskCancelledError) return { outcome: "cancelled" };
    return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
