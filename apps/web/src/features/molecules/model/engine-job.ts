import { TERMINAL_STATUSES, type EngineJob } from "@sieve/contracts";

/**
 * The engine contract keeps `progress` and `final_metrics` open (records of unknown), because each
 * domain fills them differently; these readers take out the molecular GA's fields and ignore the rest.
 */

export interface GenerationProgress {
  generation: number;
  maxGenerations: number | null;
  best: number | null;
}

export interface BestMolecule {
  smiles: string;
  fitness: number;
  properties: { logp?: number; molecular_weight?: number; tpsa?: number; qed?: number; sa_score?: number };
  /** Med-chem verdict (issue #24); null for runs made before the filters existed. */
  acceptability: { passes: boolean; failed: string[] } | null;
}

export interface FinalMetrics {
  topTenMean: number | null;
  diversity: number | null;
  oracleCalls: number | null;
  generations: number | null;
  validityRate: number | null;
  uniquenessRate: number | null;
  wallTimeSeconds: number | null;
  stopReason: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** §4: a job without a status is `unknown` and, like running and queued ones, can be cancelled. */
export function isCancellable(status: string | null | undefined): boolean {
  return !status || status === "queued" || status === "running";
}

export function isFinished(status: string | null | undefined): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status ?? "");
}

export function readProgress(progress: unknown): GenerationProgress | null {
  if (!isRecord(progress)) return null;
  const generation = num(progress.generation);
  return generation === null
    ? null
    : { generation, maxGenerations: num(progress.max_generations), best: num(progress.best) };
}

export function readBestMolecules(job: Pick<EngineJob, "result">): BestMolecule[] {
  const molecules = job.result?.final_metrics.best_molecules;
  if (!Array.isArray(molecules)) return [];
  return molecules.flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.smiles !== "string") return [];
    const properties = isRecord(entry.properties) ? entry.properties : {};
    const property = (key: string) => num(properties[key]) ?? undefined;
    const verdict = isRecord(entry.acceptability) ? entry.acceptability : null;
    return [
      {
        smiles: entry.smiles,
        fitness: num(entry.fitness) ?? Number.NaN,
        properties: {
          logp: property("logp"),
          molecular_weight: property("molecular_weight"),
          tpsa: property("tpsa"),
          qed: property("qed"),
          sa_score: property("sa_score"),
        },
        acceptability:
          verdict && typeof verdict.passes === "boolean"
            ? {
                passes: verdict.passes,
                failed: Array.isArray(verdict.failed)
                  ? verdict.failed.filter((f): f is string => typeof f === "string")
                  : [],
              }
            : null,
      },
    ];
  });
}

export function readFinalMetrics(job: Pick<EngineJob, "result">): FinalMetrics | null {
  const metrics = job.result?.final_metrics;
  if (!metrics) return null;
  return {
    topTenMean: num(metrics.top10_mean_fitness),
    diversity: num(metrics.internal_diversity),
    oracleCalls: num(metrics.oracle_calls),
    generations: num(metrics.generations),
    validityRate: num(metrics.validity_rate),
    uniquenessRate: num(metrics.uniqueness_rate),
    wallTimeSeconds: num(metrics.wall_time_s),
    stopReason: typeof metrics.stop_reason === "string" ? metrics.stop_reason : null,
  };
}
