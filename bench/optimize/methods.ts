import type { RDKitModule } from "@sieve/chem";
import {
  GRAPH_GA_DEFAULTS,
  mutateSmiles,
  Oracle,
  Random,
  runGraphGA,
  type Evaluation,
  type Objective,
} from "@sieve/optimize";

export const METHODS = [
  "graph_ga",
  "graph_ga_surrogate",
  "graph_ga_batch_diversity",
  "random_sampling",
  "random_mutation",
] as const;
export type Method = (typeof METHODS)[number];

/** PMO's tuned Graph GA settings (mol_opt main/graph_ga/hparams_default.yaml). */
const PMO_GRAPH_GA = { populationSize: 120, offspringSize: 70, mutationRate: 0.067 };
/** graph_ga_surrogate: three children made per oracle call, ranked by a 10-nearest-neighbour surrogate. */
export const BENCH_SURROGATE = { oversample: 3, neighbours: 10 };
/** The embedding size BatchDiversity uses in graph_ga_batch_diversity: the product's default. */
export const BENCH_DIMENSION = GRAPH_GA_DEFAULTS.dimension;

/**
 * Runs one method until `budget` oracle calls, reporting each new evaluation. The baselines:
 * random sampling scores pool molecules in a seeded random order (it stops when the pool is
 * used up); random mutation scores single GB-GA mutants of random pool molecules, without any
 * selection, so it explores with the same operators as the GA but never builds on what scored well.
 */
export function runMethod(
  rdkit: RDKitModule,
  method: Method,
  objective: Objective,
  pool: readonly string[],
  seed: number,
  budget: number,
  onEvaluation: (e: Evaluation) => void,
): void {
  if (method === "graph_ga" || method === "graph_ga_batch_diversity" || method === "graph_ga_surrogate") {
    runGraphGA(
      rdkit,
      {
        startingSmiles: pool,
        objective,
        seed,
        maxGenerations: Number.MAX_SAFE_INTEGER,
        maxOracleCalls: budget,
        batchDiversity: method === "graph_ga_batch_diversity",
        ...(method === "graph_ga_surrogate" ? { surrogate: BENCH_SURROGATE } : {}),
        dimension: BENCH_DIMENSION,
        ...PMO_GRAPH_GA,
      },
      { onEvaluation },
    );
    return;
  }
  const random = new Random(seed);
  const oracle = new Oracle(rdkit, objective, budget, onEvaluation);
  if (method === "random_sampling") {
    for (const smiles of random.shuffle([...pool])) if (!oracle.evaluate(smiles)) break;
    return;
  }
  // Mutants already scored cost nothing; the cap only guards against a pool that cannot mutate.
  for (let attempt = 0; attempt < 20 * budget && !oracle.exhausted; attempt++) {
    const mutant = mutateSmiles(rdkit, random.pick(pool), random);
    if (mutant) oracle.evaluate(mutant.smiles);
  }
}
