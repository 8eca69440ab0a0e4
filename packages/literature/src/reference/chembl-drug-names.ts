import type { DrugCentralDrug } from "./drugcentral";

/**
 * Drug names by ChEMBL id from withDRAWN's `drug_info.csv` (Schlessinger lab, ChEMBL-derived): the first column, with
 * an empty header, is the ChEMBL id, `name` the underscore-joined names, trade names and research codes ChEMBL lists.
 * DrugCentral names a drug by its INN only, so the names abstracts use most often for many drugs are missing:
 * "methimazole" (INN thiamazole), "bendrofluazide" (bendroflumethiazide), "eserine" (physostigmine), "CCNU" (lomustine).
 */
export function parseChemblDrugNames(csv: string): Map<string, string[]> {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = splitCsvLine(lines[0] ?? "");
  const nameColumn = header.indexOf("name");
  if (nameColumn < 0) throw new Error("ChEMBL drug names: expected a 'name' column");
  const out = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const cells = splitCsvLine(line);
    const chembl = (cells[0] ?? "").trim().toUpperCase();
    if (!/^CHEMBL\d+$/.test(chembl)) continue;
    const names = (cells[nameColumn] ?? "")
      .split("_")
      .map((n) => n.trim())
      .filter((n) => n !== "");
    out.set(chembl, [...new Set([...(out.get(chembl) ?? []), ...names])]);
  }
  return out;
}

/** DrugCentral drugs with the ChEMBL names of their ChEMBL id added as synonyms. */
export function withChemblNames(drugs: DrugCentralDrug[], names: Map<string, string[]>): DrugCentralDrug[] {
  return drugs.map((d) => {
    const extra = d.chembl ? (names.get(d.chembl.toUpperCase()) ?? []) : [];
    const known = new Set([d.name, ...d.synonyms].map((n) => n.toLowerCase()));
    const added = extra.filter((n) => !known.has(n.toLowerCase()));
    return added.length > 0 ? { ...d, synonyms: [...d.synonyms, ...added] } : d;
  });
}

/** One CSV line's cells; a double-quoted cell may hold commas and doubled quotes. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
