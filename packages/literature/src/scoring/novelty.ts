/**
 * Novelty of an entity pair (e.g. a target and a disease) from its co-mention history: how much had
 * been written about the pair before a given time. With n_before the number of documents that
 * co-mention the pair strictly before `asOf` (a year, or any ordered time such as a PubMed id when
 * years are unknown),
 *   novelty = exp(−n_before / τ)          (τ = 2 documents by default)
 * so a pair never co-mentioned before scores 1, after two earlier documents 0.37, after five 0.08.
 * `recency` is the share of all co-mentions up to `asOf` weighted by 2^(−age / halfLife), which tells
 * an emerging pair (recent mentions) from an established one; it is reported, not folded into novelty.
 * Same spirit as the first-report and co-mention-trend measures of literature-based discovery
 * (Swanson 1986; the "time-sliced" co-occurrence evaluations of Yetisgen-Yildiz & Pratt 2009).
 */
export interface NoveltyOptions {
  tau?: number;
  halfLife?: number;
}

export interface Novelty {
  novelty: number;
  components: { comentions_before: number; comentions_total: number; first: number | null; recency: number };
}

/** `times`: one entry per co-mentioning document (its year, or another ordered time). */
export function comentionNovelty(times: number[], asOf: number, options: NoveltyOptions = {}): Novelty {
  const tau = options.tau ?? 2;
  const halfLife = options.halfLife ?? 5;
  const upTo = times.filter((t) => t <= asOf);
  const before = upTo.filter((t) => t < asOf).length;
  const recency =
    upTo.length === 0 ? 0 : upTo.reduce((s, t) => s + Math.pow(2, -(asOf - t) / halfLife), 0) / upTo.length;
  return {
    novelty: Math.exp(-before / tau),
    components: {
      comentions_before: before,
      comentions_total: upTo.length,
      first: upTo.length === 0 ? null : Math.min(...upTo),
      recency,
    },
  };
}
