import {
  COMPONENT_WEIGHT,
  COMPOSITE_DEFAULT_WEIGHTS,
  COVERAGE_EXPONENT,
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

/** Room for the position in a packed sort key: 2^21 targets; with scores below 2^30 the key stays an exact double. */
const POSITION_SLOTS = 2 ** 21;

/** Each component of every target as a Float64Array (NaN: no data), built once per list of results. */
const componentColumns = new WeakMap<readonly TargetResult[], Float64Array[]>();

function columnsOf(results: readonly TargetResult[]): Float64Array[] {
  let columns = componentColumns.get(results);
  if (!columns) {
    columns = TARGET_COMPONENTS.map((component) =>
      Float64Array.from(results, (r) => r.components[component] ?? Number.NaN),
    );
    componentColumns.set(results, columns);
  }
  return columns;
}

/**
 * Re-ranks the server's results for new weights with the same priority the server ranks by
 * (`priorityScore`, computed here over typed columns with the same operations in the same order, so
 * the values are identical), highest first, ties in the server's order, and returns the first `limit`
 * (all by default). Each target's rounded score and position are packed into one number (score · 2^21
 * + reversed position) and sorted as a Float64Array, natively and without a comparator: a slider move
 * over 20,000 genes is a few milliseconds of arithmetic and one numeric sort.
 */
export function rankTargets(
  results: readonly TargetResult[],
  weights: TargetWeights,
  limit = results.length,
): RankedTarget[] {
  const n = Math.min(results.length, POSITION_SLOTS);
  const columns = columnsOf(results);
  const w = TARGET_COMPONENTS.map((component) => Math.max(0, weights[COMPONENT_WEIGHT[component]]));
  const total = w.reduce((sum, x) => sum + x, 0);
  const scores = new Float64Array(n);
  const coverages = new Float64Array(n);
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let covered = 0;
    for (let k = 0; k < columns.length; k++) {
      const value = columns[k]![i]!;
      if (value !== value) continue; // NaN: no data
      sum += w[k]! * value;
      covered += w[k]!;
    }
    const score = covered === 0 ? 0 : (sum / covered) * Math.pow(covered / total, COVERAGE_EXPONENT);
    scores[i] = score;
    coverages[i] = total === 0 ? 0 : covered / total;
    packed[i] = Math.round(score * SCORE_RESOLUTION) * POSITION_SLOTS + (POSITION_SLOTS - 1 - i);
  }
  packed.sort();
  const shown = Math.min(limit, n);
  const out: RankedTarget[] = new Array(shown);
  for (let position = 0; position < shown; position++) {
    const index = POSITION_SLOTS - 1 - (packed[n - 1 - position]! % POSITION_SLOTS);
    const result = results[index]!;
    out[position] = {
      result,
      score: scores[index]!,
      rank: position + 1,
      coverage: coverages[index]!,
    };
  }
  return out;
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
