import type { ConfidenceFilter, PairKindName } from "@sieve/contracts";

const KIND_NAMES: Record<PairKindName, string> = {
  "chemical-disease": "chemical–disease",
  "gene-disease": "gene–disease",
  "chemical-gene": "chemical–gene",
  "gene-gene": "gene–gene",
};

/**
 * What a triple list's confidence filter did, in words: the thresholds applied (per pair kind by default, the one
 * asked for otherwise) and how many triples they held back.
 */
export function describeConfidenceFilter(filter: ConfidenceFilter, kinds?: PairKindName[]): string {
  const hidden =
    filter.below_min_confidence === 0 ? "none held back" : `${filter.below_min_confidence} below it held back`;
  if (filter.min_confidence !== null)
    return filter.min_confidence === 0
      ? "Every triple, whatever its confidence."
      : `Triples with confidence ≥ ${filter.min_confidence} (${hidden}).`;
  const shown = (kinds ?? (Object.keys(KIND_NAMES) as PairKindName[]))
    .map((kind) => `${KIND_NAMES[kind]} ≥ ${filter.confidence_thresholds[kind]}`)
    .join(", ");
  return `Triples at the default confidence thresholds, each the best-F1 threshold on development data: ${shown} (${hidden}).`;
}
