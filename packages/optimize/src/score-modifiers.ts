/**
 * Desirability functions mapping a raw property to [0, 1], after GuacaMol's score modifiers
 * (Brown et al., J Chem Inf Model 2019, 59:1096; guacamol/score_modifier.py, version 0.5.5), and
 * the weighted geometric mean that combines them (GuacaMol's GeometricMeanScoringFunction, and
 * the overall desirability of Derringer & Suich, J Qual Technol 1980, 12:214).
 */
export type Desirability = (x: number) => number;

/** GaussianModifier: exp(−½((x − μ)/σ)²), 1 at the target and falling off both ways. */
export function gaussian(mu: number, sigma: number): Desirability {
  return (x) => Math.exp(-0.5 * ((x - mu) / sigma) ** 2);
}

/** MinGaussianModifier: 1 at or below μ, the Gaussian above it ("at most μ"). */
export function minGaussian(mu: number, sigma: number): Desirability {
  const g = gaussian(mu, sigma);
  return (x) => (x <= mu ? 1 : g(x));
}

/** MaxGaussianModifier: 1 at or above μ, the Gaussian below it ("at least μ"). */
export function maxGaussian(mu: number, sigma: number): Desirability {
  const g = gaussian(mu, sigma);
  return (x) => (x >= mu ? 1 : g(x));
}

/** ClippedScoreModifier: linear from 0 at `lowerX` to 1 at `upperX`, clipped to [0, 1]. */
export function clippedLinear(upperX: number, lowerX = 0): Desirability {
  return (x) => Math.min(1, Math.max(0, (x - lowerX) / (upperX - lowerX)));
}

/**
 * Π dᵢ^(wᵢ/Σw): zero when any weighted desirability is zero, so no property can be bought
 * entirely with the others. Properties of weight 0 are ignored; at least one weight must be positive.
 */
export function weightedGeometricMean(values: readonly number[], weights: readonly number[]): number {
  let total = 0;
  let logSum = 0;
  for (let i = 0; i < values.length; i++) {
    const w = weights[i] ?? 1;
    if (!(w >= 0)) throw new RangeError(`weights must be non-negative, got ${w}`);
    if (w === 0) continue;
    if (values[i]! <= 0) return 0;
    logSum += w * Math.log(values[i]!);
    total += w;
  }
  if (total === 0) throw new RangeError("at least one weight must be positive");
  return Math.exp(logSum / total);
}
