import { combineRisk, riskComponents, type SafetyEvidence, type SafetyParameters } from "./safety-score";

/**
 * Area under the ROC curve by the Mann–Whitney statistic (ties count one half), i.e. the
 * probability that a random positive scores above a random negative. NaN without both classes.
 */
export function auroc(scores: readonly number[], positives: readonly boolean[]): number {
  const order = scores.map((score, i) => ({ score, positive: positives[i]! })).sort((a, b) => a.score - b.score);
  let rankSum = 0;
  let positiveCount = 0;
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end < order.length && order[end]!.score === order[start]!.score) end++;
    const meanRank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) {
      if (order[i]!.positive) {
        rankSum += meanRank;
        positiveCount++;
      }
    }
    start = end;
  }
  const negativeCount = order.length - positiveCount;
  if (positiveCount === 0 || negativeCount === 0) return NaN;
  return (rankSum - (positiveCount * (positiveCount + 1)) / 2) / (positiveCount * negativeCount);
}

/** One training compound: its evidence gathered without itself or its scaffold, and whether it failed. */
export interface TrainingExample {
  evidence: SafetyEvidence;
  failed: boolean;
}

export type ParameterGrid = { [K in Exclude<keyof SafetyParameters, "prior_rate">]: readonly number[] };

/** The grid searched on each ClinTox training part. */
export const PARAMETER_GRID: ParameterGrid = {
  kernel_start: [0.15, 0.2, 0.25, 0.3],
  kernel_power: [1, 2],
  neighbours: [5, 10, 20, 40],
  prior_strength: [0.1, 0.3, 1, 2],
};

export interface FittedParameters {
  parameters: SafetyParameters;
  /** AUROC of the full risk score on the training examples with these parameters. */
  training_auroc: number;
}

/**
 * Grid search for the neighbourhood parameters that rank the training examples best (AUROC of
 * the full risk score), with the prior rate set to their failure rate. Each example's evidence
 * must leave out the example itself and, to mimic a scaffold split, compounds of its scaffold.
 * Ties keep the first grid point.
 */
export function fitSafetyParameters(
  examples: readonly TrainingExample[],
  grid: ParameterGrid = PARAMETER_GRID,
): FittedParameters {
  const failed = examples.map((example) => example.failed);
  const priorRate = failed.filter(Boolean).length / examples.length;
  let best: FittedParameters | undefined;
  for (const kernel_start of grid.kernel_start) {
    for (const kernel_power of grid.kernel_power) {
      for (const neighbours of grid.neighbours) {
        for (const prior_strength of grid.prior_strength) {
          const parameters = { kernel_start, kernel_power, neighbours, prior_strength, prior_rate: priorRate };
          const score = auroc(
            examples.map((example) => combineRisk(riskComponents(example.evidence, parameters))),
            failed,
          );
          if (!best || score > best.training_auroc) best = { parameters, training_auroc: score };
        }
      }
    }
  }
  if (!best) throw new Error("fitSafetyParameters: empty grid");
  return best;
}
