import { countResidues, letterTable, type ResidueCounts } from "./residues";

/**
 * Grand average of hydropathy: the mean Kyte–Doolittle value (Kyte & Doolittle, J. Mol. Biol.
 * 157:105–132, 1982), as Biopython 1.80 `ProteinAnalysis.gravy()` with its default scale
 * `ProtParamData.kd`, and as ExPASy ProtParam.
 *
 * Biopython raises for any other letter. We average over the residues that have a hydropathy:
 * B (D or N) and Z (E or Q) count as −3.5 because both of their alternatives have that value;
 * J (I 4.5 or L 3.8), X, U and O have no single value and are left out of the sum and of the count.
 * For sequences of the 20 standard residues this is exactly Biopython's number.
 */
export const KYTE_DOOLITTLE: Readonly<Record<string, number>> = {
  A: 1.8,
  R: -4.5,
  N: -3.5,
  D: -3.5,
  C: 2.5,
  Q: -3.5,
  E: -3.5,
  G: -0.4,
  H: -3.2,
  I: 4.5,
  L: 3.8,
  K: -3.9,
  M: 1.9,
  F: 2.8,
  P: -1.6,
  S: -0.8,
  T: -0.7,
  W: -0.9,
  Y: -1.3,
  V: 4.2,
};

const HYDROPATHY = letterTable(KYTE_DOOLITTLE, NaN);

/** GRAVY of a cleaned sequence; NaN only if no residue has a hydropathy (`cleanSequence` rejects that). */
export function gravy(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  let sum = 0;
  let residues = 0;
  for (let i = 0; i < 26; i++) {
    const n = counts[i]!;
    if (n === 0 || Number.isNaN(HYDROPATHY[i])) continue;
    sum += n * HYDROPATHY[i]!;
    residues += n;
  }
  return sum / residues;
}
