import { countResidues, slotOf, type ResidueCounts } from "./residues";

/**
 * Theoretical isoelectric point with the Bjellqvist pK set, exactly as Biopython 1.80
 * `Bio.SeqUtils.IsoelectricPoint.IsoelectricPoint(seq).pi()` (which `ProteinAnalysis.isoelectric_point()`
 * calls), itself after ExPASy Compute pI/Mw:
 *   Bjellqvist et al., Electrophoresis 14:1023–1031 (1993) and 15:529–539 (1994).
 *
 * Charged groups: the N terminus (pK 7.5, or the residue-specific value below), K 10.0, R 12.0,
 * H 5.98 (positive); the C terminus (3.55, or 4.55 after D and 4.75 after E), D 4.05, E 4.45,
 * C 9.0, Y 10.0 (negative). Only these letters carry charge: U, O and the ambiguity codes B, Z, J, X
 * contribute nothing, and a terminal ambiguity code takes the default terminal pK — the same as
 * Biopython, which only ever counts the letters KRHDECY.
 *
 * The search is Biopython's bisection: start at pH 7.775 in [4.05, 12], move the bound on the side of
 * the charge's sign, stop once the bracket is no wider than 1e-4 and return the last pH tried.
 */
const N_TERMINAL_PK: Readonly<Record<string, number>> = { A: 7.59, M: 7.0, S: 6.93, P: 8.36, T: 6.82, V: 7.44, E: 7.7 };
const C_TERMINAL_PK: Readonly<Record<string, number>> = { D: 4.55, E: 4.75 };
const DEFAULT_N_TERMINAL_PK = 7.5;
const DEFAULT_C_TERMINAL_PK = 3.55;

interface ChargedGroups {
  nTermPK: number;
  cTermPK: number;
  K: number;
  R: number;
  H: number;
  D: number;
  E: number;
  C: number;
  Y: number;
}

function chargedGroups(sequence: string, counts: ResidueCounts): ChargedGroups {
  return {
    nTermPK: N_TERMINAL_PK[sequence[0]!] ?? DEFAULT_N_TERMINAL_PK,
    cTermPK: C_TERMINAL_PK[sequence[sequence.length - 1]!] ?? DEFAULT_C_TERMINAL_PK,
    K: counts[slotOf("K")]!,
    R: counts[slotOf("R")]!,
    H: counts[slotOf("H")]!,
    D: counts[slotOf("D")]!,
    E: counts[slotOf("E")]!,
    C: counts[slotOf("C")]!,
    Y: counts[slotOf("Y")]!,
  };
}

// Henderson–Hasselbalch fractions, summed in Biopython's dictionary order.
function netCharge(g: ChargedGroups, pH: number): number {
  const positive =
    1 / (10 ** (pH - g.nTermPK) + 1) +
    g.K / (10 ** (pH - 10.0) + 1) +
    g.R / (10 ** (pH - 12.0) + 1) +
    g.H / (10 ** (pH - 5.98) + 1);
  const negative =
    1 / (10 ** (g.cTermPK - pH) + 1) +
    g.D / (10 ** (4.05 - pH) + 1) +
    g.E / (10 ** (4.45 - pH) + 1) +
    g.C / (10 ** (9.0 - pH) + 1) +
    g.Y / (10 ** (10.0 - pH) + 1);
  return positive - negative;
}

/** Net charge of a cleaned, non-empty sequence at `pH` (Biopython `charge_at_pH`). */
export function chargeAtPH(sequence: string, pH: number, counts: ResidueCounts = countResidues(sequence)): number {
  return netCharge(chargedGroups(sequence, counts), pH);
}

/** Isoelectric point of a cleaned, non-empty sequence (Biopython `IsoelectricPoint.pi()`). */
export function isoelectricPoint(sequence: string, counts: ResidueCounts = countResidues(sequence)): number {
  const groups = chargedGroups(sequence, counts);
  let low = 4.05;
  let high = 12;
  let pH = 7.775;
  while (high - low > 0.0001) {
    if (netCharge(groups, pH) > 0) low = pH;
    else high = pH;
    pH = (low + high) / 2;
  }
  return pH;
}
