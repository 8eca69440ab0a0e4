import type { MoleculeResult } from "@sieve/contracts";

/** §9: a molecule is shown as drug-like when its approximate molecular weight is under 600. */
export const DRUG_LIKE_MAX_MW = 600;

export function isDrugLike(result: MoleculeResult): boolean {
  return result.ok && result.approx_mw !== undefined && result.approx_mw < DRUG_LIKE_MAX_MW;
}
