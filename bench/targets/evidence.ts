import { UploadFields } from "@sieve/contracts";
import {
  approvedDrugFeatures,
  clinicalPrecedenceFeatures,
  evidenceForDisease,
  evidenceFromRelatedDiseases,
  relatedDiseaseItems,
  excludedDrugs,
  networkProximity,
  parseStringNetwork,
  safetyLiabilityFeatures,
  type EvidenceItem,
  type FeatureRow,
  type NetworkEdge,
  therapeuticArea,
} from "@sieve/targets";
import { hasSharedData, readSharedData } from "@sieve/testing";
import { TARGET_REFERENCE_FILES as F } from "../../packages/targets/test/reference-files";
import type { BenchData, BenchDisease } from "./data";

/** The two STRING subsets of the shared data and the disease each was built around. */
const STRING_SUBSETS: Record<string, string> = { "DOID:3908": F.stringNsclc, "DOID:10652": F.stringAlzheimers };

export function loadNetworks(data: BenchData): Map<string, NetworkEdge[]> {
  const params = UploadFields.string.parse({});
  const out = new Map<string, NetworkEdge[]>();
  for (const [doid, file] of Object.entries(STRING_SUBSETS))
    if (hasSharedData(file)) out.set(doid, parseStringNetwork(readSharedData(file), params, data.index).edges ?? []);
  return out;
}

/** One disease's evidence in the world where its own clinical record is switched off. */
export interface DiseaseEvidence {
  /** JensenLab on the disease and its descendants (propagated up to it). */
  lit: EvidenceItem[];
  /** approved_drug_targets counting only drugs with a DOID-coded indication outside the subtree. */
  druggability: FeatureRow[];
  drugg: EvidenceItem[];
  /** Liabilities (1 withdrawn, 0.5 black box) over the drugs left after the switch-off, scaled by the share of the gene's drugs carrying the flag. */
  safeShare: EvidenceItem[];
  /** Clinical precedence on related diseases from drugs with no indication in the subtree at all, one item per gene (noisy-or). */
  related: EvidenceItem[];
  /** The same, one item per gene and related disease (before the noisy-or). */
  relatedPerDisease: EvidenceItem[];
  /** string_proximity to the JensenLab genes, when a STRING subset was built around this disease. */
  omics: EvidenceItem[];
}

const areas = new Map<string, string>();
function cachedArea(data: BenchData, doid: string): string {
  let area = areas.get(doid);
  if (area === undefined) areas.set(doid, (area = therapeuticArea(data.hierarchy, doid)));
  return area;
}

export function diseaseEvidence(
  data: BenchData,
  d: BenchDisease,
  networks: ReadonlyMap<string, NetworkEdge[]>,
): DiseaseEvidence {
  const excluded = excludedDrugs(data.indications, d.subtree);
  const kept = data.targets.filter((t) => !excluded.has(t.drugcentral_id));
  const areaOf = (doid: string) => cachedArea(data, doid);
  const touching = new Set(
    data.indications.filter((i) => i.doid !== null && d.subtree.has(i.doid)).map((i) => i.drugcentral_id),
  );
  const untouched = data.targets.filter((t) => !touching.has(t.drugcentral_id));
  const druggability = approvedDrugFeatures(data.targets, data.indications, data.index, {
    excludeDiseaseIds: d.subtree,
  });
  // The disease's own clinical_precedence is switched off; whatever remains of it for the subtree is
  // empty by construction (evidenceForDisease keeps only the subtree's rows).
  const ownPrecedence = evidenceForDisease(
    clinicalPrecedenceFeatures(data.targets, data.indications, data.index, {
      excludeDiseaseIds: d.subtree,
      areaOf,
    }),
    "drugcentral",
    d.subtree,
  );
  if (ownPrecedence.some((e) => e.feature_name === "clinical_precedence"))
    throw new Error(`${d.doid}: clinical precedence not switched off`);
  const related = data.hierarchy.related(d.doid);
  const relatedPrecedence = clinicalPrecedenceFeatures(untouched, data.indications, data.index, { areaOf });
  const lit = evidenceForDisease(data.jensen, "jensenlab", d.subtree);
  const edges = networks.get(d.doid);
  const seeds = new Set(lit.map((e) => e.gene));
  const omics = edges && seeds.size > 0 ? evidenceForDisease(networkProximity(edges, seeds), "string", d.subtree) : [];
  return {
    lit,
    druggability,
    drugg: [...evidenceForDisease(druggability, "drugcentral", d.subtree), ...ownPrecedence],
    safeShare: evidenceForDisease(
      safetyLiabilityFeatures(kept, data.withdrawn, data.index, { scale: "share" }),
      "withdrawn",
      d.subtree,
    ),
    related: evidenceFromRelatedDiseases(relatedPrecedence, "drugcentral", related),
    relatedPerDisease: relatedDiseaseItems(relatedPrecedence, "drugcentral", related),
    omics,
  };
}
