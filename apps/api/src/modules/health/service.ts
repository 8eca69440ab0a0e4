import type { Health } from "@sieve/contracts";
import type { DatabaseHandle } from "@sieve/db";
import type { EngineRuntime } from "../engine/runtime";
import { oracleStatus } from "../workflows/oracle-status";

type Workers = Awaited<ReturnType<EngineRuntime["liveWorkers"]>>;

/**
 * How long /health waits for a fresh worker count before it answers with the last one, if that is at most
 * LAST_WORKERS_MAX_AGE_MS old. On PGlite the count queues behind whatever transaction runs (a long ingest's, say),
 * and a probe must not wait for that; workers register and expire over tens of seconds.
 */
const FRESH_WORKERS_WAIT_MS = 100;
const LAST_WORKERS_MAX_AGE_MS = 5000;

/** The instance's health: its database answers, how many workers can take jobs, which oracles it can run. */
export function healthService(database: DatabaseHandle, engine: Pick<EngineRuntime, "liveWorkers">, version: string) {
  let last: { workers: Workers; at: number } | null = null;
  const liveWorkers = async (): Promise<Workers> => {
    const fresh = engine.liveWorkers().then((workers) => {
      last = { workers, at: performance.now() };
      return workers;
    });
    if (!last || performance.now() - last.at > LAST_WORKERS_MAX_AGE_MS) return fresh;
    const previous = last.workers;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<Workers>(
      (answer) => (timer = setTimeout(() => answer(previous), FRESH_WORKERS_WAIT_MS)),
    );
    try {
      return await Promise.race([fresh, waited]);
    } finally {
      clearTimeout(timer);
      fresh.catch(() => undefined);
    }
  };
  return {
    async check(): Promise<Health> {
      const base = { db: database.kind, version };
      try {
        await database.ping();
        return { status: "ok", ...base, workers: await liveWorkers(), oracles: await oracleStatus() };
      } catch {
        return { status: "error", ...base, error: "database unavailable", code: "db_unavailable" };
      }
    },
  };
}
