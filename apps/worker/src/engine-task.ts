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
  const flush = async () => {
    const batch = pending;
    pending = { points: [] };
    const { stop } = await options.heartbeat(batch.progress, batch.points);
    if (stop) controller.abort();
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
    await flush();
    return { outcome: "completed", output };
  } catch (error) {
    clearInterval(timer);
    await flush().catch((flushError) => options.onHeartbeatError?.(flushError));
    if (error instanceof TaskCancelledError) return { outcome: "cancelled" };
    return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
