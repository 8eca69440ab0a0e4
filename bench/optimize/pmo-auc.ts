/**
 * PMO's sample-efficiency metric (Gao et al., "Sample efficiency matters: a benchmark for
 * practical molecular optimization", NeurIPS 2022; `top_auc` in mol_opt's optimizer.py): the area
 * under the curve of the top-k mean fitness against oracle calls, sampled every `freqLog` calls
 * and integrated by trapezoids; a run that stops early keeps its last top-k mean until the
 * budget; the area is divided by the budget, so it lies in [0, 1].
 */
export function topKAuc(fitnessInCallOrder: readonly number[], budget: number, k = 10, freqLog = 100): number {
  const calls = Math.min(fitnessInCallOrder.length, budget);
  const top: number[] = [];
  const topMean = () => (top.length === 0 ? 0 : top.reduce((s, v) => s + v, 0) / top.length);
  let area = 0;
  let previous = 0;
  let lastLogged = 0;
  for (let call = 1; call <= calls; call++) {
    insertTop(top, fitnessInCallOrder[call - 1]!, k);
    // PMO logs at freqLog, 2·freqLog, … strictly before the number of calls made.
    if (call % freqLog === 0 && call < calls) {
      const now = topMean();
      area += (freqLog * (now + previous)) / 2;
      previous = now;
      lastLogged = call;
    }
  }
  const final = topMean();
  area += ((calls - lastLogged) * (final + previous)) / 2;
  area += (budget - calls) * final;
  return area / budget;
}

/** Keeps `top` as the k largest values seen, largest first. */
function insertTop(top: number[], value: number, k: number): void {
  if (top.length === k && value <= top[k - 1]!) return;
  let i = top.length;
  while (i > 0 && top[i - 1]! < value) i--;
  top.splice(i, 0, value);
  if (top.length > k) top.pop();
}
