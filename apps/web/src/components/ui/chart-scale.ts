/**
 * Axis ticks at "nice" steps (1, 2 or 5 × 10ⁿ), the usual choice of plotting libraries (Heckbert,
 * "Nice numbers for graph labels", Graphics Gems, 1990), and a domain widened to the outer ticks.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    return niceTicks(min - pad, max + pad, count);
  }
  const rough = (max - min) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / magnitude;
  const step = (fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10) * magnitude;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision so 0.1 + 0.2 shows as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let tick = first; tick < max + step / 2; tick += step) ticks.push(Number(tick.toFixed(decimals)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toFixed(decimals)));
  return ticks;
}

/** Maps a value in [domainMin, domainMax] linearly onto [rangeMin, rangeMax]. */
export function linearScale(
  domainMin: number,
  domainMax: number,
  rangeMin: number,
  rangeMax: number,
): (value: number) => number {
  const span = domainMax - domainMin || 1;
  return (value) => rangeMin + ((value - domainMin) / span) * (rangeMax - rangeMin);
}

/** Decimals that tell evenly spaced ticks apart, so one axis reads 0.0, 0.2 … 1.0 rather than 0, 0.20 … 1. */
export function tickDecimals(ticks: number[]): number {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : 1;
  return step > 0 ? Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) : 0;
}
