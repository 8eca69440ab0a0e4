import { countResidues, slotOf, type ResidueCounts } from "./residues";

export interface ExtinctionCoefficient {
  /** M⁻¹ cm⁻¹ at 280 nm in water, all cysteines reduced. */
  reduced: number;
  /** M⁻¹ cm⁻¹ at 280 nm in water, every pair of cysteines forming a cystine. */
  cystines: number;
}

/**
 * Molar extinction coefficient at 280 nm from the Pace et al. (Protein Sci. 4:2411–2423, 1995)
 * chromophore values used by ExPASy ProtParam (Gasteiger et al. 2005) and Biopython 1.80
 * `ProteinAnalysis.molar_extinction_coefficient()`: ε = 5500·nW + 1490·nY, plus 125 per cystine,
 * with ⌊nC / 2⌋ cystines. U is not a cysteine here (Biopython and ProtParam ignore it), and X never
 * counts as W, Y or C.
 */
export function extinctionCoefficient(
  sequence: string,
  counts: ResidueCounts = countResidues(sequence),
): ExtinctionCoefficient {
  const reduced = counts[slotOf("W")]! * 5500 + counts[slotOf("Y")]! * 1490;
  return { reduced, cystines: reduced + Math.floor(counts[slotOf("C")]! / 2) * 125 };
}
