import { euclideanDistance } from "./embedding";

/**
 * BatchDiversity: survivor selection that keeps each generation spread out in the descriptor
 * embedding (`embedding.ts`). It is a fitness-banded max–min picker, in the spirit of the
 * MaxMin diversity picking of Ashton et al. (Quant Struct-Act Relat 2002, 21:598) applied only
 * among candidates of nearly equal fitness, so diversity is bought without giving up fitness:
 * 1. the `eliteFraction` best candidates survive unconditionally (elitism);
 * 2. then, until the population is full: among the remaining candidates whose fitness is within
 *    `fitnessBand` of the best remaining fitness, the one farthest (Euclidean, nearest-neighbour
 *    distance) from every survivor so far survives; ties go to the fitter, then to the earlier.
 * With `fitnessBand` 0 this is plain truncation selection.
 */
export interface BatchDiversityOptions {
  /** Share of the population kept by fitness alone; default 0.2. */
  eliteFraction: number;
  /** Fitness tolerance within which candidates count as equally fit; default 0.05. */
  fitnessBand: number;
}

export const DEFAULT_BATCH_DIVERSITY: BatchDiversityOptions = { eliteFraction: 0.2, fitnessBand: 0.05 };

export interface DiversityCandidate {
  fitness: number;
  embedding: Float64Array;
}

/**
 * Indices of the `size` survivors, in the order chosen. `candidates` must already be sorted best
 * first, with ties broken deterministically, so the choice depends on nothing else.
 */
export function selectDiverseBatch(
  candidates: readonly DiversityCandidate[],
  size: number,
  options: BatchDiversityOptions = DEFAULT_BATCH_DIVERSITY,
): number[] {
  const count = Math.min(size, candidates.length);
  const elite = Math.min(count, Math.max(1, Math.round(options.eliteFraction * size)));
  const chosen = Array.from({ length: elite }, (_, i) => i);
  // Distance from each remaining candidate to its nearest survivor, kept up to date as survivors join.
  const nearest = candidates.map((c) =>
    Math.min(...chosen.map((s) => euclideanDistance(c.embedding, candidates[s]!.embedding))),
  );
  const taken = new Uint8Array(candidates.length);
  for (const s of chosen) taken[s] = 1;
  let firstFree = elite;
  while (chosen.length < count) {
    while (taken[firstFree]) firstFree++;
    const floor = candidates[firstFree]!.fitness - options.fitnessBand;
    let pick = firstFree;
    for (let i = firstFree + 1; i < candidates.length && candidates[i]!.fitness >= floor; i++) {
      if (!taken[i] && nearest[i]! > nearest[pick]!) pick = i;
    }
    chosen.push(pick);
    taken[pick] = 1;
    const picked = candidates[pick]!.embedding;
    for (let i = 0; i < candidates.length; i++)
      if (!taken[i]) nearest[i] = Math.min(nearest[i]!, euclideanDistance(candidates[i]!.embedding, picked));
  }
  return chosen;
}
