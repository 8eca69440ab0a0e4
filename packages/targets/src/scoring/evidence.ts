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
 * Evidence recorded on diseases related to the one being ranked (see DiseaseHierarchy.related), one
 * item per related disease: each row's score multiplied by that disease's similarity, named
 * `related_<feature>`. Rows about no disease are left to evidenceForDisease.
 */
export function relatedDiseaseItems(
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

/**
 * Evidence recorded on related diseases as one item per gene and feature: the related-disease items
 * (relatedDiseaseItems) combined by noisy-or, 1 − Π(1 − score_i), the chance that at least one of the
 * related diseases' records carries over. A drug approved for a sibling disease is evidence for the
 * target, discounted by how close the sibling is, and precedence in many related diseases adds up
 * (tubulin in every carcinoma a taxane is approved for) instead of being cut by the harmonic sum's
 * 1/i² (known-target benchmark, development half: recall@50 0.500 → 0.536).
 */
export function evidenceFromRelatedDiseases(
  features: readonly FeatureRow[],
  source: TargetSource | string,
  related: ReadonlyMap<string, number>,
): EvidenceItem[] {
  const combined = new Map<string, EvidenceItem>();
  for (const item of relatedDiseaseItems(features, source, related)) {
    const key = `${item.gene}\t${item.feature_name}`;
    const held = combined.get(key);
    if (held) held.score = 1 - (1 - held.score) * (1 - item.score);
    else combined.set(key, { ...item });
  }
  return [...combined.values()];
}
