import { MAX_ANALYSIS_ITEMS, type MoleculeResult } from "@sieve/contracts";
import type { MoleculeAnalysis } from "@sieve/chem";
import type { MoleculeInput } from "@sieve/compute/tasks";
import { ApiError } from "../../http/errors";
import type { ComputePool } from "@sieve/compute/pool";

// Big enough to amortise a thread round-trip, small enough that both threads share a request's work
// and other requests' chunks interleave with it.
const CHUNK_SIZE = 100;

export interface MoleculeAnalysisOptions {
  includeDrugLikeness: boolean;
  includeSvg: boolean;
}

export function assertWithinAnalysisLimit(count: number, what: string): void {
  if (count > MAX_ANALYSIS_ITEMS) {
    throw new ApiError(
      413,
      "too_many_items",
      `Too many ${what}: ${count} given, at most ${MAX_ANALYSIS_ITEMS} per request. Split the list into several requests.`,
    );
  }
}

export async function analyzeMolecules(
  pool: ComputePool,
  items: MoleculeInput[],
  options: MoleculeAnalysisOptions,
): Promise<MoleculeResult[]> {
  assertWithinAnalysisLimit(items.length, "molecules");
  const analyses = await pool.map(
    "molecules.analyze",
    items,
    (chunk) => ({ items: chunk, svg: options.includeSvg }),
    CHUNK_SIZE,
  );
  return analyses.map((analysis) => toResult(analysis, options.includeDrugLikeness));
}

/** The API's result shape: the spec's quick fields (approx_mw, heavy_atoms, rings_est) beside the full profile. */
function toResult(analysis: MoleculeAnalysis, includeDrugLikeness: boolean): MoleculeResult {
  if (!analysis.ok) return { input: analysis.input, smiles: analysis.input, ok: false, error: analysis.error };
  const { lipinski, veber_pass, drug_like, ...rest } = analysis;
  return {
    ...rest,
    approx_mw: analysis.descriptors.mw,
    heavy_atoms: analysis.descriptors.heavy_atoms,
    rings_est: analysis.descriptors.rings,
    ...(includeDrugLikeness ? { lipinski, veber_pass, drug_like } : {}),
  };
}
