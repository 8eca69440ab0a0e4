import { STANDARD_RESIDUES, slotOf } from "./residues";

/**
 * Instability index of Guruprasad, Reddy & Pandit, Protein Eng. 4:155–161 (1990):
 * II = (10 / L) · Σ DIWV(x[i], x[i+1]) over the L − 1 dipeptides; below 40 the protein is predicted
 * stable. As Biopython 1.80 `ProteinAnalysis.instability_index()` with `ProtParamData.DIWV`, which
 * ExPASy ProtParam also uses. The table is Biopython's, transcribed row by row (first residue) in the
 * column order ACDEFGHIKLMNPQRSTVWY, including its F→Y value of 33.601.
 *
 * Biopython raises on any other letter. We let a dipeptide that contains U, O, B, Z, J or X add 0
 * (its weight is unknown; most DIWV entries are 1.0, so the index is then at most slightly low) and
 * keep L as the full length; `analyzeProtein` warns when that happened.
 */
const DIWV_ROWS: Readonly<Record<string, readonly number[]>> = {
  A: [1, 44.94, -7.49, 1, 1, 1, -7.49, 1, 1, 1, 1, 1, 20.26, 1, 1, 1, 1, 1, 1, 1],
  C: [1, 1, 20.26, 1, 1, 1, 33.6, 1, 1, 20.26, 33.6, 1, 20.26, -6.54, 1, 1, 33.6, -6.54, 24.68, 1],
  D: [1, 1, 1, 1, -6.54, 1, 1, 1, -7.49, 1, 1, 1, 1, 1, -6.54, 20.26, -14.03, 1, 1, 1],
  E: [1, 44.94, 20.26, 33.6, 1, 1, -6.54, 20.26, 1, 1, 1, 1, 20.26, 20.26, 1, 20.26, 1, 1, -14.03, 1],
  F: [1, 1, 13.34, 1, 1, 1, 1, 1, -14.03, 1, 1, 1, 20.26, 1, 1, 1, 1, 1, 1, 33.601],
  G: [-7.49, 1, 1, -6.54, 1, 13.34, 1, -7.49, -7.49, 1, 1, -7.49, 1, 1, 1, 1, -7.49, 1, 13.34, -7.49],
  H: [1, 1, 1, 1, -9.37, -9.37, 1, 44.94, 24.68, 1, 1, 24.68, -1.88, 1, 1, 1, -6.54, 1, -1.88, 44.94],
  I: [1, 1, 1, 44.94, 1, 1, 13.34, 1, -7.49, 20.26, 1, 1, -1.88, 1, 1, 1, 1, -7.49, 1, 1],
  K: [1, 1, 1, 1, 1, -7.49, 1, -7.49, 1, -7.49, 33.6, 1, -6.54, 24.64, 33.6, 1, 1, -7.49, 1, 1],
  L: [1, 1, 1, 1, 1, 1, 1, 1, -7.49, 1, 1, 1, 20.26, 33.6, 20.26, 1, 1, 1, 24.68, 1],
  M: [13.34, 1, 1, 1, 1, 1, 58.28, 1, 1, 1, -1.88, 1, 44.94, -6.54, -6.54, 44.94, -1.88, 1, 1, 24.68],
  N: [1, -1.88, 1, 1, -14.03, -14.03, 1, 44.94, 24.68, 1, 1, 1, -1.88, -6.54, 1, 1, -7.49, 1, -9.37, 1],
  P: [20.26, -6.54, -6.54, 18.38, 20.26, 1, 1, 1, 1, 1, -6.54, 1, 20.26, 20.26, -6.54, 20.26, 1, 20.26, -1.88, 1],
  Q: [1, -6.54, 20.26, 20.26, -6.54, 1, 1, 1, 1, 1, 1, 1, 20.26, 20.26, 1, 44.94, 1, -6.54, 1, -6.54],
  R: [1, 1, 1, 1, 1, -7.49, 20.26, 1, 1, 1, 1, 13.34, 20.26, 20.26, 58.28, 44.94, 1, 1, 58.28, -6.54],
  S: [1, 33.6, 1, 20.26, 1, 1, 1, 1, 1, 1, 1, 1, 44.94, 20.26, 20.26, 20.26, 1, 1, 1, 1],
  T: [1, 1, 1, 20.26, 13.34, -7.49, 1, 1, 1, 1, 1, -14.03, 1, -6.54, 1, 1, 1, 1, -14.03, 1],
  V: [1, 1, -14.03, 1, 1, -7.49, 1, 1, -1.88, 1, 1, 1, 20.26, 1, 1, 1, -7.49, 1, 1, -6.54],
  W: [-14.03, 1, 1, 1, 1, -9.37, 24.68, 1, 1, 13.34, 24.68, 13.34, 1, 1, 1, 1, -14.03, -7.49, 1, 1],
  Y: [24.68, 1, 24.68, -6.54, 1, -7.49, 13.34, 1, 1, 1, 44.94, 1, 13.34, 1, -15.91, 1, -7.49, 1, -9.37, 13.34],
};

export const STABILITY_THRESHOLD = 40;

// 26 × 26 table indexed by (first letter slot) · 26 + (second letter slot); non-standard pairs stay 0.
const DIWV = new Float64Array(26 * 26);
for (const [first, row] of Object.entries(DIWV_ROWS)) {
  row.forEach((value, column) => {
    DIWV[slotOf(first) * 26 + slotOf(STANDARD_RESIDUES[column]!)] = value;
  });
}

/** Guruprasad instability index of a cleaned, non-empty sequence. */
export function instabilityIndex(sequence: string): number {
  let score = 0;
  let previous = sequence.charCodeAt(0) - 65;
  for (let i = 1; i < sequence.length; i++) {
    const current = sequence.charCodeAt(i) - 65;
    score += DIWV[previous * 26 + current]!;
    previous = current;
  }
  return (10 / sequence.length) * score;
}

/** ExPASy's and Biopython's reading: an index below 40 predicts a stable protein. */
export function isStable(index: number): boolean {
  return index < STABILITY_THRESHOLD;
}
