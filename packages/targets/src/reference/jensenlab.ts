import type { GeneDiseaseAssociation } from "@sieve/literature";
import type { GeneIndex } from "../genes";
import type { FeatureRow } from "../types";

/**
 * JensenLab DISEASES curated associations (knowledge channel; Pletscher-Frankild et al., Methods
 * 2015) as lit evidence: feature `jensenlab_curated`, disease = the DOID, raw = confidence (stars,
 * 1–5), score = confidence / 5. A pair given by several sources (MedlinePlus, UniProtKB-KW, AmyCo)
 * is one curated fact: one row, with its highest confidence. Genes are matched by symbol.
 */
export function jensenLabFeatures(associations: readonly GeneDiseaseAssociation[], genes: GeneIndex): FeatureRow[] {
  const best = new Map<string, FeatureRow>();
  for (const a of associations) {
    const gene = genes.resolve(a.symbol);
    if (!gene || !Number.isFinite(a.confidence)) continue;
    const confidence = Math.min(5, Math.max(0, a.confidence));
    const key = `${gene}\t${a.doid}`;
    const seen = best.get(key);
    if (seen && (seen.raw ?? 0) >= confidence) continue;
    best.set(key, {
      gene,
      feature_name: "jensenlab_curated",
      component: "lit",
      score: confidence / 5,
      raw: confidence,
      disease: a.doid,
    });
  }
  return [...best.values()];
}
