import { columnIndex, readDelimited } from "./lines";

/**
 * DrugCentral (Avram et al., Nucleic Acids Res 2023, 51:D1276; drugcentral.org) structures, used to
 * give a structure to withdrawn drugs that withDRAWN lists without one. Provenance and licences as
 * recorded in shared/data/README.md.
 */
export const DRUGCENTRAL_STRUCTURES_DATASET =
  "DrugCentral 2023 structures (unmtransinfo/DrugCentral-2023 drugcen/static/structures.smiles.tsv, commit 37a81bf71e82)";
export const DRUGCENTRAL_LICENCE =
  "CC BY-SA 4.0 (DrugCentral 2023 structures); identifiers from olegursu/drugtarget, CC BY 4.0.";

export interface DrugCentralStructure {
  /** DrugCentral ID (struct_id). */
  id: string;
  /** INN. */
  name: string;
  smiles: string;
  inchiKey: string;
}

/** structures.smiles.tsv (columns SMILES, InChI, InChIKey, ID, INN, CAS_RN); rows without a SMILES are left out. */
export function parseDrugCentralStructures(text: string): DrugCentralStructure[] {
  const { header, rows } = readDelimited(text, "\t");
  const file = "structures.smiles.tsv";
  const [smiles, inchiKey, id, name] = ["SMILES", "InChIKey", "ID", "INN"].map((column) =>
    columnIndex(header, column, file),
  ) as [number, number, number, number];
  return rows
    .map(({ fields }) => ({
      id: fields[id] ?? "",
      name: fields[name] ?? "",
      smiles: fields[smiles] ?? "",
      inchiKey: fields[inchiKey] ?? "",
    }))
    .filter((structure) => structure.smiles.length > 0);
}

/**
 * DrugCentral structures by ChEMBL ID, through identifiers.tsv (columns DRUG_ID, DRUG_NAME,
 * ID_TYPE, IDENTIFIER; ID_TYPE "ChEMBL_ID"). A ChEMBL ID mapped to several DrugCentral drugs keeps
 * the first that has a structure.
 */
export function drugCentralStructuresByChembl(
  structures: readonly DrugCentralStructure[],
  identifiersText: string,
): Map<string, DrugCentralStructure> {
  const byId = new Map(structures.map((structure) => [structure.id, structure]));
  const { header, rows } = readDelimited(identifiersText, "\t");
  const file = "identifiers.tsv";
  const [drugId, idType, identifier] = ["DRUG_ID", "ID_TYPE", "IDENTIFIER"].map((column) =>
    columnIndex(header, column, file),
  ) as [number, number, number];
  const byChembl = new Map<string, DrugCentralStructure>();
  for (const { fields } of rows) {
    if (fields[idType] !== "ChEMBL_ID") continue;
    const chemblId = fields[identifier] ?? "";
    const structure = byId.get(fields[drugId] ?? "");
    if (structure && !byChembl.has(chemblId)) byChembl.set(chemblId, structure);
  }
  return byChembl;
}
