import type { GeneIndex } from "../genes";
import { IngestError, type ParsedUpload } from "../types";
import { FeatureCollector } from "./collect";
import type { GenericParams } from "./params";
import { minMaxScaler, zScoreScaler } from "./scaling";
import { cellText, readNumber, readTable, requireColumn } from "./table";

/**
 * Any gene table with one numeric column, for evidence the other formats do not cover (a CRISPR
 * screen, a proteomics fold change…). Genes are found by `id_column` (Ensembl, HGNC, UniProt or
 * NCBI id), else by `symbol_column`. Rows with an empty value are skipped. Scaling over the rows of
 * the file: "minmax" (x − min) / (max − min), 1 when all are equal; "zscore" Φ((x − mean) / sd), 0.5
 * when sd is 0. `invert` (for values where lower means more support, e.g. a dependency score) takes
 * 1 − score. One feature `feature_name` per gene in `component`; a gene listed twice keeps its
 * highest score.
 */
export function parseGeneric(text: string, params: GenericParams, genes: GeneIndex): ParsedUpload {
  const table = readTable(text);
  if (params.id_column === "" && params.symbol_column === "") {
    throw new IngestError("set id_column or symbol_column: which column names the gene", table.headerLine, "id_column");
  }
  const idColumns = [params.id_column, params.symbol_column]
    .filter((c) => c !== "")
    .map((c) => requireColumn(table, c));
  const valueColumn = requireColumn(table, params.value_column);
  const values = table.rows.flatMap((row) => {
    const value = readNumber(table, row, valueColumn);
    return value === null ? [] : [{ ids: idColumns.map((c) => cellText(row, c)), value }];
  });
  const scale = (params.scale === "zscore" ? zScoreScaler : minMaxScaler)(values.map((v) => v.value));
  const collector = new FeatureCollector(genes);
  for (const { ids, value } of values) {
    const gene = collector.resolve(...ids);
    if (!gene) continue;
    const score = scale(value);
    collector.add({
      gene,
      feature_name: params.feature_name,
      component: params.component,
      score: params.invert ? 1 - score : score,
      raw: value,
      disease: params.disease || null,
    });
  }
  return collector.result(table.rows.length);
}
