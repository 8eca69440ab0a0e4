import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The shared reference data sets live beside the repository (`../shared/data` from its root)
 * and are never copied into it; callers skip with a message when a file is absent.
 */
const SHARED_DATA = new URL("../../../../shared/data/", import.meta.url);

export function sharedDataPath(relative: string): string | null {
  const path = fileURLToPath(new URL(relative, SHARED_DATA));
  return existsSync(path) ? path : null;
}

export const DRUGCENTRAL_STRUCTURES = "drugcentral/structures.smiles.tsv";
export const TOX21 = "tox21/tox21.csv";

export interface DrugCentralStructure {
  smiles: string;
  inchikey: string;
  id: string;
  name: string;
}

/** DrugCentral 2023 structures (columns SMILES, InChI, InChIKey, ID, INN, CAS_RN), or null if absent. */
export function readDrugCentral(): DrugCentralStructure[] | null {
  const path = sharedDataPath(DRUGCENTRAL_STRUCTURES);
  if (!path) return null;
  return readFileSync(path, "utf8")
    .split("\n")
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [smiles = "", , inchikey = "", id = "", name = ""] = line.split("\t");
      return { smiles, inchikey, id, name };
    });
}

/** Tox21 SMILES (last CSV column), or null if absent. */
export function readTox21Smiles(): string[] | null {
  const path = sharedDataPath(TOX21);
  if (!path) return null;
  const [header = "", ...lines] = readFileSync(path, "utf8").split("\n");
  const column = header.split(",").indexOf("smiles");
  return lines.map((line) => line.split(",")[column] ?? "").filter((smiles) => smiles.length > 0);
}

/** Deterministic sample: every n-th row, starting with the first. */
export function everyNth<T>(rows: T[], n: number): T[] {
  return rows.filter((_, i) => i % n === 0);
}
