import type { GeneIndex } from "../genes";
import { IngestError, type ParsedUpload } from "../types";
import { FeatureCollector } from "./collect";
import type { GtexParams } from "./params";
import { minMaxScaler } from "./scaling";
import {
  cellText,
  columnName,
  findColumn,
  readNumber,
  readTable,
  requireColumn,
  type Table,
  type TableRow,
} from "./table";

/**
 * GTEx gene × tissue expression (median TPM per tissue), wide — the GTEx portal's GCT file
 * (`#1.2`, a dimensions line, then `Name  Description  <tissue…>`) or any table with the id column and
 * one column per tissue — or tidy (`params.tidy`: id column, tissue column, value column, as the GTEx
 * API's `medianGeneExpression` returns).
 *
 * With x_t = log2(TPM_t + 1) for each tissue t of the gene:
 * - `gtex_expression`: raw = mean of x_t over the tissues of interest; score = min-max of raw over the
 *   rows of the file (a gene listed twice keeps its higher score).
 * - `gtex_tissue_specificity`: raw = tau = Σ_t (1 − x_t / max x) / (n − 1) over all n tissues
 *   (Yanai et al., Bioinformatics 21:650–659, 2005; Kryuchkova-Mostacci & Robinson-Rechavi, Brief.
 *   Bioinform. 18:205, 2017, recommend it on log expression), 0 for a gene expressed nowhere; score =
 *   tau when the gene's highest tissue is a tissue of interest, else 0 — being specific to another
 *   tissue is no support for this disease.
 * Both are omics features for every disease (disease null).
 */
export function parseGtex(text: string, params: GtexParams, genes: GeneIndex): ParsedUpload {
  const matrix = params.tidy ? readTidy(text, params) : readWide(text, params);
  const interest = tissuesOfInterest(matrix, params.tissues_of_interest);
  const profiles = matrix.genes.map((g) => ({ ...g, ...profile(g.tpm, interest) }));
  const scaleExpression = minMaxScaler(profiles.flatMap((p) => (p.meanOfInterest === null ? [] : [p.meanOfInterest])));
  const collector = new FeatureCollector(genes);
  for (const p of profiles) {
    const gene = collector.resolve(...p.ids);
    if (!gene) continue;
    if (p.meanOfInterest !== null) {
      collector.add({
        gene,
        feature_name: "gtex_expression",
        component: "omics",
        score: scaleExpression(p.meanOfInterest),
        raw: p.meanOfInterest,
        disease: null,
      });
    }
    collector.add({
      gene,
      feature_name: "gtex_tissue_specificity",
      component: "omics",
      score: p.peaksInInterest ? p.tau : 0,
      raw: p.tau,
      disease: null,
    });
  }
  return collector.result(matrix.rowsRead);
}

interface GeneExpression {
  /** The row's identifiers, most specific first (GCT: the Ensembl id, then the symbol in Description). */
  ids: string[];
  /** Median TPM by tissue key. */
  tpm: Map<string, number>;
}

interface ExpressionMatrix {
  /** Tissue key → name as written in the file. */
  tissues: Map<string, string>;
  genes: GeneExpression[];
  rowsRead: number;
  headerLine: number;
  /** Where a missing tissue of interest was looked for (the tidy tissue column, or null: the header). */
  tissueColumn: string | null;
}

/** `Brain - Cortex`, `Brain_Cortex` and `brain cortex` are one tissue; so are `(Omentum)` and `Omentum`. */
function tissueKey(name: string): string {
  return name.toLowerCase().replace(/[\s_\-()]/g, "");
}

function log2p1(tpm: number): number {
  return Math.log2(tpm + 1);
}

function tissuesOfInterest(matrix: ExpressionMatrix, list: string): Set<string> {
  const names = list
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  const missing = names.filter((name) => !matrix.tissues.has(tissueKey(name)));
  if (missing.length > 0) {
    const available = [...matrix.tissues.values()].join(", ");
    throw new IngestError(
      `tissue of interest ${missing.map((m) => `'${m}'`).join(", ")} not in the file; available tissues: ${available}`,
      matrix.headerLine,
      matrix.tissueColumn ?? missing[0]!,
    );
  }
  return new Set(names.map(tissueKey));
}

function profile(
  tpm: Map<string, number>,
  interest: Set<string>,
): { meanOfInterest: number | null; tau: number; peaksInInterest: boolean } {
  const logs = [...tpm].map(([tissue, v]) => ({ tissue, x: log2p1(v) }));
  const ofInterest = logs.filter((l) => interest.has(l.tissue));
  const meanOfInterest = ofInterest.length === 0 ? null : ofInterest.reduce((s, l) => s + l.x, 0) / ofInterest.length;
  const max = Math.max(0, ...logs.map((l) => l.x));
  if (max === 0 || logs.length < 2) return { meanOfInterest, tau: 0, peaksInInterest: false };
  const tau = logs.reduce((s, l) => s + (1 - l.x / max), 0) / (logs.length - 1);
  return { meanOfInterest, tau, peaksInInterest: ofInterest.some((l) => l.x === max) };
}

function readTpm(table: Table, row: TableRow, column: number): number | null {
  const tpm = readNumber(table, row, column);
  if (tpm !== null && tpm < 0)
    throw new IngestError(`expression ${tpm} is negative`, row.line, columnName(table, column));
  return tpm;
}

/** Columns with the gene symbol, the fallback identifier when the id (an older Ensembl id, say) is unknown. */
const SYMBOL_COLUMNS = ["Description", "geneSymbol", "gene_symbol", "gene_name", "symbol"];
/** Columns of a wide table that label the gene rather than hold a tissue. */
const LABEL_COLUMNS = new Set(["name", "gene_id", "gencodeid", ...SYMBOL_COLUMNS.map((c) => c.toLowerCase())]);

function symbolColumn(table: Table, idColumn: number): number {
  const index = findColumn(table, ...SYMBOL_COLUMNS);
  return index === idColumn ? -1 : index;
}

function readWide(text: string, params: GtexParams): ExpressionMatrix {
  // A GCT file opens with its version (`#1.2`) and a dimensions line before the header.
  const isGct = /^\uFEFF?#1\.\d/.test(text);
  const table = readTable(text, { preambleLines: isGct ? 2 : 0 });
  const idColumn = requireColumn(table, params.id_column);
  const symbols = symbolColumn(table, idColumn);
  const tissueColumns = table.header.flatMap((name, index) =>
    index === idColumn || LABEL_COLUMNS.has(name.toLowerCase()) ? [] : [index],
  );
  const tissues = new Map(tissueColumns.map((i) => [tissueKey(table.header[i]!), table.header[i]!]));
  const genes = table.rows.map((row) => {
    const tpm = new Map<string, number>();
    for (const column of tissueColumns) {
      const value = readTpm(table, row, column);
      if (value !== null) tpm.set(tissueKey(table.header[column]!), value);
    }
    return { ids: [cellText(row, idColumn), cellText(row, symbols)], tpm };
  });
  return { tissues, genes, rowsRead: table.rows.length, headerLine: table.headerLine, tissueColumn: null };
}

function readTidy(text: string, params: GtexParams): ExpressionMatrix {
  const table = readTable(text);
  const idColumn = requireColumn(table, params.id_column);
  const tissueColumn = requireColumn(table, "tissue", "tissueSiteDetailId", "tissue_name");
  const valueColumn = requireColumn(table, "value", "median", "tpm", "medianTPM");
  const symbols = symbolColumn(table, idColumn);
  const tissues = new Map<string, string>();
  const byId = new Map<string, GeneExpression & { lines: Map<string, number> }>();
  for (const row of table.rows) {
    const id = cellText(row, idColumn);
    const tissue = cellText(row, tissueColumn);
    if (tissue === "") throw new IngestError("empty tissue", row.line, columnName(table, tissueColumn));
    const value = readTpm(table, row, valueColumn);
    const key = tissueKey(tissue);
    if (!tissues.has(key)) tissues.set(key, tissue);
    const gene = byId.get(id) ?? { ids: [id, cellText(row, symbols)], tpm: new Map(), lines: new Map() };
    byId.set(id, gene);
    const earlier = gene.lines.get(key);
    if (earlier !== undefined)
      throw new IngestError(
        `second value for '${id}' in tissue '${tissue}' (first at line ${earlier})`,
        row.line,
        columnName(table, valueColumn),
      );
    gene.lines.set(key, row.line);
    if (value !== null) gene.tpm.set(key, value);
  }
  const genes = [...byId.values()].map(({ ids, tpm }) => ({ ids, tpm }));
  return {
    tissues,
    genes,
    rowsRead: table.rows.length,
    headerLine: table.headerLine,
    tissueColumn: columnName(table, tissueColumn),
  };
}
