import { PAIR_KINDS, type ConfidenceFilter, type PairKindName } from "@sieve/contracts";
import { CONFIDENCE_MODEL } from "@sieve/literature";

export type ConfidenceThresholds = Record<PairKindName, number>;

/**
 * The thresholds a request applies: its `min_confidence` for every pair kind, else the defaults — per pair
 * kind, the threshold maximising F1 on the development split (bench/literature/fit-confidence.ts).
 */
export function thresholdsFor(minConfidence: number | undefined): ConfidenceThresholds {
  if (minConfidence === undefined) return CONFIDENCE_MODEL.defaultMinConfidence;
  return Object.fromEntries(PAIR_KINDS.map((kind) => [kind, minConfidence])) as ConfidenceThresholds;
}

/** The threshold of a triple by its head and tail types (extraction orders them as the pair kinds name them). */
export function thresholdOf(thresholds: ConfidenceThresholds, headType: string, tailType: string): number {
  return thresholds[`${headType}-${tailType}` as PairKindName] ?? 0;
}

/** What every triple answer says about its filter: the request's value, the thresholds applied, what they left out. */
export function confidenceFilter(minConfidence: number | undefined, below: number): ConfidenceFilter {
  return {
    min_confidence: minConfidence ?? null,
    confidence_thresholds: thresholdsFor(minConfidence),
    below_min_confidence: below,
  };
}
