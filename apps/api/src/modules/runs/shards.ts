import type { EngineJob } from "@sieve/contracts";
import { rankEvaluated, type EvaluatedCompound } from "@sieve/workflows";
import type { VhtsTaskOutput } from "@sieve/compute/workflows";
import { runStatusOf } from "./status";
import type { engineJobsStore } from "../engine/store";

type VhtsMetrics = VhtsTaskOutput & Record<string, unknown>;

/** The job a run is seen as everywhere (run page, reports, manifest, dossier): its one job, or its shards merged. */
export async function jobOfRun(jobs: ReturnType<typeof engineJobsStore>, runId: string): Promise<EngineJob | null> {
  return mergeShards(await jobs.forRun(runId));
}

/**
 * A run split over several workers seen as one job: its status from all shards, progress summed, and —
 * once every shard has completed — one result with all hits ranked together and the counts added up.
 * The id is the first shard's; cancelling it cancels every shard of the run.
 */
export function mergeShards(shards: EngineJob[]): EngineJob | null {
  if (shards.length <= 1) return shards[0] ?? null;
  const [first] = shards as [EngineJob, ...EngineJob[]];
  const status = runStatusOf(shards.map((s) => s.status));
  const progress = sumProgress(shards.map((s) => s.progress));
  const completed = shards.every((s) => s.status === "completed" && s.result);
  const startedAt = shards.flatMap((s) => (s.started_at ? [s.started_at] : [])).sort()[0] ?? null;
  const finished = shards.every((s) => s.completed_at)
    ? shards
        .map((s) => s.completed_at!)
        .sort()
        .at(-1)!
    : null;
  return {
    ...first,
    status,
    started_at: startedAt,
    completed_at: finished,
    progress: {
      ...progress,
      shards: shards.length,
      shards_done: shards.filter((s) => s.status === "completed").length,
    },
    result: completed ? mergeResults(shards.map((s) => s.result!.final_metrics as VhtsMetrics)) : null,
    error_message:
      shards.flatMap((s, i) => (s.error_message ? [`shard ${i + 1}: ${s.error_message}`] : [])).join("; ") || null,
  };
}

function sumProgress(parts: (Record<string, unknown> | null)[]): Record<string, unknown> {
  const numbers = (key: string) => parts.flatMap((p) => (typeof p?.[key] === "number" ? [p[key] as number] : []));
  const total = (key: string) => (numbers(key).length ? numbers(key).reduce((a, b) => a + b, 0) : null);
  const fitness = numbers("best_fitness");
  const affinity = numbers("best_affinity");
  return {
    evaluated: total("evaluated"),
    max_evaluations: total("max_evaluations"),
    candidates: total("candidates"),
    best_fitness: fitness.length ? Math.max(...fitness) : null,
    best_affinity: affinity.length ? Math.min(...affinity) : null,
  };
}

function mergeResults(parts: VhtsMetrics[]): EngineJob["result"] {
  const [first] = parts as [VhtsMetrics, ...VhtsMetrics[]];
  const hits = rankEvaluated(parts.flatMap((p) => p.hits as EvaluatedCompound[]));
  const counts = Object.fromEntries(
    Object.keys(first.counts).map((key) => [
      key,
      parts.reduce((sum, p) => sum + Number((p.counts as Record<string, number>)[key] ?? 0), 0),
    ]),
  );
  const stopReasons = [...new Set(parts.map((p) => p.stop_reason))];
  return {
    best_fitness: hits[0]?.fitness ?? null,
    final_metrics: {
      ...first,
      hits,
      counts,
      invalid: parts.flatMap((p) => p.invalid),
      filtered: parts.flatMap((p) => p.filtered),
      failed: parts.flatMap((p) => p.failed ?? []),
      stop_reason: stopReasons.length === 1 ? stopReasons[0]! : stopReasons.join(", "),
      elapsed_s: Math.max(...parts.map((p) => p.elapsed_s)),
      shards: parts.length,
    },
  };
}
