/**
 * Open Targets' harmonic sum (Ochoa et al., "Open Targets Platform", Nucleic Acids Res. 2021; the
 * platform's association-score documentation): scores sorted in decreasing order, the i-th divided
 * by i², summed, and divided by the largest possible sum (every score 1), so one strong piece of
 * evidence counts, and a hundred weak ones cannot add up to certainty.
 *   H(s) = Σ_i s_(i) / i²  /  Σ_{i ≤ maxItems} 1 / i²
 * Only the `maxItems` largest scores count (Open Targets uses the same cap idea; default 100).
 */
export function harmonicSum(scores: number[], maxItems = 100): number {
  const sorted = scores
    .filter((s) => s > 0)
    .sort((a, b) => b - a)
    .slice(0, maxItems);
  let sum = 0;
  let max = 0;
  for (let i = 1; i <= maxItems; i++) {
    max += 1 / (i * i);
    if (i <= sorted.length) sum += Math.min(1, sorted[i - 1]!) / (i * i);
  }
  return sum / max;
}
