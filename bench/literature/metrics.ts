/** Precision, recall and F1 from counts. */
export interface Prf {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** A score as the literature result tables show it: P, R, F1 and the counts behind them. */
export function prfColumns(r: Prf): { P: number; R: number; F1: number; tp: number; fp: number; fn: number } {
  return { P: r.precision, R: r.recall, F1: r.f1, tp: r.tp, fp: r.fp, fn: r.fn };
}

export function prf(tp: number, fp: number, fn: number): Prf {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision, recall, f1 };
}

/** Compares predicted and gold sets of string keys and accumulates counts. */
export class SetScorer {
  tp = 0;
  fp = 0;
  fn = 0;
  add(predicted: Iterable<string>, gold: Iterable<string>): void {
    const g = new Set(gold);
    const p = new Set(predicted);
    for (const x of p) {
      if (g.has(x)) this.tp++;
      else this.fp++;
    }
    for (const x of g) if (!p.has(x)) this.fn++;
  }
  result(): Prf {
    return prf(this.tp, this.fp, this.fn);
  }
}

/** Area under the ROC curve (Mann–Whitney U, ties counted one half). */
export function auroc(scored: { score: number; y: number }[]): number {
  const sorted = [...scored].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++)
      if (sorted[k]!.y === 1) {
        rankSum += rank;
        positives++;
      }
    i = j;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Brier score and expected calibration error over 10 equal-width bins. */
export function calibration(scored: { score: number; y: number }[]): { brier: number; ece: number } {
  let brier = 0;
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { score, y } of scored) {
    brier += (score - y) ** 2;
    const b = bins[Math.min(9, Math.floor(score * 10))]!;
    b.n++;
    b.p += score;
    b.y += y;
  }
  const n = scored.length;
  const ece = bins.reduce((sum, b) => sum + (b.n === 0 ? 0 : (b.n / n) * Math.abs(b.p / b.n - b.y / b.n)), 0);
  return { brier: brier / n, ece };
}
