import type { Mol } from "@rdkit/rdkit";
import { morganFingerprint, type RDKitModule } from "@sieve/chem";
import { DEFAULT_BATCH_DIVERSITY, selectDiverseBatch, type BatchDiversityOptions } from "./batch-diversity";
import { crossover, type Parent } from "./crossover";
import { moleculeEmbedding } from "./embedding";
import { readKekuleGraph } from "./mol-graph";
import { mutate } from "./mutations";
import type { Objective } from "./objective";
import { canonicalSmiles, compareEvaluations, Oracle, type Evaluation } from "./oracle";
import { Random } from "./random";
import { NearestNeighbourSurrogate } from "./surrogate";
import {
  bestMolecules,
  curvesOf,
  internalDiversity,
  rate,
  type GenerationStats,
  type OptimizationResult,
  type StopReason,
} from "./result";
import { DEFAULT_CHILD_LIMITS, type ChildLimits } from "./validity";

/**
 * Graph-based genetic algorithm, GB-GA (Jensen, Chem Sci 2019, 10:3567), in the form of the
 * GuacaMol baseline (Brown et al., J Chem Inf Model 2019, 59:1096; guacamol_baselines
 * graph_ga/goal_directed_generation.py) that PMO benchmarks (Gao et al., "Sample efficiency
 * matters", NeurIPS 2022): each generation draws a mating pool of `populationSize` parents with
 * probability proportional to fitness, makes `offspringSize` children by crossover followed by
 * mutation at `mutationRate`, and keeps the best `populationSize` of parents and children
 * together (so the best molecule always survives), or, with BatchDiversity, a diverse selection
 * after the elite. Every molecule is scored once (see `Oracle`).
 */
export interface GraphGAOptions {
  /** Starting molecules; more than `populationSize` are sampled, fewer are topped up by mutation. */
  startingSmiles: readonly string[];
  objective: Objective;
  seed: number;
  populationSize?: number;
  /** Children per generation; default `populationSize`. */
  offspringSize?: number;
  maxGenerations?: number;
  /** Oracle-call budget: the run stops on the call that spends it. */
  maxOracleCalls?: number;
  /** Probability that a crossover child is mutated; PMO's tuned 0.067 by default. */
  mutationRate?: number;
  /** Size of the embedding BatchDiversity measures distance in (1–50). */
  dimension?: number;
  /** BatchDiversity survivor selection; off (plain truncation) unless given. */
  batchDiversity?: boolean | Partial<BatchDiversityOptions>;
  childLimits?: Partial<ChildLimits>;
  wallClockLimitS?: number;
  /** How many best molecules the result lists; default 10. */
  bestCount?: number;
  /**
   * Surrogate screening (see `surrogate.ts`): each generation makes `oversample` × `offspringSize`
   * children and spends oracle calls only on the `offspringSize` unscored ones the k-nearest-neighbour
   * surrogate ranks best. Off unless given.
   */
  surrogate?: { oversample: number; neighbours: number };
}

export interface GraphGAHooks {
  onGeneration?(stats: GenerationStats): void;
  onEvaluation?(evaluation: Evaluation): void;
  /** Asked before every child; true ends the run as cancelled. */
  shouldStop?(): boolean;
  /** Milliseconds clock for the wall-clock limit and wall time; `performance.now` by default. */
  now?(): number;
}

/** The product's defaults (spec §9: population 80, generations 50, dimension 10), PMO's mutation rate. */
export const GRAPH_GA_DEFAULTS = {
  populationSize: 80,
  maxGenerations: 50,
  mutationRate: 0.067,
  dimension: 10,
  bestCount: 10,
} as const;

/** What the run keeps per molecule besides its score, computed once and only when needed. */
interface MoleculeData {
  parent?: Parent | null;
  fingerprint?: Uint32Array;
  embedding?: Float64Array;
}

export function runGraphGA(rdkit: RDKitModule, options: GraphGAOptions, hooks: GraphGAHooks = {}): OptimizationResult {
  const populationSize = positiveInteger("populationSize", options.populationSize ?? GRAPH_GA_DEFAULTS.populationSize);
  const offspringSize = positiveInteger("offspringSize", options.offspringSize ?? populationSize);
  const maxGenerations = positiveInteger(
    "maxGenerations",
    options.maxGenerations ?? GRAPH_GA_DEFAULTS.maxGenerations,
    true,
  );
  const mutationRate = options.mutationRate ?? GRAPH_GA_DEFAULTS.mutationRate;
  const dimension = options.dimension ?? GRAPH_GA_DEFAULTS.dimension;
  const diversity = options.batchDiversity
    ? { ...DEFAULT_BATCH_DIVERSITY, ...(options.batchDiversity === true ? {} : options.batchDiversity) }
    : null;
  const limits: ChildLimits = { ...DEFAULT_CHILD_LIMITS, ...options.childLimits };
  const now = hooks.now ?? (() => performance.now());
  const started = now();
  const random = new Random(options.seed);
  const surrogate = options.surrogate ? new NearestNeighbourSurrogate(options.surrogate.neighbours) : null;
  const data = new Map<string, MoleculeData>();
  const dataOf = (smiles: string) => {
    let entry = data.get(smiles);
    if (!entry) data.set(smiles, (entry = {}));
    return entry;
  };
  const parentOf = (smiles: string) => {
    const entry = dataOf(smiles);
    if (entry.parent === undefined) {
      const graph = readKekuleGraph(rdkit, smiles);
      entry.parent = graph ? { smiles, graph } : null;
    }
    return entry.parent;
  };
  const fill = (entry: MoleculeData, mol: Mol, withEmbedding: boolean) => {
    entry.fingerprint ??= morganFingerprint(mol);
    if (withEmbedding) entry.embedding ??= moleculeEmbedding(mol, dimension, entry.fingerprint);
  };
  const describe = (smiles: string, withEmbedding: boolean) => {
    const entry = dataOf(smiles);
    if (entry.fingerprint && (entry.embedding || !withEmbedding)) return entry;
    const mol = rdkit.get_mol(smiles)!;
    try {
      fill(entry, mol, withEmbedding);
    } finally {
      mol.delete();
    }
    return entry;
  };
  // The surrogate learns from every molecule scored and BatchDiversity weighs every new child, so
  // then each is described from the oracle's own RDKit molecule instead of parsing its SMILES again.
  const describeWhenScored =
    surrogate || diversity ? (smiles: string, mol: Mol) => fill(dataOf(smiles), mol, diversity !== null) : undefined;
  const oracle = new Oracle(
    rdkit,
    options.objective,
    options.maxOracleCalls,
    (evaluation) => {
      hooks.onEvaluation?.(evaluation);
      surrogate?.add(describe(evaluation.smiles, false).fingerprint!, evaluation.fitness);
    },
    describeWhenScored,
  );

  let stopReason: StopReason | null = null;
  const mustStop = (): boolean => {
    if (hooks.shouldStop?.()) stopReason = "cancelled";
    else if (options.wallClockLimitS !== undefined && now() - started >= options.wallClockLimitS * 1000)
      stopReason = "wall_clock_limit";
    else if (oracle.exhausted) stopReason = "max_oracle_calls";
    return stopReason !== null;
  };

  /** The `offspringSize` unscored children the surrogate ranks best. */
  const screened = (unscoredChildren: string[]): string[] => {
    if (!surrogate) return [];
    return unscoredChildren
      .map((smiles) => ({ smiles, predicted: surrogate.predict(describe(smiles, false).fingerprint!) }))
      .sort((x, y) => y.predicted - x.predicted || (x.smiles < y.smiles ? -1 : x.smiles > y.smiles ? 1 : 0))
      .slice(0, offspringSize)
      .map((candidate) => candidate.smiles);
  };

  let population = initialPopulation(
    rdkit,
    options.startingSmiles,
    populationSize,
    oracle,
    random,
    limits,
    mustStop,
    parentOf,
  );
  const history: GenerationStats[] = [];
  const record = (generation: number) => {
    const stats: GenerationStats = {
      generation,
      best: oracle.ranked()[0]?.fitness ?? 0,
      mean: population.reduce((sum, e) => sum + e.fitness, 0) / Math.max(1, population.length),
      top10Mean: oracle.topMean(10),
      diversity: internalDiversity(population.map((e) => describe(e.smiles, false).fingerprint!)),
      oracleCalls: oracle.calls,
    };
    history.push(stats);
    hooks.onGeneration?.(stats);
  };
  record(0);

  let attempted = 0;
  let valid = 0;
  let unseen = 0;
  let generation = 0;
  while (generation < maxGenerations && !mustStop()) {
    generation++;
    const weights = population.map((e) => e.fitness + 1e-10);
    const matingPool = Array.from({ length: populationSize }, () => population[random.weightedIndex(weights)]!);
    const children: Evaluation[] = [];
    const unscored = new Set<string>();
    const reproductions = offspringSize * (options.surrogate?.oversample ?? 1);
    for (let i = 0; i < reproductions && !mustStop(); i++) {
      attempted++;
      const a = parentOf(random.pick(matingPool).smiles);
      const b = parentOf(random.pick(matingPool).smiles);
      let child = a && b ? crossover(rdkit, a, b, random, limits) : null;
      if (child !== null && random.next() < mutationRate) {
        const graph = parentOf(child)?.graph;
        child = graph ? (mutate(rdkit, graph, random, limits)?.smiles ?? null) : null;
      }
      if (child === null) continue;
      valid++;
      const known = oracle.cached(child);
      if (known) children.push(known);
      else if (!surrogate) {
        // Scored at once, as GB-GA does, so that a run without the surrogate stops on the call that spends the budget.
        unseen++;
        const evaluation = oracle.evaluate(child);
        if (evaluation) children.push(evaluation);
      } else if (!unscored.has(child)) {
        unscored.add(child);
        unseen++;
      }
    }
    for (const child of screened([...unscored])) {
      if (mustStop()) break;
      const evaluation = oracle.evaluate(child);
      if (evaluation) children.push(evaluation);
    }
    const candidates = uniqueBySmiles([...population, ...children]).sort(compareEvaluations);
    population = diversity
      ? selectDiverseBatch(
          candidates.map((e) => ({ fitness: e.fitness, embedding: describe(e.smiles, true).embedding! })),
          populationSize,
          diversity,
        ).map((i) => candidates[i]!)
      : candidates.slice(0, populationSize);
    record(generation);
  }

  const ranked = oracle.ranked();
  return {
    final_metrics: {
      best_molecules: bestMolecules(ranked, options.bestCount ?? GRAPH_GA_DEFAULTS.bestCount),
      best_fitness: ranked[0]?.fitness ?? 0,
      top10_mean_fitness: oracle.topMean(10),
      internal_diversity: internalDiversity(ranked.slice(0, 10).map((e) => describe(e.smiles, false).fingerprint!)),
      oracle_calls: oracle.calls,
      generations: generation,
      children_attempted: attempted,
      validity_rate: rate(valid, attempted),
      uniqueness_rate: rate(unseen, valid),
      wall_time_s: (now() - started) / 1000,
      stop_reason: stopReason ?? "max_generations",
    },
    curves: curvesOf(history),
  };
}

/**
 * The first population: the starting molecules (a seeded sample of `size` when there are more),
 * topped up to `size` with single mutations of them when there are fewer, as a user may start
 * from a handful of hits.
 */
function initialPopulation(
  rdkit: RDKitModule,
  startingSmiles: readonly string[],
  size: number,
  oracle: Oracle,
  random: Random,
  limits: ChildLimits,
  mustStop: () => boolean,
  parentOf: (smiles: string) => Parent | null,
): Evaluation[] {
  const starting = [
    ...new Set(startingSmiles.map((s) => canonicalSmiles(rdkit, s)).filter((s): s is string => s !== null)),
  ];
  if (starting.length === 0) throw new Error("None of the starting SMILES is a valid single molecule.");
  const chosen = starting.length > size ? random.shuffle(starting).slice(0, size) : starting;
  const population = new Map<string, Evaluation>();
  for (const smiles of chosen) {
    if (mustStop()) break;
    const evaluation = oracle.evaluate(smiles);
    if (evaluation) population.set(smiles, evaluation);
  }
  for (let attempt = 0; attempt < 20 * size && population.size < size && !mustStop(); attempt++) {
    const parent = parentOf(random.pick(chosen));
    const mutant = parent && mutate(rdkit, parent.graph, random, limits);
    if (!mutant || population.has(mutant.smiles)) continue;
    const evaluation = oracle.evaluate(mutant.smiles);
    if (evaluation) population.set(mutant.smiles, evaluation);
  }
  return [...population.values()];
}

function uniqueBySmiles(evaluations: Evaluation[]): Evaluation[] {
  return [...new Map(evaluations.map((e) => [e.smiles, e])).values()];
}

function positiveInteger(name: string, value: number, allowZero = false): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1))
    throw new RangeError(`${name} must be a ${allowZero ? "non-negative" : "positive"} integer, got ${value}`);
  return value;
}
