import type { GeneIndex } from "../genes";
import { IngestError, type FeatureRow, type NetworkEdge, type ParsedUpload } from "../types";
import { FeatureCollector } from "./collect";
import type { StringParams } from "./params";
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

export { networkProximity, randomWalkWithRestart, type ProximityOptions, type RandomWalkOptions } from "./network";

/**
 * STRING protein–protein edge lists, in either of STRING's layouts:
 * - the network export of string-db.org (`#node1 node2 node1_string_id node2_string_id … combined_score`,
 *   tab-separated, scores 0–1, the header starting with `#`);
 * - the bulk `protein.links` files (`protein1 protein2 combined_score`, space- or tab-separated,
 *   ids like `9606.ENSP00000000233`, scores 0–1000).
 * Scores on 0–1 are taken ×1000 (a file whose scores are all ≤ 1 is on that scale), and an edge is
 * kept when that reaches `min_score`. Genes are found by the node symbols when the file has them, else
 * by the protein id without its species prefix (Ensembl protein ids rarely resolve through HGNC and are
 * then reported unmatched). An id of another species than `species_taxon` is an error.
 *
 * Edges: HGNC ids, undirected, one per pair with its highest score /1000, self-loops dropped.
 * Feature `string_degree` (omics, any disease): raw = the gene's degree over the kept edges,
 * score = log(1 + degree) / log(1 + highest degree), so hubs do not flatten everyone else.
 */
export function parseStringNetwork(text: string, params: StringParams, genes: GeneIndex): ParsedUpload {
  const table = readTable(text, { hashedHeader: true, allowSpaces: true });
  const columns = stringColumns(table);
  const links = table.rows.map((row) => readLink(table, row, columns, params));
  const toThousands = links.some((l) => l.score > 1) ? 1 : 1000;
  const collector = new FeatureCollector(genes);
  const edges = new Map<string, NetworkEdge>();
  for (const link of links) {
    const score = checkScore(link.score * toThousands, link.row, table, columns.score);
    const a = collector.resolve(...link.ends[0]);
    const b = collector.resolve(...link.ends[1]);
    if (a && b && a !== b && score >= params.min_score) keepStrongest(edges, a, b, score / 1000);
  }
  const kept = [...edges.values()];
  for (const feature of degreeFeatures(kept)) collector.add(feature);
  return collector.result(table.rows.length, kept);
}

interface StringColumns {
  symbols: [number, number];
  ids: [number, number];
  score: number;
}

function stringColumns(table: Table): StringColumns {
  const symbols: [number, number] = [findColumn(table, "node1"), findColumn(table, "node2")];
  const ids: [number, number] = [
    findColumn(table, "node1_string_id", "protein1"),
    findColumn(table, "node2_string_id", "protein2"),
  ];
  if (symbols[0] < 0 && ids[0] < 0) requireColumn(table, "protein1", "node1");
  if (symbols[1] < 0 && ids[1] < 0) requireColumn(table, "protein2", "node2");
  return { symbols, ids, score: requireColumn(table, "combined_score", "score") };
}

interface Link {
  row: TableRow;
  /** Each end's identifiers to try, symbol first. */
  ends: [string[], string[]];
  score: number;
}

function readLink(table: Table, row: TableRow, columns: StringColumns, params: StringParams): Link {
  const end = (side: 0 | 1) => [cellText(row, columns.symbols[side]), proteinId(table, row, columns.ids[side], params)];
  const score = readNumber(table, row, columns.score);
  if (score === null) throw new IngestError("empty score", row.line, columnName(table, columns.score));
  return { row, ends: [end(0), end(1)], score };
}

/** The protein id without its species prefix; an id of another species cannot join this network. */
function proteinId(table: Table, row: TableRow, column: number, params: StringParams): string {
  const id = cellText(row, column);
  const taxon = /^(\d+)\./.exec(id)?.[1];
  if (taxon === undefined) return id;
  const prefix = params.id_prefix || `${params.species_taxon}.`;
  if (Number(taxon) !== params.species_taxon || !id.startsWith(prefix)) {
    throw new IngestError(
      `'${id}' is of species ${taxon}; expected species ${params.species_taxon}, ids starting with '${prefix}'`,
      row.line,
      columnName(table, column),
    );
  }
  return id.slice(prefix.length);
}

function checkScore(score: number, row: TableRow, table: Table, column: number): number {
  if (!(score >= 0 && score <= 1000))
    throw new IngestError(`combined score ${score} is outside 0–1000`, row.line, columnName(table, column));
  return score;
}

function keepStrongest(edges: Map<string, NetworkEdge>, x: string, y: string, score: number): void {
  const [a, b] = x < y ? [x, y] : [y, x];
  const key = `${a}\u0000${b}`;
  if ((edges.get(key)?.score ?? -1) < score) edges.set(key, { a, b, score });
}

function degreeFeatures(edges: readonly NetworkEdge[]): FeatureRow[] {
  const degree = new Map<string, number>();
  for (const e of edges) for (const g of [e.a, e.b]) degree.set(g, (degree.get(g) ?? 0) + 1);
  const maxDegree = Math.max(0, ...degree.values());
  return [...degree].map(([gene, d]) => ({
    gene,
    feature_name: "string_degree",
    component: "omics",
    score: Math.log1p(d) / Math.log1p(maxDegree),
    raw: d,
    disease: null,
  }));
}
