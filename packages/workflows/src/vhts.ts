import type { RDKitModule } from "@sieve/chem";
import { DEFAULT_BATCH_DIVERSITY, euclideanDistance, moleculeEmbedding, selectDiverseBatch } from "@sieve/optimize";
import { readCompounds, type InvalidEntry, type LibraryCompound } from "./compound-library";
import { CompoundEvaluator, haltReason, mapConcurrent, rankEvaluated, type EvaluatedCompound } from "./evaluation";
import type { WorkflowObjective } from "./objectives";
import {
  negatomeFilterReason,
  propertyFilterReason,
  type NegatomeVerdict,
  type ScreeningFilters,
} from "./screen-filters";

export interface VhtsOptions {
  library: { name: string; text: string };
  objectives: WorkflowObjective[];
  max_evaluations: number;
  /** 0: no limit. */
  wallclock_limit_s: number;
  /** The run's continuous space (§3): embedding dimension and bounds. */
  dimension: number;
  bounds: [number, number];
  /** Compounds scored per batch (default 8). */
  batch_size?: number;
  /** Compounds scored at once (parallel docking processes). */
  concurrency?: number;
  /** The run's visible filters; whatever they drop is listed in `filtered` with the reason. */
  filters: ScreeningFilters;
  /** How many hits keep their docking pose in the result. */
  poses_kept?: number;
  /** The negatome's verdict on a compound (null when it cannot be assessed); without it, no negatome filter. */
  negatome_screen?: NegatomeScreen;
  /**
   * One of `count` shards of a run split over several workers: this shard screens every count-th valid
   * compound, starting at `index`; shard 0 also reports the library's invalid and duplicate lines.
   */
  shard?: { index: number; count: number };
}

export type NegatomeScreen = (smiles: string) => NegatomeVerdict | null;

/** A compound left out of the ranking, and why: dropped by a filter before scoring, or failed to score. */
export interface NotRanked {
  smiles: string;
  name: string | null;
  position: number;
  reason: string;
}

export type StopReason = "budget" | "library_exhausted" | "wallclock" | "cancelled";

export interface VhtsProgress {
  evaluated: number;
  max_evaluations: number;
  candidates: number;
  best_fitness: number | null;
  best_affinity: number | null;
  batch: number;
  /** The compounds scored so far, best first (failed ones left out). */
  ranked: EvaluatedCompound[];
}

export interface VhtsResult {
  hits: EvaluatedCompound[];
  counts: {
    records: number;
    valid: number;
    invalid: number;
    duplicates: number;
    filtered: number;
    candidates: number;
    evaluated: number;
    failed: number;
  };
  invalid: InvalidEntry[];
  filtered: NotRanked[];
  /** Scored but not ranked: an oracle could not score them (its reason). */
  failed: NotRanked[];
  stop_reason: StopReason;
  elapsed_s: number;
}

/** Rows of each not-ranked list kept in the result; the counts give the totals. */
const REPORTED_ROWS = 1000;

/**
 * Virtual high-throughput screening: read the library (bad lines reported), apply the run's filters,
 * embed every candidate in the run's continuous space, and score batches chosen by BatchDiversity
 * until the evaluation budget, the wall-clock limit or the library runs out. Each batch ranks the
 * unscored candidates by the mean fitness of their three nearest scored neighbours in the embedding
 * (0 before anything is scored), then BatchDiversity picks a spread-out batch among the best. Only compounds every
 * oracle scored are ranked; the others are listed as failed with the oracle's reason.
 */
export async function runVhts(
  rdkit: RDKitModule,
  evaluator: CompoundEvaluator,
  options: VhtsOptions,
  hooks: {
    onBatch?(progress: VhtsProgress): void;
    /** Once the candidates are known (0 scored) and after each compound is scored: "n of N scored". */
    onScored?(progress: { evaluated: number; max_evaluations: number; candidates: number }): void;
    cancelled?(): boolean;
    signal?: AbortSignal;
  } = {},
): Promise<VhtsResult> {
  const started = performance.now();
  const library = readCompounds(rdkit, options.library.name, options.library.text);
  const shard = options.shard ?? { index: 0, count: 1 };
  const read =
    shard.count === 1
      ? library
      : {
          compounds: library.compounds.filter((_, i) => i % shard.count === shard.index),
          invalid: shard.index === 0 ? library.invalid : [],
          duplicates: shard.index === 0 ? library.duplicates : 0,
        };
  const filtered: NotRanked[] = [];
  const candidates: { compound: LibraryCompound; embedding: Float64Array; negatome: NegatomeVerdict | null }[] = [];
  for (const compound of read.compounds) {
    const problem = propertyFilterReason(compound, options.filters);
    const negatome = problem ? null : (options.negatome_screen?.(compound.smiles) ?? null);
    const reason = problem ?? negatomeFilterReason(negatome, options.filters);
    if (reason) {
      filtered.push({ smiles: compound.smiles, name: compound.name, position: compound.position, reason });
      continue;
    }
    candidates.push({
      compound,
      embedding: embed(rdkit, compound.smiles, options.dimension, options.bounds),
      negatome,
    });
  }

  const batchSize = options.batch_size ?? 8;
  const scored: { index: number; result: EvaluatedCompound }[] = [];
  const remaining = new Set(candidates.map((_, i) => i));
  let stop: StopReason = "library_exhausted";
  let batch = 0;
  const halted = () => haltReason(started, options.wallclock_limit_s, hooks.cancelled);
  const reportScored = () =>
    hooks.onScored?.({
      evaluated: evaluator.evaluations,
      max_evaluations: options.max_evaluations,
      candidates: candidates.length,
    });
  reportScored();
  while (remaining.size > 0) {
    const halt = halted();
    if (halt) {
      stop = halt;
      break;
    }
    const budgetLeft = options.max_evaluations - evaluator.evaluations;
    if (budgetLeft <= 0) {
      stop = "budget";
      break;
    }
    const pool = [...remaining].map((index) => ({
      index,
      fitness: predictedFitness(candidates[index]!.embedding, scored, candidates),
    }));
    pool.sort((a, b) => b.fitness - a.fitness || a.index - b.index);
    const picks = selectDiverseBatch(
      pool.map((p) => ({ fitness: p.fitness, embedding: candidates[p.index]!.embedding })),
      Math.min(batchSize, budgetLeft),
      DEFAULT_BATCH_DIVERSITY,
    ).map((i) => pool[i]!.index);
    const results = await mapConcurrent(picks, options.concurrency ?? 1, async (index) => {
      if (halted()) return null;
      const result = await evaluator.evaluate(candidates[index]!.compound, hooks.signal);
      reportScored();
      return result;
    });
    picks.forEach((index, i) => {
      if (!results[i]) return;
      remaining.delete(index);
      const { compound, negatome } = candidates[index]!;
      const result = results[i]!;
      scored.push({
        index,
        result: {
          ...result,
          name: compound.name,
          ...(negatome
            ? {
                negatome_risk: negatome.risk,
                negatome_level: negatome.level,
                warnings: [...result.warnings, ...negatome.warnings.filter((w) => !result.warnings.includes(w))],
              }
            : {}),
        },
      });
    });
    batch++;
    const ranked = rankEvaluated(scored.flatMap((s) => (s.result.errors.length ? [] : [s.result])));
    const best = ranked[0];
    const affinities = scored.flatMap((s) => (s.result.affinity === null ? [] : [s.result.affinity]));
    hooks.onBatch?.({
      evaluated: evaluator.evaluations,
      max_evaluations: options.max_evaluations,
      candidates: candidates.length,
      best_fitness: best?.fitness ?? null,
      best_affinity: affinities.length ? Math.min(...affinities) : null,
      batch,
      ranked,
    });
  }
  if (
    remaining.size === 0 &&
    stop !== "cancelled" &&
    evaluator.evaluations >= options.max_evaluations &&
    candidates.length > options.max_evaluations
  )
    stop = "budget";

  const keep = options.poses_kept ?? 25;
  const ranked = scored.filter((s) => s.result.errors.length === 0);
  const failed = scored
    .filter((s) => s.result.errors.length > 0)
    .map(({ index, result }) => ({
      smiles: result.smiles,
      name: result.name,
      position: candidates[index]!.compound.position,
      reason: result.errors.join("; "),
    }));
  const hits = rankEvaluated(ranked.map((s) => s.result)).map((hit, rank) =>
    rank < keep ? hit : { ...hit, pose_pdbqt: undefined },
  );
  return {
    hits,
    counts: {
      records: read.compounds.length + read.invalid.length + read.duplicates,
      valid: read.compounds.length,
      invalid: read.invalid.length,
      duplicates: read.duplicates,
      filtered: filtered.length,
      candidates: candidates.length,
      evaluated: scored.length,
      failed: failed.length,
    },
    invalid: read.invalid.slice(0, REPORTED_ROWS),
    filtered: filtered.slice(0, REPORTED_ROWS),
    failed: failed.slice(0, REPORTED_ROWS),
    stop_reason: stop,
    elapsed_s: Math.round((performance.now() - started) / 100) / 10,
  };
}

function embed(rdkit: RDKitModule, smiles: string, dimension: number, [lo, hi]: [number, number]): Float64Array {
  const mol = rdkit.get_mol(smiles)!;
  try {
    // The embedding lies in (−1, 1); map it onto the run's bounds.
    return moleculeEmbedding(mol, dimension).map((v) => lo + ((v + 1) / 2) * (hi - lo));
  } finally {
    mol.delete();
  }
}

function predictedFitness(
  embedding: Float64Array,
  scored: { index: number; result: EvaluatedCompound }[],
  candidates: { embedding: Float64Array }[],
): number {
  if (scored.length === 0) return 0;
  const nearest = scored
    .map((s) => ({ distance: euclideanDistance(embedding, candidates[s.index]!.embedding), fitness: s.result.fitness }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3);
  return nearest.reduce((sum, n) => sum + n.fitness, 0) / nearest.length;
}
