import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readSharedData, requirePythonModule, requireSharedData } from "@sieve/testing";

/**
 * Test-time reference data for the Morgan and SA-score ports: a deterministic sample
 * of DrugCentral SMILES (read from the shared data folder, never copied into the repo)
 * and RDKit Python's own values for them from `morgan-reference.py`.
 */

/** Debian's interpreter is the one with RDKit (python3-rdkit 2022.09); overridable for other machines. */
const PYTHON = process.env.RDKIT_PYTHON ?? "/usr/bin/python3";
const REFERENCE_SCRIPT = fileURLToPath(new URL("./morgan-reference.py", import.meta.url));
const DRUGCENTRAL_SMILES = "drugcentral/structures.smiles.tsv";

export interface RDKitReference {
  smiles: string;
  /** [id, count] pairs sorted by id; null when RDKit Python cannot parse the SMILES. */
  morgan: [number, number][] | null;
  sa?: number;
  chiral?: number;
  spiro?: number;
  bridgehead?: number;
}

/** Throws, saying why, unless the RDKit Python reference can run here (the DrugCentral SMILES and RDKit). */
export function requireRDKitReference(): void {
  requireSharedData(DRUGCENTRAL_SMILES);
  requirePythonModule(PYTHON, "rdkit", "python3-rdkit");
}

/** Every third DrugCentral structure, in file order: 1,300-odd drugs, the same on every run. */
export function drugCentralSample(): string[] {
  const rows = readSharedData(DRUGCENTRAL_SMILES).split("\n").slice(1);
  return rows.map((row) => row.split("\t")[0]?.trim() ?? "").filter((smiles, i) => smiles !== "" && i % 3 === 0);
}

/** RDKit Python's Morgan ids and SA scores for a batch, in one interpreter run. */
export function rdkitReference(smiles: string[]): RDKitReference[] {
  const run = spawnSync(PYTHON, [REFERENCE_SCRIPT], { input: smiles.join("\n"), encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`morgan-reference.py failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { molecules: RDKitReference[] }).molecules;
}
