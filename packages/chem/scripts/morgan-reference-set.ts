import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Test-time reference data for the Morgan and SA-score ports: a deterministic sample
 * of DrugCentral SMILES (read from the shared data folder, never copied into the repo)
 * and RDKit Python's own values for them from `morgan-reference.py`.
 */

/** Debian's interpreter is the one with RDKit (python3-rdkit 2022.09); overridable for other machines. */
const PYTHON = process.env.RDKIT_PYTHON ?? "/usr/bin/python3";
const REFERENCE_SCRIPT = fileURLToPath(new URL("./morgan-reference.py", import.meta.url));
const DRUGCENTRAL_SMILES = new URL("../../../../shared/data/drugcentral/structures.smiles.tsv", import.meta.url);

export interface RDKitReference {
  smiles: string;
  /** [id, count] pairs sorted by id; null when RDKit Python cannot parse the SMILES. */
  morgan: [number, number][] | null;
  sa?: number;
  chiral?: number;
  spiro?: number;
  bridgehead?: number;
}

/** Why the RDKit Python reference cannot run here, or undefined when it can. */
export function referenceUnavailable(): string | undefined {
  if (!existsSync(DRUGCENTRAL_SMILES)) return `DrugCentral SMILES not found at ${fileURLToPath(DRUGCENTRAL_SMILES)}`;
  const probe = spawnSync(PYTHON, ["-c", "import rdkit"], { encoding: "utf8" });
  if (probe.status !== 0) return `${PYTHON} cannot import rdkit (install Debian's python3-rdkit)`;
  return undefined;
}

/** Every third DrugCentral structure, in file order: 1,300-odd drugs, the same on every run. */
export function drugCentralSample(): string[] {
  const rows = readFileSync(DRUGCENTRAL_SMILES, "utf8").split("\n").slice(1);
  return rows.map((row) => row.split("\t")[0]?.trim() ?? "").filter((smiles, i) => smiles !== "" && i % 3 === 0);
}

/** RDKit Python's Morgan ids and SA scores for a batch, in one interpreter run. */
export function rdkitReference(smiles: string[]): RDKitReference[] {
  const run = spawnSync(PYTHON, [REFERENCE_SCRIPT], { input: smiles.join("\n"), encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`morgan-reference.py failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { molecules: RDKitReference[] }).molecules;
}
