import { NONSTANDARD_RESIDUES, STANDARD_RESIDUES, countResidues, slotOf } from "./residues";
import type { NonstandardResidue, ResidueCounts, StandardResidue } from "./residues";

export interface ResidueShare {
  count: number;
  /** Percent of all residues, 0–100. */
  percent: number;
}

/** All 20 standard residues always; U, O, B, Z, J, X only when they occur. */
export type Composition = Record<StandardResidue, ResidueShare> & Partial<Record<NonstandardResidue, ResidueShare>>;

/**
 * Amino-acid composition as Biopython 1.80 `ProteinAnalysis.count_amino_acids()` and
 * `get_amino_acids_percent()`. Biopython's "percent" is a fraction of the whole length (0–1,
 * non-standard letters included in that length); ours is the same number × 100, as ExPASy
 * ProtParam prints it. Unlike Biopython we also report the non-standard letters that occur, so the
 * percentages of a sequence always add up to 100.
 */
export function composition(sequence: string, counts: ResidueCounts = countResidues(sequence)): Composition {
  const result = {} as Composition;
  const perResidue = 100 / sequence.length;
  for (const letter of STANDARD_RESIDUES) {
    const count = counts[slotOf(letter)]!;
    result[letter as StandardResidue] = { count, percent: count * perResidue };
  }
  for (const letter of NONSTANDARD_RESIDUES) {
    const count = counts[slotOf(letter)]!;
    if (count > 0) result[letter as NonstandardResidue] = { count, percent: count * perResidue };
  }
  return result;
}
