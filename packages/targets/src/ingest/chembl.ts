import type { GeneIndex } from "../genes";
import { IngestError, type FeatureRow, type ParsedUpload } from "../types";
import { FeatureCollector } from "./collect";
import type { ChemblParams } from "./params";
import { cellText, columnName, readNumber, readTable, requireColumn, type Table, type TableRow } from "./table";

/** How many compounds make a modality's score 1: a target with 100 active compounds is plainly tractable. */
const SATURATING_COUNT = 100;

export interface TractabilityBucket {
  count: number;
  /** Enough compounds to trust the count (at least `min_count_for_confidence`). */
  confident: boolean;
}

export function tractabilityBucket(count: number, minCount: number): TractabilityBucket {
  return { count, confident: count >= minCount };
}

/**
 * Score of a compound count: min(1, log10(1 + n) / log10(1 + 100)), halved when n is below the
 * confidence minimum, since a handful of actives (often one paper's series) is weak evidence that the
 * target is tractable. The logarithm keeps the difference between 0 and 10 compounds larger than
 * between 100 and 1,000.
 */
export function tractabilityScore(count: number, minCount: number): number {
  const score = Math.min(1, Math.log10(1 + count) / Math.log10(1 + SATURATING_COUNT));
  return tractabilityBucket(count, minCount).confident ? score : score / 2;
}

/**
 * A per-target ChEMBL table with the number of small-molecule and biologic compounds per target.
 * The id column holds a ChEMBL target id (mapped to UniProt through `chemblToUniprot`; a protein
 * complex or family gives its counts to each member gene), a UniProt accession or a gene symbol.
 * Features (druggability, any disease): `chembl_small_molecule` and `chembl_biologic`, raw = count,
 * score = tractabilityScore; a gene listed twice keeps its higher count.
 */
export function parseChemblTractability(
  text: string,
  params: ChemblParams,
  genes: GeneIndex,
  chemblToUniprot: ReadonlyMap<string, readonly string[]>,
): ParsedUpload {
  const table = readTable(text);
  const idColumn = requireColumn(table, params.id_column);
  const modalities = [
    { feature: "chembl_small_molecule", column: requireColumn(table, params.small_molecule_count_col) },
    { feature: "chembl_biologic", column: requireColumn(table, params.biologic_count_col) },
  ];
  const collector = new FeatureCollector(genes);
  for (const row of table.rows) {
    const counts = modalities.map((m) => ({ ...m, count: readCount(table, row, m.column) }));
    for (const gene of targetGenes(cellText(row, idColumn), collector, chemblToUniprot)) {
      for (const { feature, count } of counts)
        collector.add(countFeature(gene, feature, count, params.min_count_for_confidence));
    }
  }
  return collector.result(table.rows.length);
}

function countFeature(gene: string, feature: string, count: number, minCount: number): FeatureRow {
  return {
    gene,
    feature_name: feature,
    component: "drugg",
    score: tractabilityScore(count, minCount),
    raw: count,
    disease: null,
  };
}

function readCount(table: Table, row: TableRow, column: number): number {
  const count = readNumber(table, row, column) ?? 0;
  if (count < 0 || !Number.isInteger(count))
    throw new IngestError(
      `not a count (a whole number ≥ 0): '${cellText(row, column)}'`,
      row.line,
      columnName(table, column),
    );
  return count;
}

const CHEMBL_ID = /^CHEMBL\d+$/i;

function targetGenes(
  id: string,
  collector: FeatureCollector,
  chemblToUniprot: ReadonlyMap<string, readonly string[]>,
): string[] {
  if (!CHEMBL_ID.test(id)) {
    const gene = collector.resolve(id);
    return gene ? [gene] : [];
  }
  // The ChEMBL id itself is reported when none of its proteins is a known gene.
  return collector.resolveAll(chemblToUniprot.get(id.toUpperCase()) ?? [], id);
}

/**
 * ChEMBL's `chembl_uniprot_mapping.txt`: a `#` comment line, then tab-separated rows without header
 * `UniProt accession, ChEMBL target id, target name, target type`. Returns ChEMBL id → accessions.
 */
export function parseChemblUniprotMapping(text: string): Map<string, string[]> {
  const mapping = new Map<string, string[]>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/^\uFEFF/, "");
    if (line.trim() === "" || line.startsWith("#")) return;
    const [uniprot = "", chembl = ""] = line.split("\t").map((c) => c.trim());
    if (!CHEMBL_ID.test(chembl)) {
      if (/^uniprot/i.test(uniprot)) return; // a header line some copies add
      throw new IngestError(`not a ChEMBL target id: '${chembl}'`, i + 1, "ChEMBL");
    }
    const accessions = mapping.get(chembl.toUpperCase()) ?? [];
    if (uniprot !== "" && !accessions.includes(uniprot)) accessions.push(uniprot);
    mapping.set(chembl.toUpperCase(), accessions);
  });
  return mapping;
}
