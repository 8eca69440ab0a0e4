/**
 * The composite target score shared by the literature and targets modules: a weighted mean of
 * signals on a 0–100 scale,
 *   composite = Σ_i w_i · c_i / Σ_i w_i   over the signals present,
 * with c_lit = 100 · literature prior (prior.ts), c_omics, c_drugg, c_safe the omics, druggability
 * and safety scores (0–100, higher is better) and c_neg = 100 − negatome risk (the risk is 0–100,
 * higher is worse, so it enters as 1 − risk). Default weights w_lit 0.3, w_omics 0.25, w_drugg 0.2,
 * w_safe 0.15, w_neg 0.1; weights are normalised to sum to 1 over the signals that are present
 * (a missing signal — null or undefined — drops out instead of counting as 0).
 */
export interface CompositeSignals {
  /** Literature prior in [0, 1] (TargetPrior.prior). */
  literature_prior?: number | null;
  omics?: number | null;
  druggability?: number | null;
  safety?: number | null;
  /** Negatome risk, 0–100 (higher = more failed or withdrawn evidence). */
  negatome_risk?: number | null;
}

export interface CompositeWeights {
  w_lit: number;
  w_omics: number;
  w_drugg: number;
  w_safe: number;
  w_neg: number;
}

export const DEFAULT_COMPOSITE_WEIGHTS: Readonly<CompositeWeights> = {
  w_lit: 0.3,
  w_omics: 0.25,
  w_drugg: 0.2,
  w_safe: 0.15,
  w_neg: 0.1,
};

export interface CompositeScore {
  /** 0–100, or null when no signal is present. */
  composite: number | null;
  /** Each signal on 0–100 as it entered the mean (negatome already as 100 − risk); null when missing. */
  components: {
    lit: number | null;
    omics: number | null;
    drugg: number | null;
    safe: number | null;
    neg: number | null;
  };
  /** The weights actually used: normalised over the present signals (0 for missing ones). */
  weights: CompositeWeights;
}

export function compositeScore(signals: CompositeSignals, weights: Partial<CompositeWeights> = {}): CompositeScore {
  const w = { ...DEFAULT_COMPOSITE_WEIGHTS, ...weights };
  for (const [k, v] of Object.entries(w))
    if (!(v >= 0) || !Number.isFinite(v)) throw new Error(`composite weight ${k} must be a finite number ≥ 0`);
  const present = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? null : v);
  const lit = present(signals.literature_prior);
  const risk = present(signals.negatome_risk);
  const components = {
    lit: lit === null ? null : clamp(lit * 100),
    omics: clampOrNull(present(signals.omics)),
    drugg: clampOrNull(present(signals.druggability)),
    safe: clampOrNull(present(signals.safety)),
    neg: risk === null ? null : clamp(100 - risk),
  };
  const pairs: [keyof CompositeWeights, number | null][] = [
    ["w_lit", components.lit],
    ["w_omics", components.omics],
    ["w_drugg", components.drugg],
    ["w_safe", components.safe],
    ["w_neg", components.neg],
  ];
  const total = pairs.reduce((s, [k, c]) => s + (c === null ? 0 : w[k]), 0);
  const used: CompositeWeights = { w_lit: 0, w_omics: 0, w_drugg: 0, w_safe: 0, w_neg: 0 };
  if (total === 0) return { composite: null, components, weights: used };
  let composite = 0;
  for (const [k, c] of pairs) {
    if (c === null) continue;
    used[k] = w[k] / total;
    composite += used[k] * c;
  }
  return { composite, components, weights: used };
}

function clamp(x: number): number {
  return Math.min(100, Math.max(0, x));
}

function clampOrNull(x: number | null): number | null {
  return x === null ? null : clamp(x);
}
