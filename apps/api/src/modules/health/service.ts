import type { Health } from "@sieve/contracts";
import type { DatabaseHandle } from "@sieve/db";
import type { EngineRuntime } from "../engine/runtime";
import { oracleStatus } from "../workflows/oracle-status";

/** The instance's health: its database answers, how many workers can take jobs, which oracles it can run. */
export function healthService(database: DatabaseHandle, engine: Pick<EngineRuntime, "liveWorkers">, version: string) {
  return {
    async check(): Promise<Health> {
      const base = { db: database.kind, version };
      try {
        await database.ping();
        return { status: "ok", ...base, workers: await engine.liveWorkers(), oracles: await oracleStatus() };
      } catch {
        return { status: "error", ...base, error: "database unavailable", code: "db_unavailable" };
      }
    },
  };
}
