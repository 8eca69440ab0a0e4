import type { ProteinResult } from "@sieve/contracts";

/**
 * §9's rules of thumb, shown only beside the server's computed values and labelled as estimates:
 * pI ≈ (1 − charged fraction) × 7 and MW ≈ length × 110 Da (the mean residue mass).
 */
export function quickEstimates(result: ProteinResult): { isoelectricPoint: number; molecularWeight: number } | null {
  if (!result.ok || result.length === undefined || result.charged_fraction === undefined) return null;
  return { isoelectricPoint: (1 - result.charged_fraction) * 7, molecularWeight: result.length * 110 };
}
