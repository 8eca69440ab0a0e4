import { countOf, countResidues, type ResidueCounts } from "./residues";

/**
 * Aromaticity after Lobry & Gautier, Nucleic Acids Res. 22:3174–3180 (1994): the relative frequency
 * of F + W + Y, as Biopython 1.80 `ProteinAnalysis.aromaticity()`. The denominator is the full length,
 * non-standard letters included, as in Biopython; X is not counted as aromatic.
 */
export function aromaticity(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  return countOf(counts, "FWY") / sequence.length;
}
