import { columnIndex, readTsv } from "./tsv";

/**
 * A gene of NCBI Gene's `gene_info` export (ftp.ncbi.nlm.nih.gov/gene/DATA/GENE_INFO, one file per
 * organism, e.g. `Homo_sapiens.gene_info`, `Mus_musculus.gene_info`): the organism, the NCBI Gene
 * id, the official symbol, its synonyms, and its full and other names. It is the lexicon gene
 * taggers such as GNormPlus normalise to: human aliases the reduced HGNC table lacks ("p62",
 * "CHX10"), and mouse and rat genes with their own ids.
 */
export interface NcbiGene {
  taxon: string;
  ncbigene: string;
  symbol: string;
  synonyms: string[];
  /** Full name from the nomenclature authority, else NCBI's description. */
  name: string | null;
  other_designations: string[];
}

export function parseGeneInfo(text: string): NcbiGene[] {
  // The export's header line starts with "#tax_id", which readTsv would take for a comment.
  const { header, rows } = readTsv(text.replace(/^#(?=tax_id)/, ""));
  const col = {
    taxon: columnIndex(header, "tax_id"),
    id: columnIndex(header, "GeneID"),
    symbol: columnIndex(header, "Symbol"),
    synonyms: columnIndex(header, "Synonyms"),
    description: columnIndex(header, "description"),
    fullName: columnIndex(header, "Full_name_from_nomenclature_authority"),
    other: columnIndex(header, "Other_designations"),
  };
  if (col.taxon < 0 || col.id < 0 || col.symbol < 0)
    throw new Error("gene_info: no 'tax_id' / 'GeneID' / 'Symbol' columns");
  // "-" is the export's empty value; lists are "|"-separated (names may hold commas).
  const cell = (row: string[], i: number) => {
    const v = i >= 0 ? (row[i] ?? "").trim() : "";
    return v === "-" ? "" : v;
  };
  const list = (row: string[], i: number) =>
    cell(row, i)
      .split("|")
      .map((v) => v.trim())
      .filter((v) => v !== "");
  const genes: NcbiGene[] = [];
  for (const row of rows) {
    const symbol = cell(row, col.symbol);
    const ncbigene = cell(row, col.id);
    if (symbol === "" || ncbigene === "") continue;
    genes.push({
      taxon: cell(row, col.taxon),
      ncbigene,
      symbol,
      synonyms: list(row, col.synonyms),
      name: cell(row, col.fullName) || cell(row, col.description) || null,
      other_designations: list(row, col.other),
    });
  }
  return genes;
}
