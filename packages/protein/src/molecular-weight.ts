import { AMBIGUITY_CODES, countResidues, slotOf, type ResidueCounts } from "./residues";

/**
 * Average molecular weight in daltons, as Biopython 1.80 `ProteinAnalysis(seq).molecular_weight()`,
 * i.e. `Bio.SeqUtils.molecular_weight(seq, "protein")`: the sum of the free amino-acid masses
 * (`IUPACData.protein_weights`, IUPAC average isotopic masses) minus one water (18.0153 Da)
 * per peptide bond. ExPASy ProtParam uses the same average-mass model (Gasteiger et al. 2005).
 *
 * U (selenocysteine) and O (pyrrolysine) have their own masses in that table, so their weight is
 * exact. Biopython raises for B, Z, J and X; we instead use the mean mass of the residues each may
 * stand for, exactly Biopython's `IUPACData.avg_extended_protein_weights` (B 132.61, Z 146.64,
 * J 131.17, X 136.90), so a sequence with a few unknown positions still gets a weight close to the
 * truth. `analyzeProtein` adds a warning whenever such an estimate entered the result.
 */
const FREE_AMINO_ACID_MASS: Readonly<Record<string, number>> = {
  A: 89.0932,
  C: 121.1582,
  D: 133.1027,
  E: 147.1293,
  F: 165.1891,
  G: 75.0666,
  H: 155.1546,
  I: 131.1729,
  K: 146.1876,
  L: 131.1729,
  M: 149.2113,
  N: 132.1179,
  O: 255.3134,
  P: 115.1305,
  Q: 146.1445,
  R: 174.201,
  S: 105.0926,
  T: 119.1192,
  U: 168.0532,
  V: 117.1463,
  W: 204.2252,
  Y: 181.1885,
};

/** Biopython's average water mass (`Bio.SeqUtils.molecular_weight`, monoisotopic=False). */
export const WATER_MASS = 18.0153;

const MASS_TABLE = buildMassTable();

function buildMassTable(): Float64Array {
  const table = new Float64Array(26);
  for (const [letter, mass] of Object.entries(FREE_AMINO_ACID_MASS)) table[slotOf(letter)] = mass;
  // Same left-to-right summation as Biopython's _make_ambiguous_ranges, so the averages agree to the bit.
  for (const [code, alternatives] of Object.entries(AMBIGUITY_CODES)) {
    let total = 0;
    for (const r of alternatives) total += FREE_AMINO_ACID_MASS[r]!;
    table[slotOf(code)] = total / alternatives.length;
  }
  return table;
}

/** Average molecular weight (Da) of a cleaned, non-empty sequence. */
export function molecularWeight(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  let residues = 0;
  for (let i = 0; i < 26; i++) if (counts[i] !== 0) residues += counts[i]! * MASS_TABLE[i]!;
  return residues - (sequence.length - 1) * WATER_MASS;
}
