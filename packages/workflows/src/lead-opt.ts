import { medChemFilterHits, morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import { Random } from "@sieve/optimize";
import { generateAnalogs, type AnalogStrategy } from "./analogs";
import { commonCore } from "./common-core";
import { readCompounds, type InvalidEntry, type LibraryCompound } from "./compound-library";
import { haltReason, mapConcurrent, rankEvaluated, type CompoundEvaluator, type EvaluatedCompound } from "./evaluation";
import { constraintViolations, type PlanConstraint } from "./plan";
import { propertyFilterReason, type ScreeningFilters } from "./screen-filters";
import type { StopReason } from "./vhts";

export interface LeadOptOptions {
  hits: { name: string; text: string };
  strategy: AnalogStrategy;
  /** The uploaded analogs for `upload_custom`. */
  uploaded_analogs?: { name: string; text: string } | null;
  constraints?: PlanConstraint[];
  /** The run's visible filters, applied to every analog before it is scored. */
  filters: ScreeningFilters;
  max_evaluations: number;
  wallclock_limit_s: number;
  seed: number;
  /** Parents carried into each round (default 6) and analogs made per parent (default 6). */
  parents_per_round?: number;
  analogs_per_parent?: number;
  concurrency?: number;
  alerts?: (smiles: string) => string[];
  /**
   * A cheap check run on every analog before the costly oracles (docking): the reason to drop it, or null. The
   * platform rejects analogs harder to make than the run's `max_analog_sa_score`.
   */
  prefilter?: (compound: LibraryCompound) => Promise<string | null>;
}

/** What lead optimization reports after each scored molecule, so the run page shows it working. */
export interface LeadOptProgress {
  phase: "hits" | "analogs";
  round: number;
  evaluated: number;
  max_evaluations: number;
  best_fitness: number | null;
  improved: number;
  /** The hit compounds scored so far, and every analog scored so far (ranked, failures apart). */
  parents: EvaluatedCompound[];
  series: SeriesMember[];
  failed: LeadOptResult["failed"];
}

export type SeriesMember = EvaluatedCompound & {
  parent: string;
  root: string;
  strategy: string;
  round: number;
  deltas: Record<string, number | null>;
  constraint_violations: string[];
};

export interface LeadOptResult {
  parents: EvaluatedCompound[];
  series: SeriesMember[];
  improved: number;
  rounds: number;
  invalid: InvalidEntry[];
  rejected: { smiles: string; reasons: string[] }[];
  /** Molecules an oracle could not score, with its reason: never ranked, never a parent. */
  failed: { smiles: string; name: string | null; position?: number; reason: string }[];
  /** Analogs docked by placement on their parent's pose and by a full search (see `filters.analog_docking`). */
  /**
   * How analogs were docked; `pulled` counts the tethered ones that were pulled onto their parent's core, and
   * `searched_because` the searched ones by why they were not tethered (numbers in the reason read as N).
   */
  analog_placements: { tethered: number; search: number; pulled: number; searched_because: Record<string, number> };
  /** Every molecule scored (hits and analogs, failures included); `series` keeps the best 100. */
  evaluated: number;
  stop_reason: StopReason | "no_new_analogs";
  elapsed_s: number;
}

/** Draws of analogs in a row that the filters dropped entirely before a run stops with `no_new_analogs`. */
const FRUITLESS_DRAWS = 10;

/** The strategy of a user's own analogs (`upload_custom`): kept whatever their scaffold. */
const UPLOADED = "uploaded analog";

const DELTA_KEYS = ["fitness", "activity", "synthetic_accessibility", "qed", "logp", "mw", "tpsa"] as const;

/**
 * Lead optimization: score the hit compounds, then in rounds make analogs of the best molecules so
 * far by the chosen strategy (round 0 of `upload_custom` scores the uploaded analogs, each assigned
 * to its most similar hit), drop those breaking drug-likeness or the plan's constraints, and score
 * the rest until the evaluation budget. Elitist selection over everything scored, like the GA of
 * `@sieve/optimize`; every analog reports its deltas against the hit it descends from. Progress is reported after
 * every scored molecule, with the series so far, so a run shows its analogs while it works and keeps them when
 * cancelled.
 */
export async function runLeadOptimization(
  rdkit: RDKitModule,
  evaluator: CompoundEvaluator,
  options: LeadOptOptions,
  hooks: {
    onScored?(p: LeadOptProgress): void;
    cancelled?(): boolean;
    signal?: AbortSignal;
  } = {},
): Promise<LeadOptResult> {
  const started = performance.now();
  const random = new Random(options.seed);
  const read = readCompounds(rdkit, options.hits.name, options.hits.text);
  if (read.compounds.length === 0)
    throw new Error(
      `No readable hit compound${read.invalid.length ? `: ${read.invalid.map((i) => `${i.input} (${i.error})`).join("; ")}` : ""}`,
    );
  const concurrency = options.concurrency ?? 1;
  const parents: EvaluatedCompound[] = [];
  const series: SeriesMember[] = [];
  const failed: LeadOptResult["failed"] = [];
  const scoredOk = (r: EvaluatedCompound) => r.errors.length === 0;
  const fail = (r: EvaluatedCompound, position?: number) =>
    failed.push({ smiles: r.smiles, name: r.name, ...(position ? { position } : {}), reason: r.errors.join("; ") });
  let round = 0;
  let phase: LeadOptProgress["phase"] = "hits";
  const alertsOf = (smiles: string) => {
    const mol = rdkit.get_mol(smiles);
    try {
      return mol ? medChemFilterHits(rdkit, mol).map((hit) => `${hit.filter} ${hit.name}`) : [];
    } finally {
      mol?.delete();
    }
  };
  // The hits' med-chem alerts, read once: every generated analog is compared with its hit's.
  const hitAlerts = new Map<string, string[]>();
  const alertsOfHit = (hit: string) => hitAlerts.get(hit) ?? hitAlerts.set(hit, alertsOf(hit)).get(hit)!;
  const report = () =>
    hooks.onScored?.({
      phase,
      round,
      evaluated: evaluator.evaluations,
      max_evaluations: options.max_evaluations,
      best_fitness: rankEvaluated([...parents, ...series])[0]?.fitness ?? null,
      improved: series.filter((s) => s.deltas.fitness! > 0).length,
      parents: rankEvaluated(parents),
      series: rankEvaluated(series),
      failed,
    });

  // Each scored molecule's best pose, so its analogs can be placed on it (see CompoundEvaluator.evaluate's reference).
  const poses = new Map<string, string>();
  const keepPose = (r: EvaluatedCompound) => r.pose_pdbqt && poses.set(r.smiles, r.pose_pdbqt);
  const placements: LeadOptResult["analog_placements"] = { tethered: 0, search: 0, pulled: 0, searched_because: {} };
  const referenceFor = (parent: string, coreSmarts?: string) => {
    const pose = poses.get(parent);
    return pose ? { smiles: parent, pose_pdbqt: pose, ...(coreSmarts ? { core_smarts: coreSmarts } : {}) } : undefined;
  };

  await mapConcurrent(read.compounds.slice(0, options.max_evaluations), concurrency, async (compound) => {
    const result = await evaluator.evaluate(compound, hooks.signal);
    keepPose(result);
    if (scoredOk(result)) parents.push(result);
    else fail(result, compound.position);
    report();
  });
  if (parents.length === 0)
    throw new Error(
      `No hit compound could be scored: ${failed.map((f) => `${f.name ?? f.smiles} (${f.reason})`).join("; ")}`,
    );
  const byRoot = new Map(parents.map((p) => [p.smiles, p]));
  const seen = new Set(read.compounds.map((c) => c.smiles));
  const rejected: LeadOptResult["rejected"] = [];
  const invalid = [...read.invalid];
  let stop: LeadOptResult["stop_reason"] = "budget";
  phase = "analogs";
  // A round's parents are the best of the hits and of the analogs of the rounds two or more before it: those are all
  // scored by the time it is drawn, whatever the timing of the scoring slots, so a seed gives one run.
  const pool = (upToRound: number): { smiles: string; fitness: number; root: string }[] =>
    rankEvaluated([
      ...parents.map((p) => ({ ...p, root: p.smiles })),
      ...series.filter((s) => s.round <= upToRound),
    ]).slice(0, options.parents_per_round ?? 6);

  // Checked before every analog: stopped only between rounds, a run overran its 900 s limit by 380 s.
  const halted = () => haltReason(started, options.wallclock_limit_s, hooks.cancelled);
  type Candidate = { compound: LibraryCompound; parent: string; root: string; strategy: string; core?: string };
  /**
   * One draw of analogs (a round): made from the best molecules scored so far, filtered, and queued for scoring.
   * Returns false when the filters dropped every analog of the draw.
   */
  const draw = async (): Promise<boolean> => {
    const candidates: Candidate[] = [];
    if (round === 0 && options.strategy === "upload_custom") {
      const uploaded = options.uploaded_analogs
        ? readCompounds(rdkit, options.uploaded_analogs.name, options.uploaded_analogs.text)
        : { compounds: [], invalid: [] };
      invalid.push(...uploaded.invalid);
      for (const compound of uploaded.compounds) {
        const root = nearestParent(rdkit, compound.smiles, parents);
        if (!seen.has(compound.smiles)) candidates.push({ compound, parent: root, root, strategy: UPLOADED });
      }
    } else {
      const strategy = options.strategy === "upload_custom" ? "generate_simple_analogs" : options.strategy;
      for (const parent of pool(round - 2)) {
        for (const analog of generateAnalogs(
          rdkit,
          parent.smiles,
          strategy,
          options.analogs_per_parent ?? 6,
          random,
          seen,
        )) {
          const compound = readCompounds(rdkit, "analog.smi", analog.smiles).compounds[0];
          if (compound)
            candidates.push({ compound, parent: parent.smiles, root: parent.root, strategy: analog.strategy });
        }
      }
    }
    const accepted: (Candidate & { round: number })[] = [];
    for (const candidate of candidates) {
      const { compound } = candidate;
      if (seen.has(compound.smiles)) continue;
      seen.add(compound.smiles);
      const reasons = [
        propertyFilterReason(compound, options.filters),
        ...constraintViolations(
          rdkit,
          compound.smiles,
          compound.profile,
          options.constraints ?? [],
          options.alerts ?? (() => []),
        ),
      ].filter((r): r is string => Boolean(r));
      if (reasons.length === 0 && candidate.strategy !== UPLOADED && options.filters.drop_analogs_with_new_alerts) {
        const ownAlerts = alertsOfHit(candidate.root);
        const added = alertsOf(compound.smiles).filter((alert) => !ownAlerts.includes(alert));
        if (added.length) reasons.push(`a med-chem alert its hit does not have: ${added.join(", ")}`);
      }
      if (reasons.length === 0 && candidate.strategy !== UPLOADED) {
        const core = commonCore(rdkit, candidate.parent, compound.smiles);
        if (core) candidate.core = core.smarts;
        const least = options.filters.min_analog_shared_core;
        if (core && core.core_atoms < least * core.heavy_atoms)
          reasons.push(
            `a new scaffold: shares ${core.core_atoms} of its ${core.heavy_atoms} heavy atoms with its parent (analogs keep at least ${Math.round(least * 100)} %)`,
          );
      }
      const cheap = reasons.length === 0 ? await options.prefilter?.(compound) : null;
      if (cheap) reasons.push(cheap);
      if (reasons.length && rejected.length < 1000) rejected.push({ smiles: compound.smiles, reasons });
      if (reasons.length === 0) accepted.push({ ...candidate, round });
    }
    if (accepted.length === 0) return false;
    queue.push(...accepted);
    unscored.set(round, accepted.length);
    round++;
    return true;
  };
  // Analogs of each round not scored yet; a draw waits until the rounds its parents come from are all scored.
  const unscored = new Map<number, number>();
  let roundScored = () => {};
  const scoredUpTo = async (upToRound: number) => {
    while ([...unscored].some(([r, left]) => r <= upToRound && left > 0))
      await new Promise<void>((resolve) => (roundScored = resolve));
  };
  const queue: (Candidate & { round: number })[] = [];
  let noNewAnalogs = false;
  // A draw whose analogs are all dropped (a small hit's mutations often add an alert) is drawn again, a few times.
  const refill = async () => {
    for (let fruitless = 0; queue.length === 0 && !noNewAnalogs;) {
      await scoredUpTo(round - 2);
      if (!(await draw()) && ++fruitless >= FRUITLESS_DRAWS) noNewAnalogs = true;
    }
  };
  let refilling: Promise<void> | null = null;
  let launched = evaluator.evaluations;
  // No barrier between rounds: a scoring slot that finds the queue empty draws the next round while the other slots
  // finish theirs (with a round barrier, one core waited on the round's slowest analog).
  const slot = async () => {
    for (;;) {
      const halt = halted();
      if (halt) return void (stop = halt);
      if (launched >= options.max_evaluations) return;
      if (queue.length === 0) await (refilling ??= refill().finally(() => (refilling = null)));
      const c = queue.shift();
      if (!c) {
        if (noNewAnalogs) stop = "no_new_analogs";
        return;
      }
      if (launched >= options.max_evaluations) return void queue.unshift(c);
      launched++;
      const result = await evaluator.evaluate(c.compound, hooks.signal, referenceFor(c.parent, c.core));
      keepPose(result);
      if (result.placement) placements[result.placement.method]++;
      if (result.placement?.method === "tethered" && result.placement.pulled_core_rmsd !== undefined)
        placements.pulled++;
      if (result.placement?.method === "search" && result.placement.reason) {
        const kind = result.placement.reason.replace(/\d+(\.\d+)?/g, "N");
        placements.searched_because[kind] = (placements.searched_because[kind] ?? 0) + 1;
      }
      if (!scoredOk(result)) fail({ ...result, name: c.compound.name });
      else
        series.push({
          ...result,
          name: c.compound.name,
          parent: c.parent,
          root: c.root,
          strategy: c.strategy,
          round: c.round,
          deltas: deltas(result, byRoot.get(c.root)!),
          constraint_violations: [],
        });
      unscored.set(c.round, unscored.get(c.round)! - 1);
      roundScored();
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, slot));
  const ranked = rankEvaluated(series);
  return {
    parents: rankEvaluated(parents),
    series: ranked.slice(0, 100).map((m, i) => (i < 25 ? m : { ...m, pose_pdbqt: undefined })),
    improved: series.filter((s) => s.deltas.fitness! > 0).length,
    rounds: round,
    invalid: invalid.slice(0, 200),
    rejected,
    failed,
    analog_placements: placements,
    evaluated: evaluator.evaluations,
    stop_reason: stop,
    elapsed_s: Math.round((performance.now() - started) / 100) / 10,
  };
}

function deltas(child: EvaluatedCompound, root: EvaluatedCompound): Record<string, number | null> {
  const value = (c: EvaluatedCompound, key: (typeof DELTA_KEYS)[number]) =>
    key === "fitness" || key === "activity" || key === "synthetic_accessibility" ? c[key] : c.properties[key];
  return Object.fromEntries(
    DELTA_KEYS.map((key) => {
      const a = value(child, key);
      const b = value(root, key);
      return [key, a === null || b === null ? null : Math.round((a - b) * 1000) / 1000];
    }),
  );
}

/** The hit an uploaded analog most resembles (Morgan Tanimoto), to report its deltas against. */
function nearestParent(rdkit: RDKitModule, smiles: string, parents: EvaluatedCompound[]): string {
  const fp = morganFingerprintOfSmiles(rdkit, smiles);
  let best = parents[0]!.smiles;
  let bestSimilarity = -1;
  for (const parent of parents) {
    const other = morganFingerprintOfSmiles(rdkit, parent.smiles);
    const similarity = fp && other ? tanimoto(fp, other) : 0;
    if (similarity > bestSimilarity) [best, bestSimilarity] = [parent.smiles, similarity];
  }
  return best;
}
