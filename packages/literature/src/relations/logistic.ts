/**
 * L2-regularised logistic regression over named features, fitted by Newton's method (iteratively
 * reweighted least squares; Hastie, Tibshirani & Friedman, The Elements of Statistical Learning,
 * 2nd ed., §4.4.1). Deterministic: no random initialisation or sampling. The bias is not penalised.
 * Its outputs are probabilities calibrated on the training data in the maximum-likelihood sense.
 */
export type Features = Record<string, number>;

export interface LogisticModel {
  bias: number;
  weights: Record<string, number>;
}

export interface FitOptions {
  /** L2 penalty λ on the weights (default 1). */
  l2?: number;
  iterations?: number;
}

export function fitLogistic(examples: { x: Features; y: number }[], options: FitOptions = {}): LogisticModel {
  const l2 = options.l2 ?? 1;
  const names = [...new Set(examples.flatMap((e) => Object.keys(e.x)))].sort();
  const k = names.length + 1; // index 0 is the bias
  const index = new Map(names.map((n, i) => [n, i + 1]));
  const rows = examples.map((e) => {
    const idx = [0];
    const val = [1];
    for (const [n, v] of Object.entries(e.x))
      if (v !== 0) {
        idx.push(index.get(n)!);
        val.push(v);
      }
    return { idx, val, y: e.y };
  });
  const w = new Float64Array(k);
  for (let iter = 0; iter < (options.iterations ?? 30); iter++) {
    const grad = new Float64Array(k);
    const hess = Array.from({ length: k }, () => new Float64Array(k));
    for (const r of rows) {
      let z = 0;
      for (let a = 0; a < r.idx.length; a++) z += w[r.idx[a]!]! * r.val[a]!;
      const p = sigmoid(z);
      const s = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < r.idx.length; a++) {
        const ia = r.idx[a]!;
        grad[ia]! += (p - r.y) * r.val[a]!;
        for (let b = 0; b < r.idx.length; b++) hess[ia]![r.idx[b]!]! += s * r.val[a]! * r.val[b]!;
      }
    }
    for (let i = 1; i < k; i++) {
      grad[i]! += l2 * w[i]!;
      hess[i]![i]! += l2;
    }
    hess[0]![0]! += 1e-6;
    const step = solve(hess, grad);
    let change = 0;
    for (let i = 0; i < k; i++) {
      w[i]! -= step[i]!;
      change = Math.max(change, Math.abs(step[i]!));
    }
    if (change < 1e-8) break;
  }
  const weights: Record<string, number> = {};
  names.forEach((n, i) => (weights[n] = w[i + 1]!));
  return { bias: w[0]!, weights };
}

export function predictLogistic(model: LogisticModel, x: Features): number {
  let z = model.bias;
  for (const [n, v] of Object.entries(x)) z += (model.weights[n] ?? 0) * v;
  return sigmoid(z);
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Solves A x = b for a symmetric positive-definite A (Cholesky), falling back to a damped diagonal step. */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const l = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]![j]!;
      for (let m = 0; m < j; m++) sum -= l[i]![m]! * l[j]![m]!;
      if (i === j) {
        if (sum <= 0) return b.map((v, d) => v / Math.max(a[d]![d]!, 1e-6));
        l[i]![i] = Math.sqrt(sum);
      } else l[i]![j] = sum / l[j]![j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let m = 0; m < i; m++) sum -= l[i]![m]! * y[m]!;
    y[i] = sum / l[i]![i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let m = i + 1; m < n; m++) sum -= l[m]![i]! * x[m]!;
    x[i] = sum / l[i]![i]!;
  }
  return x;
}
