import type { ConfidenceTier, FailureClass } from "./failure-classes";

/**
 * The structural safety risk: four pieces of evidence, each a probability-like number in [0, 1],
 * combined by noisy-OR (risk = 1 − Π(1 − component)), so the score is monotone in every piece of
 * evidence, bounded by 1, and no component can lower another. Colours: above 0.7 red, above 0.3
 * amber. Similarities are Tanimoto on Morgan fingerprints, radius 2, 2048 bits (`morgan2_2048`);
 * every threshold below is for that fingerprint only. See packages/negatome/README.md.
 */
export const FINGERPRINT = "morgan2_2048" as const;

export const RISK_AMBER = 0.3;
export const RISK_RED = 0.7;
export type RiskLevel = "green" | "amber" | "red";

export function riskLevel(score: number): RiskLevel {
  return score > RISK_RED ? "red" : score > RISK_AMBER ? "amber" : "green";
}

/**
 * Morgan2/2048 Tanimoto at which an analogue is close enough to share a failure (strong) or worth naming (moderate).
 */
export const STRONG_SIMILARITY = 0.7;
export const MODERATE_SIMILARITY = 0.5;

/**
 * How much a failure of each class says about safety risk (judgement, not fitted: ClinTox has only
 * safety failures). A compound withdrawn without a recorded reason was most often withdrawn for
 * safety; efficacy, solubility and binding failures say little about toxicity.
 */
export const CLASS_WEIGHTS: Record<FailureClass, number> = {
  SAFETY: 1,
  UNSPECIFIED: 0.5,
  PK: 0.5,
  EFFICACY: 0.2,
  SOLUBILITY: 0.2,
  BINDING: 0.1,
};
/** How much a record is trusted, by confidence tier. */
export const TIER_WEIGHTS: Record<ConfidenceTier, number> = { gold: 1, silver: 0.85, bronze: 0.5 };

/** Weight of one failure record as safety evidence: class weight × tier weight, in [0, 1]. */
export function failureWeight(failureClass: FailureClass, tier: ConfidenceTier): number {
  return CLASS_WEIGHTS[failureClass] * TIER_WEIGHTS[tier];
}

/** The compound itself (same standard InChIKey) is a recorded failure: risk = this × failure weight. */
export const EXACT_MATCH_RISK = 0.9;

/**
 * Nearest-analogue risk by Tanimoto (piecewise linear, then × failure weight): nothing below 0.4,
 * 0.3 (amber) at the strong threshold 0.7, 0.6 at 1.0 (same fingerprint, other stereo or salt).
 * Deliberately modest: on ClinTox, compounds whose nearest failure of another scaffold has
 * Tanimoto 0.6–0.8 failed in about a third of cases, ≥ 0.8 in about 40 % (README, "calibration").
 * Kept on the training parts' ablation (grouped splits): it raised training AUROC in 8 of 10 (by ~0.001).
 */
export const ANALOGUE_RAMP: ReadonlyArray<readonly [similarity: number, risk: number]> = [
  [0.4, 0],
  [STRONG_SIMILARITY, 0.3],
  [1, 0.6],
];

/*
 * Structural alerts (PAINS, Brenk) are warnings only, not part of the score: on ClinTox splits
 * grouped by scaffold and entry, adding them lowered the training parts' AUROC in 6 of 10 splits
 * (bench/results/negatome-clintox.md, train_with_alerts); Brenk alerts are about as common in
 * approved drugs (49 %) as in failures (54 %).
 */

/** Target history: per failure on the target (× failure weight), capped (judgement: no data set to fit it on). */
export const TARGET_FAILURE_RISK = 0.1;
export const TARGET_CAP = 0.3;

/**
 * Parameters of the neighbourhood failure rate, fitted on ClinTox training parts (`fitSafetyParameters`):
 * among the `neighbours` most similar known compounds (failures and reference compounds), each
 * weighs ((s − kernel_start) / (1 − kernel_start))^kernel_power, and the failure rate is shrunk
 * towards `prior_rate` with `prior_strength` pseudo-compounds.
 */
export interface SafetyParameters {
  kernel_start: number;
  kernel_power: number;
  neighbours: number;
  prior_strength: number;
  prior_rate: number;
}

/**
 * Fitted on all of ClinTox (1,480 parsed compounds, leave-scaffold-out, PARAMETER_GRID) by
 * bench/negatome/run.ts; every one of its ten training-part fits chose the same kernel (start
 * 0.15, power 1, 40 neighbours), prior strength 1 or 2. The prior rate is ClinTox's failure rate.
 */
export const DEFAULT_SAFETY_PARAMETERS: SafetyParameters = {
  kernel_start: 0.15,
  kernel_power: 1,
  neighbours: 40,
  prior_strength: 1,
  prior_rate: 0.076,
};

/**
 * A known compound near the query: a negatome failure (weight > 0) or a reference compound without a recorded failure
 * (weight 0).
 */
export interface Neighbour {
  similarity: number;
  failure_weight: number;
}

/** Everything the score reads, gathered by `assessSafety` (or by the benchmark for training compounds). */
export interface SafetyEvidence {
  /** Failure weights of records with the query's InChIKey. */
  exact_failure_weights: number[];
  /** Failures and reference compounds, most similar first (at least the `neighbours` nearest above `kernel_start`). */
  neighbours: Neighbour[];
  /** Failure weights of records on the requested target (primary target or named liability). */
  target_failure_weights: number[];
}

export interface RiskComponents {
  exact_match: number;
  nearest_failure: number;
  neighbourhood: number;
  target_history: number;
}

function interpolate(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  const [first] = points;
  if (!first || x <= first[0]) return first?.[1] ?? 0;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points[points.length - 1]![1];
}

export function analogueRisk(similarity: number, weight: number): number {
  return weight * interpolate(ANALOGUE_RAMP, similarity);
}

/** Kernel-weighted failure rate among the nearest known compounds, shrunk towards the prior (Bayesian k-NN). */
export function neighbourhoodFailureRate(neighbours: readonly Neighbour[], parameters: SafetyParameters): number {
  const { kernel_start, kernel_power, neighbours: k, prior_strength, prior_rate } = parameters;
  let weighted = 0;
  let failures = 0;
  for (let i = 0; i < Math.min(k, neighbours.length); i++) {
    const { similarity, failure_weight } = neighbours[i]!;
    if (similarity <= kernel_start) break;
    const weight = ((similarity - kernel_start) / (1 - kernel_start)) ** kernel_power;
    weighted += weight;
    failures += weight * failure_weight;
  }
  return (failures + prior_strength * prior_rate) / (weighted + prior_strength);
}

export function riskComponents(evidence: SafetyEvidence, parameters: SafetyParameters): RiskComponents {
  return {
    exact_match: EXACT_MATCH_RISK * Math.max(0, ...evidence.exact_failure_weights),
    nearest_failure: Math.max(
      0,
      ...evidence.neighbours
        .filter((n) => n.failure_weight > 0)
        .map((n) => analogueRisk(n.similarity, n.failure_weight)),
    ),
    neighbourhood: neighbourhoodFailureRate(evidence.neighbours, parameters),
    target_history: Math.min(
      TARGET_CAP,
      TARGET_FAILURE_RISK * evidence.target_failure_weights.reduce((sum, w) => sum + w, 0),
    ),
  };
}

/** Noisy-OR of the components. */
export function combineRisk(components: RiskComponents): number {
  return 1 - Object.values(components).reduce((keep, risk) => keep * (1 - risk), 1);
}
