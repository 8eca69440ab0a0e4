import { countOf, countResidues, type ResidueCounts } from "./residues";

/**
 * Hydrophobic residues: those with a positive Kyte–Doolittle hydropathy (I, V, L, F, C, M, A), so the
 * set agrees with the GRAVY scale reported beside it. W and Y are left out on purpose: their
 * hydropathies are negative (−0.9, −1.3) and they sit at interfaces rather than in the core.
 * J (I or L) is hydrophobic whichever it is, so it counts; B, Z, X, U, O do not.
 */
export const HYDROPHOBIC_RESIDUES = "AVILMFCJ";

/**
 * Charged residues: those charged at neutral pH, D and E (−) and K and R (+), the residues ExPASy
 * ProtParam counts as negatively and positively charged. H is left out: with a side-chain pK near 6
 * it is mostly neutral at pH 7. B and Z may be the uncharged N or Q, so they do not count.
 */
export const CHARGED_RESIDUES = "DEKR";

/** Fraction (0–1) of all residues in `HYDROPHOBIC_RESIDUES`. */
export function hydrophobicFraction(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  return countOf(counts, HYDROPHOBIC_RESIDUES) / sequence.length;
}

/** Fraction (0–1) of all residues in `CHARGED_RESIDUES`. */
export function chargedFraction(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  return countOf(counts, CHARGED_RESIDUES) / sequence.length;
}
