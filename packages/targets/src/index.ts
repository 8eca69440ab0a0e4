export * from "./types";
export { GeneIndex } from "./genes";
export {
  parseDrugTargets,
  targetGenes,
  drugsByGene,
  approvedDrugFeatures,
  approvedDrugScore,
  APPROVED_DRUGS_FOR_FULL_SCORE,
  excludedDrugs,
  clinicalPrecedenceFeatures,
  clinicalPrecedence,
  PRECEDENCE_CORROBORATION,
} from "./reference/drugcentral";
export type {
  DrugTarget,
  ExclusionOptions,
  PrecedenceOptions,
  UncorroboratedPrecedence,
} from "./reference/drugcentral";
export { parseWithdrawn, safetyLiabilityFeatures, SAFETY_LIABILITY } from "./reference/withdrawn";
export type { SafetyOptions } from "./reference/withdrawn";
export type { WithdrawnDrug } from "./reference/withdrawn";
export { jensenLabFeatures } from "./reference/jensenlab";
export { DiseaseHierarchy } from "./reference/disease-hierarchy";
export { AREAS, therapeuticArea } from "./reference/therapeutic-areas";
export { DISEASE_ABBREVIATIONS } from "./reference/disease-abbreviations";
export { rankTargets, componentScores, LIABILITY_COMPONENTS } from "./scoring/rank";
export type { RankTargetsInput } from "./scoring/rank";
export { evidenceForDisease, evidenceFromRelatedDiseases, relatedDiseaseItems } from "./scoring/evidence";
export {
  rankDisease,
  FAILURE_TIER_LIABILITY,
  OWN_PRECEDENCE_FEATURE,
  RELATED_SHARE_IN_MODE_ALL,
  SEED_MIN_SCORE,
} from "./disease-ranking";
export type { DiseaseRanking, DiseaseRankingInput, GeneTriple, TargetFailure } from "./disease-ranking";
export * from "./ingest/index";
