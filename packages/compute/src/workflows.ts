import { availableParallelism } from "node:os";
import { depictSvg, loadRDKit, SimilarityIndex, type RDKitModule } from "@sieve/chem";
import {
  assessSafety,
  negatomeIndex,
  screenDecision,
  structuralAlertsOfSmiles,
  type NegatomeEntry,
  type SourceClaim,
} from "@sieve/negatome";
import {
  CompoundEvaluator,
  DockingOracle,
  LigandActivityOracle,
  SyntheticAccessibilityOracle,
  describeOracle,
  dockingCacheAt,
  fitnessTerms,
  ligandTimeLimitOf,
  mapConcurrent,
  parseWorkflowPlan,
  runLeadOptimization,
  runMdOracle,
  runVhts,
  unsupportedObjectives,
  type AnalogStrategy,
  type LeadOptResult,
  type MdResult,
  type NegatomeScreen,
  type ScreeningFilters,
  type WorkflowPlan,
  type BoxSpec,
  type FitnessTerm,
  type KnownActive,
  type MoleculeOracle,
  type OracleInfo,
  type VhtsResult,
  type VinaParameters,
  type WorkflowObjective,
} from "@sieve/workflows";
import { TaskCancelled } from "./task-cancelled";
import type { TaskContext } from "./task-context";

/** What the API prepares for a VHTS job: file contents travel to the thread, the thread never opens the database. */
export interface VhtsTaskInput {
  library: { name: string; text: string };
  /** The receptor to dock into; null for ligand-based activity. */
  receptor: { name: string; text: string; format: "pdb" | "pdbqt" } | null;
  box: BoxSpec;
  docking: Partial<VinaParameters>;
  actives: KnownActive[];
  objectives: WorkflowObjective[];
  max_evaluations: number;
  wallclock_limit_s: number;
  dimension: number;
  bounds: [number, number];
  seed: number;
  /** The run's visible filters (size, drug-likeness, negatome risk, per-ligand time limits). */
  filters: ScreeningFilters;
  /**
   * Where docking results persist between jobs (the platform's DATA_DIR/cache/docking); null: this thread's memory
   * only.
   */
  cache_dir: string | null;
  /**
   * The negatome the organization sees, to filter out and flag compounds like recorded failures; null: no negatome
   * screen.
   */
  negatome: NegatomeScreenInput | null;
  /** This job's part of a run split over several workers (VHTS only). */
  shard?: { index: number; count: number };
}

export interface NegatomeScreenInput {
  entries: NegatomeEntry[];
  /** Fingerprints of the reference (non-failed) compounds, computed once by the platform. */
  reference: { id: string; inchi_key: string | null; fingerprint: Uint32Array }[];
  /** Approvals and boxed warnings by entry key (`regulatoryClaims`), so a screen judges by the reconciled verdict. */
  regulatory: [entryKey: string, claims: SourceClaim[]][];
  target_uniprot_id: string | null;
}

/**
 * The negatome's verdict on a compound — the one call the screen's negatome filter goes through. Its risk is the
 * reconciled verdict's, scored exactly as `/v1/negatome/safety` scores it (the same `assessSafety`), against the
 * records, regulatory claims and reference set the API handed over; whether the screen keeps it at the run's
 * `maxRisk` is `screenDecision`'s (an approved drug without a dated withdrawal is kept, flagged). Structural alerts
 * are left out of its warnings: the evaluator reports them already.
 */
export function negatomeScreen(rdkit: RDKitModule, input: NegatomeScreenInput, maxRisk: number): NegatomeScreen {
  const index = negatomeIndex(input.entries);
  const records = new Map(input.entries.map((entry) => [entry.negatome_id, entry]));
  // A recorded failure must not count as its own safe neighbour.
  const failures = new Set(
    input.entries.flatMap((entry) => (entry.compound_inchi_key ? [entry.compound_inchi_key] : [])),
  );
  const reference = new SimilarityIndex<string>();
  for (const compound of input.reference)
    if (!compound.inchi_key || !failures.has(compound.inchi_key)) reference.add(compound.id, compound.fingerprint);
  const regulatory = new Map(input.regulatory);
  return (smiles) => {
    const result = assessSafety({
      rdkit,
      smiles,
      index,
      records,
      reference,
      regulatory,
      targetUniprotId: input.target_uniprot_id,
    });
    if (!result.ok) return null;
    const decision = screenDecision(result.verdict, maxRisk);
    const warnings = result.warnings.filter((w) => w.kind !== "structural_alert").map((w) => `Negatome: ${w.message}`);
    return {
      risk: result.risk_score,
      level: result.risk_level,
      warnings: decision.keep && decision.reason ? [`Negatome: ${decision.reason}`, ...warnings] : warnings,
      filter_reason: decision.keep ? null : `negatome: ${decision.reason}`,
    };
  };
}

export interface VhtsTaskOutput extends VhtsResult {
  /** The filters the run applied, echoed so the result says what it was screened with. */
  filters: ScreeningFilters;
  oracles: OracleInfo[];
  /** How each objective entered the fitness (its mapping onto 0..1, with the bounds), as the run page shows it. */
  fitness_terms: FitnessTerm[];
  unsupported_objectives: string[];
  /** Objectives this run's oracles cannot score (interaction similarity without a co-crystal ligand), with why. */
  objectives_not_scored: { name: string; reason: string }[];
  /** The co-crystal ligand (`NAME:chain:number`) whose interactions poses were compared with, when there is one. */
  interaction_reference: string | null;
  activity_kind: "docking" | "ligand_similarity";
  box: { center: number[]; size: number[] } | null;
  receptor_sha256: string | null;
  known_actives: number;
}

/**
 * Docking runs one Vina process per core, each with `--cpu 1`, which scales better than one process
 * with many threads; GROMACS instead spreads one system over every core. DOCKING_PROCESSES caps it
 * (e.g. a worker pinned to fewer cores than the machine has).
 */
const CORES = Math.max(1, Number.parseInt(process.env.DOCKING_PROCESSES ?? "", 10) || availableParallelism());

/**
 * One Vina process per ligand, each on one core, with the job's persistent cache when it has one, and the run's
 * per-ligand time limits (scaled by the ligand's rotatable bonds) when it has filters.
 */
function createDockingOracle(
  rdkit: RDKitModule,
  receptor: { text: string; format: "pdb" | "pdbqt" },
  input: {
    box: BoxSpec;
    docking: Partial<VinaParameters>;
    seed: number;
    cache_dir: string | null;
    filters?: ScreeningFilters;
    /** Lead optimization: the oracle scores analogs (see `filters.analog_docking`). */
    analogs?: boolean;
  },
) {
  const filters = input.filters;
  return DockingOracle.create({
    receptor: receptor.text,
    format: receptor.format,
    box: input.box,
    params: { seed: input.seed, ...input.docking, cpu: 1 },
    ...(filters ? { conformers: filters.start_conformers } : {}),
    // Only lead optimization has analogs; a screen's scores stay the search's.
    ...(input.analogs && filters ? { tetherAnalogs: filters.analog_docking === "tethered" } : {}),
    ...(input.cache_dir ? { cache: dockingCacheAt(input.cache_dir), receptorCacheDir: input.cache_dir } : {}),
    ...(filters ? { timeLimit: ligandTimeLimitOf(rdkit, filters) } : {}),
  });
}

/** Builds the activity oracle: docking when a receptor is given, else ligand similarity to known actives. */
export async function activityOracle(
  rdkit: RDKitModule,
  input: Pick<VhtsTaskInput, "receptor" | "box" | "docking" | "actives" | "seed" | "cache_dir" | "filters"> & {
    analogs?: boolean;
  },
): Promise<MoleculeOracle & { close?(): Promise<void> }> {
  if (input.receptor) {
    return createDockingOracle(rdkit, input.receptor, input);
  }
  return new LigandActivityOracle(rdkit, input.actives);
}

export function alertWarnings(rdkit: RDKitModule) {
  return (smiles: string) =>
    (structuralAlertsOfSmiles(rdkit, smiles) ?? []).map((a) => `${a.catalog} alert: ${a.name}`);
}

/** Structure drawings for the first `limit` compounds, so the run page needs no further request. */
export function withDrawings<T extends { smiles: string }>(
  rdkit: RDKitModule,
  items: T[],
  limit = 50,
): (T & { svg?: string })[] {
  return items.map((item, index) => {
    if (index >= limit) return item;
    const mol = rdkit.get_mol(item.smiles);
    try {
      return mol ? { ...item, svg: depictSvg(mol) } : item;
    } finally {
      mol?.delete();
    }
  });
}

/** Aborts running child processes as soon as the job is cancelled (checked every 250 ms). */
export function cancellationSignal(context: TaskContext): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    if (context.cancelled()) controller.abort();
  }, 250);
  return { signal: controller.signal, dispose: () => clearInterval(timer) };
}

/**
 * A workflow's result, or TaskCancelled when it stopped because it was cancelled or failed because
 * the cancel killed its programs, so the job keeps what it reported.
 */
async function unlessCancelled<R extends { stop_reason: string }>(run: Promise<R>, context: TaskContext): Promise<R> {
  const result = await run.catch((error: unknown) => {
    if (context.cancelled()) throw new TaskCancelled("cancelled");
    throw error;
  });
  if (result.stop_reason === "cancelled") throw new TaskCancelled("cancelled");
  return result;
}

export async function runVhtsTask(input: VhtsTaskInput, context: TaskContext): Promise<VhtsTaskOutput> {
  const rdkit = await loadRDKit();
  const { oracle: activity, preparedInS } = await preparedActivityOracle(rdkit, input, context);
  const sa = new SyntheticAccessibilityOracle(rdkit);
  const evaluator = new CompoundEvaluator(activity, sa, input.objectives, alertWarnings(rdkit));
  const cancel = cancellationSignal(context);
  const lightweight = progressRow(rdkit, new Map());
  // The job's progress is replaced by each report: every report carries the phase and the latest counts.
  let state: Record<string, unknown> = {
    phase: "scoring",
    phase_detail: scoringPhaseDetail(input),
    phase_started_at: new Date().toISOString(),
    prepared_in_s: preparedInS,
    // The resolved box, shown on the run page while the screen docks.
    box: activity instanceof DockingOracle ? activity.box : null,
  };
  const report = (update: Record<string, unknown>, points: { name: string; x: number; y: number }[] = []) => {
    state = { ...state, ...update };
    context.progress(points.length ? { progress: state, points } : { progress: state });
  };
  try {
    const result = await unlessCancelled(
      runVhts(
        rdkit,
        evaluator,
        {
          library: input.library,
          objectives: input.objectives,
          max_evaluations: input.max_evaluations,
          wallclock_limit_s: input.wallclock_limit_s,
          dimension: input.dimension,
          bounds: input.bounds,
          concurrency: activity instanceof DockingOracle ? CORES : 1,
          batch_size: activity instanceof DockingOracle ? Math.max(4, CORES * 2) : 16,
          filters: input.filters,
          ...(input.negatome
            ? { negatome_screen: negatomeScreen(rdkit, input.negatome, input.filters.max_negatome_risk) }
            : {}),
          ...(input.shard ? { shard: input.shard } : {}),
        },
        {
          signal: cancel.signal,
          cancelled: () => context.cancelled(),
          // "0 of N scored" as soon as the receptor and box are ready, then after each compound (the engine sends the
          // latest report with its next heartbeat).
          onScored: (p) => report({ ...p }),
          onBatch: ({ ranked, ...p }) =>
            report(
              {
                ...p,
                // The compounds scored so far, shown on the run page while it works (as lead optimization's analogs).
                partial: {
                  series: ranked.slice(0, PARTIAL_ROWS).map(lightweight),
                  series_total: ranked.length,
                  activity_kind: evaluator.activityKind,
                },
              },
              [
                ...(p.best_fitness === null ? [] : [{ name: "best_fitness", x: p.evaluated, y: p.best_fitness }]),
                ...(p.best_affinity === null ? [] : [{ name: "best_affinity", x: p.evaluated, y: p.best_affinity }]),
              ],
            ),
        },
      ),
      context,
    );
    return {
      ...result,
      filters: input.filters,
      hits: withDrawings(rdkit, result.hits),
      oracles: [describeOracle(activity), describeOracle(sa)],
      ...objectivesReport(evaluator, activity, input.objectives),
      activity_kind: evaluator.activityKind,
      box: activity instanceof DockingOracle ? activity.box : null,
      receptor_sha256: activity instanceof DockingOracle ? activity.receptorSha256 : null,
      known_actives: activity instanceof LigandActivityOracle ? activity.activeCount : 0,
    };
  } finally {
    cancel.dispose();
    await activity.close?.();
  }
}

/** How the run's objectives entered its fitness: the terms scored, those not supported, those these oracles cannot score. */
function objectivesReport(evaluator: CompoundEvaluator, activity: MoleculeOracle, objectives: WorkflowObjective[]) {
  return {
    fitness_terms: fitnessTerms(evaluator.objectives),
    unsupported_objectives: unsupportedObjectives(objectives),
    objectives_not_scored: evaluator.objectivesNotScored,
    interaction_reference: activity instanceof DockingOracle ? (activity.interactions?.ligand ?? null) : null,
  };
}

/** What a screen is doing once its activity oracle is ready. */
function scoringPhaseDetail(input: Pick<VhtsTaskInput, "receptor" | "actives">): string {
  return input.receptor
    ? `Docking the library into ${input.receptor.name}`
    : `Scoring the library by similarity to ${input.actives.length} known active${input.actives.length === 1 ? "" : "s"}`;
}

/** What the API prepares for a lead-optimization job (and for a custom plan run as one). */
export interface LeadOptTaskInput extends Omit<VhtsTaskInput, "library" | "negatome" | "shard"> {
  hits: { name: string; text: string };
  strategy: AnalogStrategy;
  uploaded_analogs: { name: string; text: string } | null;
  plan: WorkflowPlan | null;
}

export interface LeadOptTaskOutput extends LeadOptResult {
  filters: ScreeningFilters;
  oracles: OracleInfo[];
  fitness_terms: FitnessTerm[];
  unsupported_objectives: string[];
  objectives_not_scored: { name: string; reason: string }[];
  interaction_reference: string | null;
  activity_kind: "docking" | "ligand_similarity";
  box: { center: number[]; size: number[] } | null;
  strategy: AnalogStrategy;
  plan: WorkflowPlan | null;
}

/** Analogs kept in a running job's progress: enough for the run page's first page, light enough for every beat. */
const PARTIAL_ROWS = 25;

/**
 * A scored molecule as a running job's progress carries it: its drawing (each SMILES drawn once per job), no pose
 * and no modes (they come with the result).
 */
function progressRow(rdkit: RDKitModule, drawings: Map<string, string | undefined>) {
  return <T extends { smiles: string; pose_pdbqt?: string; modes?: unknown }>(item: T) => {
    const { pose_pdbqt: _pose, modes: _modes, ...rest } = item;
    if (!drawings.has(item.smiles)) drawings.set(item.smiles, withDrawings(rdkit, [item])[0]!.svg);
    const svg = drawings.get(item.smiles);
    return svg ? { ...rest, svg } : rest;
  };
}

/**
 * Says what the job is preparing before its first score (the receptor and box when docking), and when it began,
 * so the run page can show the phase and its duration instead of a bare "Preparing…".
 */
async function preparedActivityOracle(
  rdkit: RDKitModule,
  input: Parameters<typeof activityOracle>[1],
  context: TaskContext,
): Promise<{ oracle: MoleculeOracle & { close?(): Promise<void> }; preparedInS: number }> {
  const started = new Date();
  context.progress({
    progress: {
      phase: "preparing",
      phase_detail: input.receptor
        ? `Preparing the receptor ${input.receptor.name} (Open Babel: hydrogens for pH 7.4, rigid PDBQT) and the docking box`
        : `Fingerprinting ${input.actives.length} known actives for ligand similarity`,
      phase_started_at: started.toISOString(),
    },
  });
  const oracle = await activityOracle(rdkit, input);
  return { oracle, preparedInS: Math.round((Date.now() - started.getTime()) / 100) / 10 };
}

export async function runLeadOptTask(input: LeadOptTaskInput, context: TaskContext): Promise<LeadOptTaskOutput> {
  const rdkit = await loadRDKit();
  const { oracle: activity, preparedInS } = await preparedActivityOracle(rdkit, { ...input, analogs: true }, context);
  const sa = new SyntheticAccessibilityOracle(rdkit);
  const alerts = alertWarnings(rdkit);
  const lightweight = progressRow(rdkit, new Map());
  let phaseStartedAt = new Date().toISOString();
  let lastPhase = "hits";
  const evaluator = new CompoundEvaluator(activity, sa, input.objectives, alerts);
  const cancel = cancellationSignal(context);
  try {
    const result = await unlessCancelled(
      runLeadOptimization(
        rdkit,
        evaluator,
        {
          hits: input.hits,
          strategy: input.strategy,
          uploaded_analogs: input.uploaded_analogs,
          constraints: input.plan?.constraints ?? [],
          filters: input.filters,
          max_evaluations: input.max_evaluations,
          wallclock_limit_s: input.wallclock_limit_s,
          seed: input.seed,
          concurrency: activity instanceof DockingOracle ? CORES : 1,
          alerts,
          prefilter: async (compound) => {
            const { value } = await sa.score(compound.smiles);
            return value !== null && value > input.filters.max_analog_sa_score
              ? `SA score ${value.toFixed(2)} is above the limit of ${input.filters.max_analog_sa_score} (hard to make)`
              : null;
          },
        },
        {
          signal: cancel.signal,
          cancelled: () => context.cancelled(),
          onScored: (p) => {
            if (p.phase !== lastPhase) [lastPhase, phaseStartedAt] = [p.phase, new Date().toISOString()];
            const affinities = [...p.parents, ...p.series].flatMap((m) => (m.affinity === null ? [] : [m.affinity]));
            const bestAffinity = affinities.length ? Math.min(...affinities) : null;
            context.progress({
              progress: {
                phase: p.phase,
                phase_detail:
                  p.phase === "hits" ? "Scoring the hit compounds" : `Round ${p.round + 1}: scoring analogs`,
                phase_started_at: phaseStartedAt,
                prepared_in_s: preparedInS,
                round: p.round,
                evaluated: p.evaluated,
                max_evaluations: p.max_evaluations,
                best_fitness: p.best_fitness,
                best_affinity: bestAffinity,
                improved: p.improved,
                // The analogs so far: the run page shows them while the job works and after a cancel.
                partial: {
                  parents: p.parents.map(lightweight),
                  series: p.series.slice(0, PARTIAL_ROWS).map(lightweight),
                  series_total: p.series.length,
                  failed: p.failed.slice(0, PARTIAL_ROWS),
                },
              },
              points: [
                ...(p.best_fitness === null ? [] : [{ name: "best_fitness", x: p.evaluated, y: p.best_fitness }]),
                ...(bestAffinity === null ? [] : [{ name: "best_affinity", x: p.evaluated, y: bestAffinity }]),
                { name: "improved", x: p.evaluated, y: p.improved },
              ],
            });
          },
        },
      ),
      context,
    );
    return {
      ...result,
      filters: input.filters,
      parents: withDrawings(rdkit, result.parents),
      series: withDrawings(rdkit, result.series),
      oracles: [describeOracle(activity), describeOracle(sa)],
      ...objectivesReport(evaluator, activity, input.objectives),
      activity_kind: evaluator.activityKind,
      box: activity instanceof DockingOracle ? activity.box : null,
      strategy: input.strategy,
      plan: input.plan,
    };
  } finally {
    cancel.dispose();
    await activity.close?.();
  }
}

/** Parses a custom workflow description on a thread (RDKit checks the SMILES it names). */
export async function parsePlanTask({ description }: { description: string }): Promise<WorkflowPlan> {
  return parseWorkflowPlan(await loadRDKit(), description);
}

/** A negatome docking oracle job: dock each SMILES into one receptor and report every result. */
export interface DockTaskInput {
  receptor: { name: string; text: string; format: "pdb" | "pdbqt" };
  box: BoxSpec;
  docking: Partial<VinaParameters>;
  smiles: string[];
  seed: number;
  cache_dir: string | null;
}

export interface DockTaskOutput {
  results: {
    input: string;
    smiles: string | null;
    affinity: number | null;
    modes: unknown[];
    pose_pdbqt: string | null;
    error: string | null;
  }[];
  oracle: OracleInfo;
  box: { center: number[]; size: number[] };
  receptor_sha256: string;
}

export async function runDockTask(input: DockTaskInput, context: TaskContext): Promise<DockTaskOutput> {
  const rdkit = await loadRDKit();
  const oracle = await createDockingOracle(rdkit, input.receptor, input);
  const cancel = cancellationSignal(context);
  let done = 0;
  try {
    const results = await mapConcurrent(input.smiles, CORES, async (raw) => {
      if (context.cancelled()) throw new TaskCancelled("cancelled");
      const mol = rdkit.get_mol(raw);
      const smiles = mol?.is_valid() ? mol.get_smiles() : null;
      mol?.delete();
      const result = smiles
        ? await oracle.dock(smiles, cancel.signal).then(
            (r) => ({
              input: raw,
              smiles,
              affinity: r.affinity,
              modes: r.modes,
              pose_pdbqt: r.pose_pdbqt,
              error: null,
            }),
            (error: unknown) => {
              if (context.cancelled()) throw new TaskCancelled("cancelled");
              return {
                input: raw,
                smiles,
                affinity: null,
                modes: [],
                pose_pdbqt: null,
                error: error instanceof Error ? error.message : String(error),
              };
            },
          )
        : {
            input: raw,
            smiles: null,
            affinity: null,
            modes: [],
            pose_pdbqt: null,
            error: "RDKit could not read this SMILES",
          };
      done++;
      context.progress({
        progress: { docked: done, total: input.smiles.length },
        points: result.affinity === null ? [] : [{ name: "affinity", x: done, y: result.affinity }],
      });
      return result;
    });
    return { results, oracle: describeOracle(oracle), box: oracle.box, receptor_sha256: oracle.receptorSha256 };
  } finally {
    cancel.dispose();
    await oracle.close();
  }
}

/** A negatome MD oracle job: the system tarball's bytes travel to the thread, which never opens the database. */
export interface MdTaskInput {
  system: Uint8Array;
  ns: number;
  seed: number;
  max_wall_seconds: number;
}

export async function runMdTask(input: MdTaskInput, context: TaskContext): Promise<MdResult> {
  const cancel = cancellationSignal(context);
  try {
    return await runMdOracle(input.system, {
      ns: input.ns,
      seed: input.seed,
      threads: CORES,
      maxWallSeconds: input.max_wall_seconds,
      signal: cancel.signal,
      onProgress: ({ stage, step, steps }) => context.progress({ progress: { stage, step, steps } }),
    }).catch((error: unknown) => {
      if (context.cancelled()) throw new TaskCancelled("cancelled");
      throw error;
    });
  } finally {
    cancel.dispose();
  }
}
