/**
 * ChEMBL target list (`chembl_uniprot/chembl_uniprot_mapping.txt`, ChEMBL 30): UniProt accession,
 * ChEMBL target id, target name, target type; `#` comment line, no header. Single-protein target
 * names ("Androgen Receptor", "Calpain 1") are the protein names the HGNC table lacks; the
 * dictionary attaches them to the HGNC gene with the same UniProt accession.
 */
export interface ChemblTarget {
  uniprot: string;
  chembl: string;
  name: string;
  type: string;
}

export function parseChemblTargets(text: string): ChemblTarget[] {
  const out: ChemblTarget[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const [uniprot, chembl, name, type] = line.split("\t");
    if (!uniprot || !chembl || !name) continue;
    out.push({ uniprot: uniprot.trim(), chembl: chembl.trim(), name: name.trim(), type: (type ?? "").trim() });
  }
  return out;
}
