import { readSharedData } from "@sieve/testing";

/** Readers of the shared data sets the chemistry tests use (read in place; absent files fail the test). */

export const DRUGCENTRAL_STRUCTURES = "drugcentral/structures.smiles.tsv";
export const TOX21 = "tox21/tox21.csv";

export interface DrugCentralStructure {
  smiles: string;
  inchikey: string;
  id: string;
  name: string;
}

/** DrugCentral 2023 structures (columns SMILES, InChI, InChIKey, ID, INN, CAS_RN). */
export function readDrugCentral(): DrugCentralStructure[] {
  return readSharedData(DRUGCENTRAL_STRUCTURES)
    .split("\n")
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [smiles = "", , inchikey = "", id = "", name = ""] = line.split("\t");
      return { smiles, inchikey, id, name };
    });
}

/** Tox21 SMILES (last CSV column). */
export function readTox21Smiles(): string[] {
  const [header = "", ...lines] = readSharedData(TOX21).split("\n");
  const column = header.split(",").indexOf("smiles");
  return lines.map((line) => line.split(",")[column] ?? "").filter((smiles) => smiles.length > 0);
}

/** Deterministic sample: every n-th row, starting with the first. */
export function everyNth<T>(rows: T[], n: number): T[] {
  return rows.filter((_, i) => i % n === 0);
}
