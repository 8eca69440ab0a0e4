import {
  COMPONENT_WEIGHT,
  TARGET_COMPONENTS,
  type IdentifyTargetsResponse,
  type TargetWeights,
} from "@sieve/contracts";
import { toCsv } from "../../../lib/csv";
import type { RankedTarget } from "./ranking";

export const RANKING_CSV_COLUMNS = [
  "rank",
  "gene_symbol",
  "hgnc_id",
  "uniprot_id",
  "protein_name",
  ...TARGET_COMPONENTS,
  "priority_score",
  "coverage",
  "novelty",
  "approved_for_disease",
] as const;

/** `targets-<DOID>-top<K>.csv`; the id's colon becomes an underscore, which every file system accepts. */
export function rankingFileName(diseaseId: string, topK: number): string {
  return `targets-${diseaseId.replace(/[^A-Za-z0-9._-]+/g, "_")}-top${topK}.csv`;
}

/**
 * The ranking as shown: re-ranked order and priorities for the current weights, full-precision
 * values, an empty cell for "no data". A leading `#` comment records the disease, the feature set
 * and the weights, so the file says how its order was made.
 */
export function rankingCsv(
  response: Pick<IdentifyTargetsResponse, "disease" | "feature_set_version" | "mode">,
  ranked: RankedTarget[],
  weights: TargetWeights,
): string {
  const weightText = TARGET_COMPONENTS.map(
    (component) => `${COMPONENT_WEIGHT[component]}=${weights[COMPONENT_WEIGHT[component]]}`,
  ).join(" ");
  const comment = `# disease ${response.disease.id} (${response.disease.name}); feature set ${response.feature_set_version}; mode ${response.mode}; weights ${weightText} (priority = weighted mean over the components with data × √coverage; coverage = share of the weights with data)\r\n`;
  const rows = ranked.map(({ result, rank, score, coverage }) => [
    rank,
    result.target.gene_symbol,
    result.target.hgnc_id,
    result.target.uniprot_id,
    result.target.protein_name,
    ...TARGET_COMPONENTS.map((component) => result.components[component]),
    score,
    coverage,
    result.novelty,
    result.approved_for_disease.join("; "),
  ]);
  return comment + toCsv([...RANKING_CSV_COLUMNS], rows);
}
