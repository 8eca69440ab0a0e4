import type { WorkflowHit } from "@sieve/contracts";

/** What the run page reads from a workflow job's `final_metrics`, tolerant of older or partial results. */
export interface WorkflowResult {
  workflow: string;
  hits: WorkflowHit[];
  parents: WorkflowHit[];
  activity_kind: "docking" | "ligand_similarity" | null;
  oracles: { name: string; version: string; unit: string; description: string }[];
  invalid: { position: number; input: string; error: string }[];
  filtered: { smiles: string; name: string | null; reason: string }[];
  counts: Record<string, number> | null;
  stop_reason: string | null;
  unsupported_objectives: string[];
  output: { location: string; files?: string[]; error?: string } | null;
  plan: {
    objectives: { name: string; direction: string; weight: number }[];
    constraints: { text: string }[];
    budget: number | null;
    not_understood: string[];
  } | null;
}

export function readWorkflowResult(metrics: Record<string, unknown> | undefined | null): WorkflowResult | null {
  if (!metrics) return null;
  const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
  return {
    workflow: typeof metrics.workflow === "string" ? metrics.workflow : "",
    hits: list<WorkflowHit>(metrics.hits),
    parents: list<WorkflowHit>(metrics.parents),
    activity_kind:
      metrics.activity_kind === "docking" || metrics.activity_kind === "ligand_similarity"
        ? metrics.activity_kind
        : null,
    oracles: list(metrics.oracles),
    invalid: list(metrics.invalid),
    filtered: list(metrics.filtered),
    counts: metrics.counts && typeof metrics.counts === "object" ? (metrics.counts as Record<string, number>) : null,
    stop_reason: typeof metrics.stop_reason === "string" ? metrics.stop_reason : null,
    unsupported_objectives: list(metrics.unsupported_objectives),
    plan: metrics.plan && typeof metrics.plan === "object" ? (metrics.plan as WorkflowResult["plan"]) : null,
    output: metrics.output && typeof metrics.output === "object" ? (metrics.output as WorkflowResult["output"]) : null,
  };
}

/** "evaluated 12 of 800" from the job's progress. */
export function progressText(progress: Record<string, unknown> | null | undefined): string | null {
  if (!progress) return null;
  const evaluated = progress.evaluated ?? progress.docked;
  const total = progress.max_evaluations ?? progress.total;
  if (typeof evaluated !== "number") return null;
  const best =
    typeof progress.best_affinity === "number"
      ? `, best affinity ${progress.best_affinity.toFixed(2)} kcal/mol`
      : typeof progress.best_fitness === "number"
        ? `, best fitness ${progress.best_fitness.toFixed(3)}`
        : "";
  const shards =
    typeof progress.shards === "number" && typeof progress.shards_done === "number"
      ? `; ${progress.shards_done} of ${progress.shards} shards done`
      : "";
  return `${evaluated} evaluated${typeof total === "number" ? ` of a budget of ${total}` : ""}${best}${shards}`;
}

export const STOP_REASONS: Record<string, string> = {
  budget: "the evaluation budget was spent",
  library_exhausted: "every compound that passed the filters was scored",
  wallclock: "the wall-clock limit was reached",
  no_new_analogs: "no new analogs passed the filters",
  cancelled: "it was cancelled",
};

export const formatNumber = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? "—" : value.toFixed(digits);
