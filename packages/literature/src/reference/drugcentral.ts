import { columnIndex, readTsv } from "./tsv";

/**
 * DrugCentral drug names with MeSH and ChEMBL ids (Ursu et al., Nucleic Acids Res. 2017; Avram et
 * al. 2023). `identifiers.tsv` (2016 export: DRUG_ID, DRUG_NAME, ID_TYPE, IDENTIFIER) gives the name
 * and the cross-references; `structures.smiles.tsv` (2023: SMILES, InChI, InChIKey, ID, INN, CAS_RN)
 * adds INN names and SMILES for the same DRUG_ID. A MeSH descriptor (D…) is preferred over a
 * supplementary concept record (C…), as CDR annotates with descriptors where one exists, except a
 * descriptor created after 2015 (ten-character id), for which the older supplementary record wins.
 */
export interface DrugCentralDrug {
  drugcentral_id: string;
  name: string;
  synonyms: string[];
  mesh: string | null;
  chembl: string | null;
  smiles: string | null;
}

export function parseDrugCentral(identifiersText: string, structuresText = ""): DrugCentralDrug[] {
  const drugs = new Map<string, DrugCentralDrug & { meshSupplement: string | null }>();
  const drug = (id: string, name: string) => {
    let d = drugs.get(id);
    if (!d) {
      d = { drugcentral_id: id, name, synonyms: [], mesh: null, meshSupplement: null, chembl: null, smiles: null };
      drugs.set(id, d);
    } else if (name !== "" && name !== d.name && !d.synonyms.includes(name)) d.synonyms.push(name);
    return d;
  };

  const ids = readTsv(identifiersText);
  const c = {
    id: columnIndex(ids.header, "DRUG_ID"),
    name: columnIndex(ids.header, "DRUG_NAME"),
    type: columnIndex(ids.header, "ID_TYPE"),
    value: columnIndex(ids.header, "IDENTIFIER"),
  };
  if (c.id < 0 || c.type < 0 || c.value < 0)
    throw new Error("DrugCentral identifiers: expected DRUG_ID, ID_TYPE, IDENTIFIER columns");
  for (const row of ids.rows) {
    const d = drug(row[c.id]!, row[c.name] ?? "");
    const value = row[c.value] ?? "";
    switch (row[c.type]) {
      case "MESH_DESCRIPTOR_UI":
        d.mesh ??= value;
        break;
      case "MESH_SUPPLEMENTAL_RECORD_UI":
        d.meshSupplement ??= value;
        break;
      case "ChEMBL_ID":
        d.chembl ??= value;
        break;
    }
  }

  if (structuresText.trim() !== "") {
    const st = readTsv(structuresText);
    const s = {
      id: columnIndex(st.header, "ID"),
      inn: columnIndex(st.header, "INN"),
      smiles: columnIndex(st.header, "SMILES"),
    };
    for (const row of st.rows) {
      const id = row[s.id];
      const inn = row[s.inn] ?? "";
      if (!id || inn === "") continue;
      const d = drug(id, inn);
      d.smiles ??= row[s.smiles] || null;
    }
  }

  // Descriptors created after 2015 have ten-character ids (D000069348); corpora annotated with
  // older MeSH (CDR, BioRED) name those drugs by the supplementary record they had before.
  return [...drugs.values()].map(({ meshSupplement, ...d }) => ({
    ...d,
    mesh: d.mesh && (d.mesh.length <= 7 || !meshSupplement) ? d.mesh : (meshSupplement ?? d.mesh),
  }));
}

/**
 * One row of DrugCentral's `drug_indication.tsv` (DRUG_ID, DRUG_NAME, INDICATION_FDB, UMLS_CUI, SNOMEDCT_CUI, DOID).
 */
export interface DrugIndication {
  drugcentral_id: string;
  drug_name: string;
  indication: string;
  doid: string | null;
}

export function parseDrugIndications(text: string): DrugIndication[] {
  const { header, rows } = readTsv(text);
  const c = {
    id: columnIndex(header, "DRUG_ID"),
    name: columnIndex(header, "DRUG_NAME"),
    indication: columnIndex(header, "INDICATION_FDB"),
    doid: columnIndex(header, "DOID"),
  };
  if (c.id < 0 || c.indication < 0)
    throw new Error("DrugCentral indications: expected DRUG_ID and INDICATION_FDB columns");
  return rows
    .filter((r) => (r[c.id] ?? "") !== "")
    .map((r) => ({
      drugcentral_id: r[c.id]!,
      drug_name: r[c.name] ?? "",
      indication: r[c.indication] ?? "",
      doid: (c.doid >= 0 && r[c.doid]) || null,
    }));
}

/** A MeSH pharmacological-action class from DrugCentral's `pharm_class.tsv` (rows with SOURCE MeSH). */
export interface PharmacologicalClass {
  mesh: string;
  name: string;
}

/**
 * The distinct MeSH pharmacological actions of `pharm_class.tsv` (TYPE PA, SOURCE MeSH; the class
 * id is a MeSH descriptor, e.g. D016861 Cyclooxygenase Inhibitors). CDR annotates such drug
 * classes as chemicals, normalised to these descriptors.
 */
export function parsePharmacologicalClasses(text: string): PharmacologicalClass[] {
  const { header, rows } = readTsv(text);
  const c = {
    id: columnIndex(header, "CLASS_SOURCE_ID"),
    name: columnIndex(header, "CLASS"),
    source: columnIndex(header, "SOURCE"),
  };
  if (c.id < 0 || c.name < 0 || c.source < 0)
    throw new Error("DrugCentral pharm_class: expected CLASS_SOURCE_ID, CLASS and SOURCE columns");
  const seen = new Map<string, PharmacologicalClass>();
  for (const r of rows) {
    const mesh = r[c.id] ?? "";
    if (r[c.source] !== "MeSH" || !/^D\d+$/.test(mesh) || seen.has(mesh)) continue;
    seen.set(mesh, { mesh, name: r[c.name] ?? "" });
  }
  return [...seen.values()];
}
