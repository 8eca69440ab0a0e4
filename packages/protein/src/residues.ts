/**
 * The residue alphabet shared by every method, and the one pass over a sequence that they all read.
 *
 * Every Latin letter is an IUPAC-IUBMB one-letter code for proteins: the 20 standard residues, the two
 * further genetically encoded ones (U selenocysteine, O pyrrolysine) and four ambiguity codes
 * (B = D or N, Z = E or Q, J = I or L, X = any). Biopython 1.80 lists the same 26 letters in
 * `Bio.Data.IUPACData.extended_protein_letters` and their meaning in `extended_protein_values`.
 *
 * Methods look residues up in 26-slot tables indexed by `charCode - 65`, so analysing a sequence
 * allocates nothing per residue: one `countResidues` pass feeds all composition-based methods.
 */

export const STANDARD_RESIDUES = "ACDEFGHIKLMNPQRSTVWY";
export const NONSTANDARD_RESIDUES = "UOBZJX";

export type StandardResidue =
  "A" | "C" | "D" | "E" | "F" | "G" | "H" | "I" | "K" | "L" | "M" | "N" | "P" | "Q" | "R" | "S" | "T" | "V" | "W" | "Y";
export type NonstandardResidue = "U" | "O" | "B" | "Z" | "J" | "X";
export type ResidueLetter = StandardResidue | NonstandardResidue;

/** The residues each ambiguity code may stand for (Biopython `IUPACData.extended_protein_values`). */
export const AMBIGUITY_CODES: Readonly<Record<"B" | "Z" | "J" | "X", string>> = {
  B: "DN",
  Z: "EQ",
  J: "IL",
  X: STANDARD_RESIDUES,
};

/** Counts per letter: slot `charCode - 65` holds the count of that upper-case letter. */
export type ResidueCounts = Int32Array;

const A = 65;

/** Slot of an upper-case letter in every 26-slot table. */
export function slotOf(letter: string): number {
  return letter.charCodeAt(0) - A;
}

/** Counts each letter of an upper-case sequence (as produced by `cleanSequence`). */
export function countResidues(sequence: string): ResidueCounts {
  const counts = new Int32Array(26);
  for (let i = 0; i < sequence.length; i++) counts[sequence.charCodeAt(i) - A]!++;
  return counts;
}

/**
 * A 26-slot table from per-residue values; letters without a value get `missing`. An ambiguity code
 * takes a value only when every residue it may stand for has the same one (B for Kyte–Doolittle:
 * D and N are both −3.5), so no guess enters a result.
 */
export function letterTable(values: Readonly<Partial<Record<string, number>>>, missing: number): Float64Array {
  const table = new Float64Array(26).fill(missing);
  for (const [letter, value] of Object.entries(values)) if (value !== undefined) table[slotOf(letter)] = value;
  for (const [code, alternatives] of Object.entries(AMBIGUITY_CODES)) {
    const options = [...alternatives].map((r) => values[r]);
    const first = options[0];
    if (first !== undefined && options.every((v) => v === first)) table[slotOf(code)] = first;
  }
  return table;
}

/** Number of residues whose letter is in `letters`. */
export function countOf(counts: ResidueCounts, letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n += counts[letters.charCodeAt(i) - A]!;
  return n;
}
