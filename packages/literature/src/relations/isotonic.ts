/**
 * Isotonic regression calibration (Zadrozny & Elkan, "Transforming classifier scores into accurate
 * multiclass probability estimates", KDD 2002), fitted with the pool-adjacent-violators algorithm
 * (Ayer et al., Ann. Math. Statist. 26:641–647, 1955) as scikit-learn's IsotonicRegression
 * (`out_of_bounds="clip"`, linear interpolation between the fitted points).
 *
 * The table is monotone: a higher raw score never gets a lower probability.
 */
export interface CalibrationTable {
  /** Ascending raw scores: the mean score of each pooled block. */
  scores: number[];
  /** The observed positive rate of each block, non-decreasing. */
  probabilities: number[];
}

export function fitIsotonic(examples: { score: number; y: number }[]): CalibrationTable {
  const sorted = [...examples].sort((a, b) => a.score - b.score);
  // Blocks of tied or pooled examples: summed score, summed label, count.
  const blocks: { s: number; y: number; n: number }[] = [];
  for (const e of sorted) {
    const last = blocks[blocks.length - 1];
    if (last && last.s / last.n === e.score) {
      last.s += e.score;
      last.y += e.y;
      last.n += 1;
    } else blocks.push({ s: e.score, y: e.y, n: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1]!;
      const a = blocks[blocks.length - 2]!;
      if (a.y / a.n <= b.y / b.n) break;
      blocks.splice(-2, 2, { s: a.s + b.s, y: a.y + b.y, n: a.n + b.n });
    }
  }
  return { scores: blocks.map((b) => b.s / b.n), probabilities: blocks.map((b) => b.y / b.n) };
}

/** The calibrated probability of a raw score: linear between table points, clipped at both ends. */
export function calibrate(table: CalibrationTable, score: number): number {
  const { scores, probabilities } = table;
  if (scores.length === 0) return score;
  if (score <= scores[0]!) return probabilities[0]!;
  const last = scores.length - 1;
  if (score >= scores[last]!) return probabilities[last]!;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (scores[mid]! <= score) lo = mid;
    else hi = mid;
  }
  const t = (score - scores[lo]!) / (scores[hi]! - scores[lo]!);
  return probabilities[lo]! + t * (probabilities[hi]! - probabilities[lo]!);
}

/**
 * Expected calibration error over `bins` equal-width probability bins (Guo et al., ICML 2017) and
 * the reliability table behind it: per bin, the mean predicted probability and the observed rate.
 */
export function reliability(
  predictions: { p: number; y: number }[],
  bins = 10,
): { ece: number; rows: { bin: string; n: number; mean_confidence: number; observed_rate: number }[] } {
  const acc = Array.from({ length: bins }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of predictions) {
    const b = acc[Math.min(bins - 1, Math.floor(p * bins))]!;
    b.n += 1;
    b.p += p;
    b.y += y;
  }
  let ece = 0;
  const rows = acc.map((b, i) => {
    if (b.n > 0) ece += (b.n / predictions.length) * Math.abs(b.p / b.n - b.y / b.n);
    return {
      bin: `${(i / bins).toFixed(1)}–${((i + 1) / bins).toFixed(1)}`,
      n: b.n,
      mean_confidence: b.n ? b.p / b.n : 0,
      observed_rate: b.n ? b.y / b.n : 0,
    };
  });
  return { ece, rows };
}
