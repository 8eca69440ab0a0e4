import type { GeneIndex } from "../genes";
import { IngestError, type FeatureRow, type ParsedUpload, type TargetComponent } from "../types";
import { FeatureCollector } from "./collect";
import type { OpenTargetsParams } from "./params";
import {
  cellText,
  findColumn,
  looksLikeJsonLines,
  readJsonLines,
  readNumber,
  readTable,
  requireColumn,
  type Table,
  type TableRow,
} from "./table";

/**
 * Open Targets Platform target–disease association exports, in the formats the platform publishes:
 *
 * - JSON lines of `associationByDatatypeDirect` / `…Indirect` (`diseaseId, targetId, datatypeId,
 *   score, evidenceCount`) and of `associationByOverallDirect` / `…Indirect` (no `datatypeId`: the
 *   overall score);
 * - CSV/TSV in long form (`targetId` | `target` | `symbol`, optional `diseaseId`, optional
 *   `datatypeId`, `score`);
 * - the web UI's "export table" wide form (`symbol`, `globalScore` / `overallAssociationScore` and one
 *   column per data type, `geneticAssociations` … `animalModels`; "No data" or empty = no value).
 *
 * One feature `ot_<datatype>` per gene × data type × disease, score = raw = the association score
 * (Open Targets' harmonic-sum score, already in [0, 1]). Literature feeds the literature component,
 * known drugs druggability, the other data types omics. The overall score only stands in (as omics)
 * for a gene without per-datatype scores, since it is itself a sum of those and would count them twice.
 */
export function parseOpenTargets(text: string, params: OpenTargetsParams, genes: GeneIndex): ParsedUpload {
  const collector = new FeatureCollector(genes);
  const { associations, rowsRead } = looksLikeJsonLines(text)
    ? readJsonAssociations(text, params, collector)
    : readTableAssociations(text, params, collector);
  for (const association of withoutRedundantOverall(associations)) collector.add(toFeature(association));
  return collector.result(rowsRead);
}

interface Association {
  gene: string;
  datatype: string;
  score: number;
  disease: string;
}

interface Associations {
  associations: Association[];
  rowsRead: number;
}

const OVERALL = "overall";

/** Every spelling of a data type in the exports (lower-case, letters only) → its `datatypeId`. */
const DATATYPE_SPELLINGS: Record<string, string> = {
  geneticassociation: "genetic_association",
  geneticassociations: "genetic_association",
  somaticmutation: "somatic_mutation",
  somaticmutations: "somatic_mutation",
  knowndrug: "known_drug",
  knowndrugs: "known_drug",
  drugs: "known_drug",
  affectedpathway: "affected_pathway",
  affectedpathways: "affected_pathway",
  pathwayssystemsbiology: "affected_pathway",
  rnaexpression: "rna_expression",
  literature: "literature",
  textmining: "literature",
  animalmodel: "animal_model",
  animalmodels: "animal_model",
};
const OVERALL_COLUMNS = ["globalScore", "overallAssociationScore", "overall", "associationScore"];
const TARGET_COLUMNS = ["targetId", "target", "symbol", "targetSymbol"];
const NO_VALUE = ["", "No data"];

const COMPONENT_OF_DATATYPE: Record<string, TargetComponent> = { literature: "lit", known_drug: "drugg" };

function datatypeId(name: string): string {
  const known = DATATYPE_SPELLINGS[name.toLowerCase().replace(/[^a-z]/g, "")];
  if (known) return known;
  // An unknown data type keeps its name, in the snake_case of Open Targets' ids.
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

function toFeature(a: Association): FeatureRow {
  const component = COMPONENT_OF_DATATYPE[a.datatype] ?? "omics";
  return {
    gene: a.gene,
    feature_name: `ot_${a.datatype}`,
    component,
    score: a.score,
    raw: a.score,
    disease: a.disease,
  };
}

function withoutRedundantOverall(associations: Association[]): Association[] {
  const key = (a: Association) => `${a.gene}\u0000${a.disease}`;
  const withDatatypes = new Set(associations.filter((a) => a.datatype !== OVERALL).map(key));
  return associations.filter((a) => a.datatype !== OVERALL || !withDatatypes.has(key(a)));
}

function checkScore(score: number, line: number, column: string): number {
  if (!(score >= 0 && score <= 1)) throw new IngestError(`association score ${score} is outside [0, 1]`, line, column);
  return score;
}

function readJsonAssociations(text: string, params: OpenTargetsParams, collector: FeatureCollector): Associations {
  const lines = readJsonLines(text);
  const associations: Association[] = [];
  for (const { line, value } of lines) {
    const targetId = jsonString(value, "targetId", line);
    const datatype = value.datatypeId === undefined ? OVERALL : datatypeId(jsonString(value, "datatypeId", line));
    const score = checkScore(jsonNumber(value, "score", line), line, "score");
    const disease = value.diseaseId === undefined ? params.indication_efo_id : jsonString(value, "diseaseId", line);
    const gene = collector.resolve(targetId);
    if (gene) associations.push({ gene, datatype, score, disease });
  }
  return { associations, rowsRead: lines.length };
}

function jsonString(value: Record<string, unknown>, field: string, line: number): string {
  const v = value[field];
  if (typeof v !== "string" || v.trim() === "")
    throw new IngestError(`'${field}' must be a non-empty string`, line, field);
  return v.trim();
}

function jsonNumber(value: Record<string, unknown>, field: string, line: number): number {
  const v = value[field];
  if (typeof v !== "number")
    throw new IngestError(`'${field}' must be a number, found ${JSON.stringify(v) ?? "nothing"}`, line, field);
  return v;
}

function readTableAssociations(text: string, params: OpenTargetsParams, collector: FeatureCollector): Associations {
  const table = readTable(text);
  const targetColumns = TARGET_COLUMNS.map((name) => findColumn(table, name)).filter((i) => i >= 0);
  if (targetColumns.length === 0) requireColumn(table, ...TARGET_COLUMNS);
  const isLong = findColumn(table, "datatypeId", "score") >= 0;
  const readRow = isLong ? longRowReader(table, params) : wideRowReader(table, params);
  const associations: Association[] = [];
  for (const row of table.rows) {
    const values = readRow(row);
    const gene = collector.resolve(...targetColumns.map((i) => cellText(row, i)));
    if (gene) for (const v of values) associations.push({ gene, ...v });
  }
  return { associations, rowsRead: table.rows.length };
}

type RowReader = (row: TableRow) => Omit<Association, "gene">[];

function longRowReader(table: Table, params: OpenTargetsParams): RowReader {
  const datatypeColumn = findColumn(table, "datatypeId");
  const scoreColumn = requireColumn(table, "score");
  const diseaseColumn = findColumn(table, "diseaseId");
  return (row) => {
    const score = readNumber(table, row, scoreColumn, NO_VALUE);
    if (score === null) return [];
    const datatype = cellText(row, datatypeColumn);
    return [
      {
        datatype: datatype === "" ? OVERALL : datatypeId(datatype),
        score: checkScore(score, row.line, table.header[scoreColumn]!),
        disease: cellText(row, diseaseColumn) || params.indication_efo_id,
      },
    ];
  };
}

function wideRowReader(table: Table, params: OpenTargetsParams): RowReader {
  const overallColumn = findColumn(table, ...OVERALL_COLUMNS);
  const datatypeColumns = table.header.flatMap((name, index) => {
    const datatype = DATATYPE_SPELLINGS[name.toLowerCase().replace(/[^a-z]/g, "")];
    return datatype ? [{ index, datatype }] : [];
  });
  if (overallColumn >= 0) datatypeColumns.push({ index: overallColumn, datatype: OVERALL });
  if (datatypeColumns.length === 0)
    requireColumn(table, "score", ...OVERALL_COLUMNS, "geneticAssociations", "literature");
  const diseaseColumn = findColumn(table, "diseaseId");
  return (row) =>
    datatypeColumns.flatMap(({ index, datatype }) => {
      const score = readNumber(table, row, index, NO_VALUE);
      if (score === null) return [];
      return [
        {
          datatype,
          score: checkScore(score, row.line, table.header[index]!),
          disease: cellText(row, diseaseColumn) || params.indication_efo_id,
        },
      ];
    });
}
