import { MAX_ANALYSIS_ITEMS, splitLines, type MoleculeAnalyzeBody, type MoleculeResult } from "@sieve/contracts";
import { LibraryFileError, readLibraryFile, type MoleculeAnalysis } from "@sieve/chem";
import type { MoleculeInput } from "@sieve/compute/tasks";
import { ApiError, validationFailed } from "../../http/errors";
import type { ComputePool } from "@sieve/compute/pool";

// The largest chunk: big enough to amortise a thread round-trip, small enough to spread a request over both threads
// (the pool makes the last chunks smaller so that both finish together).
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

/** Typed SMILES, one per line in each entry, with the body's options (drug-likeness on, drawings off by default). */
export async function analyzeSmiles(pool: ComputePool, body: MoleculeAnalyzeBody): Promise<MoleculeResult[]> {
  const smiles = body.smiles.flatMap(splitLines);
  if (smiles.length === 0) throw validationFailed([{ path: "smiles", message: "provide at least one SMILES" }]);
  const parameters = body.parameters ?? {};
  return analyzeMolecules(pool, smiles, {
    includeDrugLikeness: parameters.include_drug_likeness ?? true,
    includeSvg: parameters.include_svg ?? false,
  });
}

/** An uploaded library (SMILES, CSV or SDF) with the form's fields as options. */
export async function analyzeLibrary(
  pool: ComputePool,
  name: string,
  text: string,
  fields: Record<string, string | undefined>,
): Promise<MoleculeResult[]> {
  let library;
  try {
    library = readLibraryFile(name, text, { smilesColumn: fields.smiles_column || undefined });
  } catch (error) {
    if (error instanceof LibraryFileError)
      throw validationFailed([{ path: "file", message: error.message }], "invalid_file");
    throw error;
  }
  if (library.records.length === 0)
    throw validationFailed([{ path: "file", message: "the file holds no structures" }], "invalid_file");
  assertWithinAnalysisLimit(library.records.length, "molecules");
  const items = library.records.map((r) =>
    r.format === "smiles" ? r.structure : { molblock: r.structure, label: r.name ?? `record ${r.position}` },
  );
  return analyzeMolecules(pool, items, {
    includeDrugLikeness: fields.include_drug_likeness !== "false",
    includeSvg: fields.include_svg === "true",
  });
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
