import type { RunStatus } from "@sieve/contracts";
import type { JobTransitions } from "../engine/transitions";
import { runStatusStore } from "./store";

/**
 * A run's status from its jobs' statuses: still going while any job is queued or running (and at
 * least one has started), then failed if any failed, cancelled if any was cancelled, else completed.
 */
export function runStatusOf(statuses: RunStatus[]): RunStatus {
  if (statuses.length === 0) return "queued";
  if (statuses.every((s) => s === "queued")) return "queued";
  if (statuses.some((s) => s === "queued" || s === "running")) return "running";
  if (statuses.includes("failed")) return "failed";
  if (statuses.includes("cancelled")) return "cancelled";
  return "completed";
}

/**
 * Runs own their status: on every transition of a job of a run, the run's status becomes the one
 * of all its jobs (one, or the shards of a run split over remote workers), in the same transaction.
 */
export function mirrorJobTransitions(transitions: JobTransitions): void {
  transitions.subscribe(async (tx, job) => {
    if (!job.runId) return;
    const store = runStatusStore(tx);
    await store.setStatus(job.runId, runStatusOf(await store.jobStatuses(job.runId)));
  });
}
