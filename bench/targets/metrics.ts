/**
 * Ranking metrics over a gene universe where many genes share a score (every gene without evidence,
 * every gene with one approved drug …). Ties are never broken by an arbitrary order (symbol, input
 * position): recall@k is its expectation over a uniformly random order within ties, and AUROC counts
 * a tie between a positive and a negative as one half (Mann–Whitney).
 */
export interface RankingMetrics {
  /** Expected share of the positives among the first k genes. */
  recall: number;
  /** recall@k / (k / N): how many times better than drawing k genes at random. */
  enrichment: number;
  auroc: number;
  /** Expected number of positives among the first k. */
  hits: number;
  positives: number;
}

/**
 * `scores[i]` / `positive[i]` for the genes that have a score; `rest` counts the other genes of the
 * universe (and the positives among them), which all tie below every scored gene.
 */
export function rankingMetrics(
  scores: readonly number[],
  positive: readonly boolean[],
  rest: { size: number; positives: number },
  k: number,
): RankingMetrics {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  const groups: { size: number; positives: number }[] = [];
  for (let start = 0; start < order.length;) {
    let end = start;
    let p = 0;
    while (end < order.length && scores[order[end]!] === scores[order[start]!]) p += positive[order[end++]!] ? 1 : 0;
    groups.push({ size: end - start, positives: p });
    start = end;
  }
  if (rest.size > 0) groups.push(rest);
  const n = groups.reduce((s, g) => s + g.size, 0);
  const totalPositives = groups.reduce((s, g) => s + g.positives, 0);
  const negatives = n - totalPositives;
  let hits = 0;
  let taken = 0;
  let negativesBelow = negatives;
  let wins = 0;
  for (const g of groups) {
    const groupNegatives = g.size - g.positives;
    negativesBelow -= groupNegatives;
    wins += g.positives * (negativesBelow + groupNegatives / 2);
    if (taken < k) {
      const slots = Math.min(g.size, k - taken);
      hits += (g.positives * slots) / g.size;
      taken += slots;
    }
  }
  const recall = totalPositives === 0 ? 0 : hits / totalPositives;
  return {
    recall,
    enrichment: recall / (k / n),
    auroc: totalPositives === 0 || negatives === 0 ? 0.5 : wins / (totalPositives * negatives),
    hits,
    positives: totalPositives,
  };
}

/** FNV-1a 32-bit hash of a string: a fixed, seed-free split of the diseases into two halves. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
