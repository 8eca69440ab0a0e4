import { tanimoto } from "@sieve/chem";
import type { MoleculeAcceptability } from "./objective";
import type { Evaluation } from "./oracle";

/** Progress of one generation, as `onGeneration` reports it and the curves plot it. */
export interface GenerationStats {
  generation: number;
  /** Best fitness scored so far in the run. */
  best: number;
  /** Mean fitness of the current population. */
  mean: number;
  /** Mean fitness of the 10 best molecules scored so far (PMO's top-10). */
  top10Mean: number;
  /** Internal diversity of the current population (see `internalDiversity`). */
  diversity: number;
  oracleCalls: number;
}

export interface CurvePoint {
  x: number;
  y: number;
}

/** One curve of a run, in the shape of `@sieve/contracts` `Curves`. */
export interface Curve {
  name: string;
  points: CurvePoint[];
}

export interface BestMolecule {
  smiles: string;
  fitness: number;
  properties: Record<string, number>;
  acceptability?: MoleculeAcceptability;
}

export type StopReason = "max_generations" | "max_oracle_calls" | "cancelled" | "wall_clock_limit";

export interface FinalMetrics {
  /** The best molecules scored in the whole run, best first. */
  best_molecules: BestMolecule[];
  best_fitness: number;
  top10_mean_fitness: number;
  /** Internal diversity of the 10 best molecules of the run. */
  internal_diversity: number;
  oracle_calls: number;
  generations: number;
  /** Reproduction attempts (crossover, then mutation at the mutation rate). */
  children_attempted: number;
  /** Share of attempts that gave an acceptable, sanitised molecule. */
  validity_rate: number;
  /** Share of valid children never scored before in the run (the rest cost no oracle call). */
  uniqueness_rate: number;
  wall_time_s: number;
  stop_reason: StopReason;
}

export interface OptimizationResult {
  final_metrics: FinalMetrics;
  /** `best`, `mean`, `top10_mean` and `diversity` against the generation number. */
  curves: Curve[];
}

/**
 * Internal diversity: the mean over all pairs of 1 − Tanimoto similarity of Morgan fingerprints
 * (radius 2, 2048 bits), as in GuacaMol's and MOSES' internal diversity; 0 for fewer than two.
 */
export function internalDiversity(fingerprints: readonly Uint32Array[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < fingerprints.length; i++) {
    for (let j = i + 1; j < fingerprints.length; j++) {
      sum += 1 - tanimoto(fingerprints[i]!, fingerprints[j]!);
      pairs++;
    }
  }
  return pairs === 0 ? 0 : sum / pairs;
}

export function bestMolecules(ranked: readonly Evaluation[], count: number): BestMolecule[] {
  return ranked.slice(0, count).map(({ smiles, fitness, properties, acceptability }) => ({
    smiles,
    fitness,
    properties,
    ...(acceptability ? { acceptability } : {}),
  }));
}

const CURVES: [string, keyof GenerationStats][] = [
  ["best", "best"],
  ["mean", "mean"],
  ["top10_mean", "top10Mean"],
  ["diversity", "diversity"],
];

export function curvesOf(history: readonly GenerationStats[]): Curve[] {
  return CURVES.map(([name, key]) => ({
    name,
    points: history.map((stats) => ({ x: stats.generation, y: stats[key] })),
  }));
}

/** `part / whole`, or 0 when nothing was attempted. */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
