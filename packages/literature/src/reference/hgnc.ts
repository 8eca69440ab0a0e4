import { columnIndex, listCell, readTsv } from "./tsv";

/**
 * HGNC gene table (genenames.org custom download). The shared copy (`hgnc/hgnc_mapper.tsv`, from
 * Fraunhofer-ITMP/PEMT) has the columns `HGNC ID, Approved symbol, RefSeq IDs, NCBI Gene ID,
 * Ensembl gene ID, UniProt ID(supplied by UniProt)` and no names, aliases or previous symbols; the
 * full `hgnc_complete_set.txt` has `Alias symbols` / `Previous symbols` (or `alias_symbol` /
 * `prev_symbol`), which are read when present. Columns are found by header name.
 */
export interface HgncGene {
  hgnc_id: string;
  symbol: string;
  name: string | null;
  aliases: string[];
  previous_symbols: string[];
  ncbigene: string | null;
  ensembl: string | null;
  /** UniProt accessions; the first is used as the gene's UniProt xref. */
  uniprot: string[];
}

export function parseHgnc(text: string): HgncGene[] {
  const { header, rows } = readTsv(text);
  const col = {
    id: columnIndex(header, "HGNC ID", "hgnc_id"),
    symbol: columnIndex(header, "Approved symbol", "symbol"),
    name: columnIndex(header, "Approved name", "name"),
    aliases: columnIndex(header, "Alias symbols", "alias_symbol"),
    previous: columnIndex(header, "Previous symbols", "prev_symbol"),
    ncbi: columnIndex(header, "NCBI Gene ID", "entrez_id", "NCBI Gene ID(supplied by NCBI)"),
    ensembl: columnIndex(header, "Ensembl gene ID", "ensembl_gene_id"),
    uniprot: columnIndex(header, "UniProt ID", "uniprot_ids"),
  };
  if (col.id < 0 || col.symbol < 0) throw new Error("HGNC table: no 'HGNC ID' / 'Approved symbol' columns");
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? "").trim() : "");
  const genes: HgncGene[] = [];
  for (const row of rows) {
    const symbol = cell(row, col.symbol);
    if (symbol === "") continue;
    genes.push({
      hgnc_id: cell(row, col.id),
      symbol,
      name: cell(row, col.name) || null,
      aliases: listCell(cell(row, col.aliases)),
      previous_symbols: listCell(cell(row, col.previous)),
      ncbigene: cell(row, col.ncbi) || null,
      ensembl: cell(row, col.ensembl) || null,
      uniprot: listCell(cell(row, col.uniprot)),
    });
  }
  return genes;
}
