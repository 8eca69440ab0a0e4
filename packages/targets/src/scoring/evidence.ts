import type { TargetSource } from "@sieve/contracts";
import type { EvidenceItem, FeatureRow } from "../types";

/**
 * The evidence items of `features` for a disease: rows about any of `diseaseIds` (the disease and its
 * descendants, so a descendant's evidence counts for the ancestor) and disease-agnostic rows
 * (disease null).
 */
export function evidenceForDisease(
  features: readonly FeatureRow[],
  source: TargetSource | string,
  diseaseIds: ReadonlySet<string>,
): EvidenceItem[] {
  const out: EvidenceItem[] = [];
  for (const f of features) {
    if (f.disease !== null && !diseaseIds.has(f.disease)) continue;
    out.push({ gene: f.gene, component: f.component, source, feature_name: f.feature_name, score: f.score });
  }
  return out;
}

/**
 * Evidence recorded on diseases related to the one being ranked (see DiseaseHierarchy.related), each
 * item's score multiplied by that disease's similarity and named `related_<feature>`: a drug approved
 * for a sibling disease is evidence for the target, discounted by how close the sibling is. Rows about
 * no disease are left to evidenceForDisease.
 */
export function evidenceFromRelatedDiseases(
  features: readonly FeatureRow[],
  source: TargetSource | string,
  related: ReadonlyMap<string, number>,
): EvidenceItem[] {
  const out: EvidenceItem[] = [];
  for (const f of features) {
    const similarity = f.disease === null ? undefined : related.get(f.disease);
    if (similarity === undefined || similarity <= 0) continue;
    out.push({
      gene: f.gene,
      component: f.component,
      source,
      feature_name: `related_${f.feature_name}`,
      score: f.score * similarity,
    });
  }
  return out;
}
