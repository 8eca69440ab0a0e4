/** Normalisations of raw feature values to the [0, 1] scores that enter a component. */

/** (x − min) / (max − min) over `values`; when all are equal every value gets 1 (nothing ranks it lower). */
export function minMaxScaler(values: Iterable<number>): (x: number) => number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return (x) => (max > min ? (x - min) / (max - min) : 1);
}

/**
 * Φ((x − mean) / sd), the standard normal CDF of the z-score, with the population standard deviation
 * (ddof = 0, as `scipy.stats.zscore`); sd 0 gives every value 0.5.
 */
export function zScoreScaler(values: Iterable<number>): (x: number) => number {
  const xs = [...values];
  const mean = xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, xs.length));
  return (x) => (sd > 0 ? normalCdf((x - mean) / sd) : 0.5);
}

/** Standard normal CDF through erfc (Numerical Recipes 3rd ed., §6.2.2, Chebyshev fit, relative error < 1.2e-7). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}
