import { describeDocking, dockingOptionsOf, RUN_DEFAULTS, type RunConfig, type WorkflowHit } from "@sieve/contracts";

/** What the run page reads from a workflow job's `final_metrics`, tolerant of older or partial results. */
export interface WorkflowResult {
  workflow: string;
  hits: WorkflowHit[];
  parents: WorkflowHit[];
  activity_kind: "docking" | "ligand_similarity" | null;
  oracles: { name: string; version: string; unit: string; description: string }[];
  /** How each objective entered the fitness: its weight and its mapping onto 0..1 (older results have none). */
  fitness_terms: { name: string; direction: string; weight: number; desirability: string }[];
  invalid: { position: number; input: string; error: string }[];
  filtered: { smiles: string; name: string | null; position?: number; reason: string }[];
  failed: { smiles: string; name: string | null; position?: number; reason: string }[];
  /** Analogs a lead optimization dropped before scoring, with their reasons. */
  rejected: { smiles: string; reasons: string[] }[];
  counts: Record<string, number> | null;
  /** Lead optimization with docking: analogs placed on their parent's pose, and analogs searched for. */
  /** `pulled` and `searched_because` are absent on runs stored before they were counted. */
  analog_placements: {
    tethered: number;
    search: number;
    pulled?: number;
    searched_because?: Record<string, number>;
  } | null;
  /** The box docking searched, resolved from the structure (null without docking). */
  box: { center: number[]; size: number[] } | null;
  stop_reason: string | null;
  unsupported_objectives: string[];
  /** Objectives the run's oracles could not score (left out of the fitness), with why. */
  objectives_not_scored: { name: string; reason: string }[];
  /** The co-crystal ligand whose interactions docked poses were compared with (`MK1:B:902`), when there was one. */
  interaction_reference: string | null;
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
    fitness_terms: list(metrics.fitness_terms),
    invalid: list(metrics.invalid),
    filtered: list(metrics.filtered),
    failed: list(metrics.failed),
    rejected: list(metrics.rejected),
    counts: metrics.counts && typeof metrics.counts === "object" ? (metrics.counts as Record<string, number>) : null,
    analog_placements:
      metrics.analog_placements && typeof metrics.analog_placements === "object"
        ? (metrics.analog_placements as WorkflowResult["analog_placements"])
        : null,
    stop_reason: typeof metrics.stop_reason === "string" ? metrics.stop_reason : null,
    box: resolvedBox(metrics.box),
    unsupported_objectives: list(metrics.unsupported_objectives),
    objectives_not_scored: list(metrics.objectives_not_scored),
    interaction_reference: typeof metrics.interaction_reference === "string" ? metrics.interaction_reference : null,
    plan: metrics.plan && typeof metrics.plan === "object" ? (metrics.plan as WorkflowResult["plan"]) : null,
    output: metrics.output && typeof metrics.output === "object" ? (metrics.output as WorkflowResult["output"]) : null,
  };
}

/**
 * "12 of 400 scored" from the job's progress, with the best value so far and, while the job runs, the phase it is in
 * ("Preparing the receptor 1HSG.pdb …", "Docking the library into 1HSG.pdb") and how long it has been at it (`now`
 * in ms). A finished job (`running` false) keeps only its counts: its last phase is over.
 */
export function progressText(
  progress: Record<string, unknown> | null | undefined,
  now = Date.now(),
  running = true,
): string | null {
  if (!progress) return null;
  const evaluated = progress.evaluated ?? progress.docked;
  const budget = progress.max_evaluations ?? progress.total;
  // A library smaller than the budget ends when it is exhausted: "3 of 5", not "3 of 800".
  const total =
    typeof budget === "number" && typeof progress.candidates === "number"
      ? Math.min(budget, progress.candidates)
      : budget;
  const since = typeof progress.phase_started_at === "string" ? Date.parse(progress.phase_started_at) : NaN;
  const elapsed = Number.isFinite(since) ? ` (${Math.max(0, Math.round((now - since) / 1000))} s so far)` : "";
  const phase = running && typeof progress.phase_detail === "string" ? `${progress.phase_detail}${elapsed}` : null;
  if (typeof evaluated !== "number") return phase;
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
  const prepared =
    typeof progress.prepared_in_s === "number" ? `; prepared in ${progress.prepared_in_s.toFixed(1)} s` : "";
  return `${evaluated}${typeof total === "number" ? ` of ${total}` : ""} scored${best}${shards}${phase ? ` — ${phase}` : ""}${prepared}`;
}

/**
 * A run still running, or cancelled, has no result yet: its progress carries the molecules scored so far (a screen's
 * compounds, a lead optimization's analogs), read as a (partial) result so the run page shows them.
 */
export function partialResult(
  progress: Record<string, unknown> | null | undefined,
  workflow = "lead_opt",
): WorkflowResult | null {
  const partial = progress?.partial;
  if (!partial || typeof partial !== "object") return null;
  const { series, parents, failed, activity_kind } = partial as Record<string, unknown>;
  return readWorkflowResult({ workflow, hits: series, parents, failed, activity_kind });
}

/** What the run page says above molecules scored so far: "compounds" for a screen, "analogs" for the others. */
export function partialResultNotice(workflow: string, status: string, scored: number): string {
  const molecules = workflow === "vhts" ? "compounds" : "analogs";
  return status === "queued" || status === "running"
    ? `Partial results: the best of the ${scored} ${molecules} scored so far, updated as the run works.`
    : `The run stopped (${status}): these are the ${scored} ${molecules} it scored before, best first.`;
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

function resolvedBox(value: unknown): { center: number[]; size: number[] } | null {
  if (!value || typeof value !== "object") return null;
  const { center, size } = value as Record<string, unknown>;
  return Array.isArray(center) && Array.isArray(size) ? { center, size } : null;
}

/**
 * The run page's "Docking" line: every Vina setting that changes a result, with the resolved box once the job has
 * it (from its progress while it docks, from the result after); null for a run that does not dock.
 */
export function dockingText(
  config: Partial<Pick<RunConfig, "workflow" | "modules" | "seed" | "inputs">>,
  result: WorkflowResult | null,
  progress: Record<string, unknown> | null | undefined,
): string | null {
  if (result?.activity_kind === "ligand_similarity")
    return "none: scored by ligand similarity (no structure to dock into)";
  const docks = result?.activity_kind === "docking" || (config.workflow !== "custom" && config.inputs?.include_docking);
  if (!docks) return null;
  const options = dockingOptionsOf({ modules: config.modules ?? [], seed: config.seed ?? RUN_DEFAULTS.seed }).options;
  return describeDocking(options, result?.box ?? resolvedBox(progress?.box));
}

/**
 * A pose's Vina modes to three decimals, as Vina writes them, so two close modes (−10.842, −10.840) do not read as a
 * repeated one.
 */
export function vinaModesText(modes: { affinity: number }[]): string {
  return `${modes.map((m) => formatNumber(m.affinity, 3)).join(", ")} kcal/mol`;
}

/**
 * The run's evaluation budget as it applies: a screen scores every compound that passed its filters unless they
 * outnumber the budget, so a small library says so rather than "800 evaluations".
 */
export function budgetText(workflow: string, maxEvaluations: number, candidates: number | null): string {
  const budget = `${maxEvaluations} evaluations`;
  if (workflow !== "vhts") return budget;
  if (candidates === null) return `at most ${budget} (one per compound that passes the filters)`;
  return candidates <= maxEvaluations
    ? `every compound that passed the filters is scored (${candidates}; the budget of ${budget} is not reached)`
    : `${budget}: fewer than the ${candidates} compounds that passed the filters, so BatchDiversity picks which are scored`;
}
