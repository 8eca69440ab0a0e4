import {
  COMPONENT_WEIGHT,
  COMPOSITE_DEFAULT_WEIGHTS,
  priorityCoverage,
  priorityScore,
  TARGET_COMPONENTS,
  type TargetComponent,
  type TargetResult,
  type TargetWeights,
} from "@sieve/contracts";

/** One row of the ranking as the browser orders it for the current weights. */
export interface RankedTarget {
  result: TargetResult;
  /** 1-based position for the current weights. */
  rank: number;
  score: number;
  /** Share of the current weights whose component has data for this gene. */
  coverage: number;
}

export const DEFAULT_WEIGHTS: TargetWeights = { ...COMPOSITE_DEFAULT_WEIGHTS };

/** What each component is called on screen, in the contracts' order (lit, omics, drugg, safe, neg). */
export const COMPONENT_LABELS: Record<TargetComponent, string> = {
  lit: "Literature",
  omics: "Omics",
  drugg: "Druggability",
  safe: "Safety",
  neg: "Negatome",
};

export const WEIGHT_ITEMS = TARGET_COMPONENTS.map((component) => ({
  key: COMPONENT_WEIGHT[component],
  label: COMPONENT_LABELS[component],
}));

/**
 * Scores closer than this count as equal, so floating-point noise between two equal priorities never
 * reorders them: ties keep the server's order.
 */
const SCORE_RESOLUTION = 1e9;

/**
 * Re-ranks the server's results for new weights with the same `priorityScore` the server ranks by,
 * highest first, ties in the server's order, and returns the first `limit` (all by default). Linear in
 * the number of targets plus one sort, so a slider can call it on every move over every ranked gene.
 */
export function rankTargets(
  results: readonly TargetResult[],
  weights: TargetWeights,
  limit = results.length,
): RankedTarget[] {
  const scores = new Float64Array(results.length);
  const keys = new Float64Array(results.length);
  const order = new Array<number>(results.length);
  for (let i = 0; i < results.length; i++) {
    scores[i] = priorityScore(results[i]!.components, weights);
    keys[i] = Math.round(scores[i]! * SCORE_RESOLUTION);
    order[i] = i;
  }
  order.sort((a, b) => keys[b]! - keys[a]! || a - b);
  return order.slice(0, limit).map((index, position) => {
    const result = results[index]!;
    return {
      result,
      score: scores[index]!,
      rank: position + 1,
      coverage: priorityCoverage(result.components, weights),
    };
  });
}

/** Each weight's share of the total, in percent (rounded); all zero gives zeros. */
export function weightShares(weights: TargetWeights): Record<keyof TargetWeights, number> {
  const total = TARGET_COMPONENTS.reduce(
    (sum, component) => sum + Math.max(0, weights[COMPONENT_WEIGHT[component]]),
    0,
  );
  const share = (value: number) => (total === 0 ? 0 : Math.round((Math.max(0, value) / total) * 100));
  return {
    w_lit: share(weights.w_lit),
    w_omics: share(weights.w_omics),
    w_drugg: share(weights.w_drugg),
    w_safe: share(weights.w_safe),
    w_neg: share(weights.w_neg),
  };
}

/** The label of a target with an approved drug for this disease, or null. */
export function approvedLabel(result: TargetResult): string | null {
  return result.approved_for_disease.length
    ? `approved drug for this disease: ${result.approved_for_disease.join(", ")}`
    : null;
}

/** Coverage as the tables show it: a percentage of the weights backed by data. */
export function formatCoverage(coverage: number): string {
  return `${Math.round(coverage * 100)}%`;
}

/** A component as the tables show it: two decimals, or the words "no data". */
export function formatComponent(value: number | null): string {
  return value === null ? "no data" : value.toFixed(2);
}
