import { countResidues, slotOf, type ResidueCounts } from "./residues";

/**
 * Aliphatic index of Ikai, J. Biochem. 88:1895–1898 (1980), as ExPASy ProtParam computes it
 * (Biopython 1.80 has no such method):
 *   AI = X(Ala) + a·X(Val) + b·(X(Ile) + X(Leu)),  a = 2.9, b = 3.9,
 * with X the mole percent (100 · count / length, the length including non-standard letters).
 * J (I or L) counts with b, which is the same for both of its alternatives; B, Z, X, U, O add nothing.
 */
export function aliphaticIndex(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  const molePercent = (letter: string) => (100 * counts[slotOf(letter)]!) / sequence.length;
  return molePercent("A") + 2.9 * molePercent("V") + 3.9 * (molePercent("I") + molePercent("L") + molePercent("J"));
}
