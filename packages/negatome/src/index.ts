/**
 * @sieve/negatome: failed and withdrawn compounds, and the safety risk of a new compound read
 * from them. Pure: loaders take file text, every function that needs RDKit takes the module from
 * `@sieve/chem` `loadRDKit()`; no HTTP, no database.
 */
export {
  FAILURE_CLASSES,
  FAILURE_CLASS_DESCRIPTIONS,
  CONFIDENCE_TIERS,
  CONFIDENCE_TIER_DESCRIPTIONS,
  SAFETY_CATEGORIES,
  classifyWithdrawalReason,
  isFailureClass,
  isConfidenceTier,
  type FailureClass,
  type ConfidenceTier,
  type SafetyCategory,
  type ReasonClassification,
} from "./failure-classes";
export type {
  NegatomeCandidate,
  NegatomeEntry,
  NegatomeEvidence,
  NegatomeRecord,
  NegatomeRecordInput,
  NegatomeSource,
} from "./types";
export { prepareCompound, inspectCompound, type PreparedCompound, type PreparedCompoundResult } from "./compound";
export { prepareRecords, type PreparedRecords, type RejectedCandidate } from "./prepare";
export { DEMO_SET, DEMO_TARGETS, demoCandidates, type DemoCompound } from "./demo-set";
export {
  parseClintox,
  clintoxCandidates,
  clintoxReferenceCompounds,
  CLINTOX_DATASET,
  CLINTOX_LICENCE,
  type ClintoxFile,
  type ClintoxRow,
} from "./loaders/clintox";
export {
  parseWithdrawn,
  WITHDRAWN_DATASET,
  WITHDRAWN_LICENCE,
  type WithdrawnDrugs,
  type WithdrawnFiles,
} from "./loaders/withdrawn";
export {
  parseDrugCentralStructures,
  drugCentralStructuresByChembl,
  DRUGCENTRAL_LICENCE,
  DRUGCENTRAL_STRUCTURES_DATASET,
  type DrugCentralStructure,
} from "./loaders/drugcentral";
export type { SkippedRow } from "./loaders/lines";
export {
  drugCentralApprovals,
  clintoxApprovals,
  chemblBoxedWarnings,
  regulatoryByEntry,
  type RegulatoryFact,
} from "./loaders/regulatory";
export {
  buildPublicNegatome,
  assessInNegatome,
  calibrateVerdicts,
  calibrateStructureOnly,
  type LevelCounts,
  type NegatomeReferenceTexts,
  type PublicNegatome,
  type VerdictCalibration,
} from "./calibration";
export {
  entryKey,
  claimOfRecord,
  reconcileVerdict,
  weighClaims,
  sourceDisplayName,
  SOURCE_DISPLAY_NAMES,
  screenDecision,
  NEGATIVE_LABELS,
  SOURCE_RELIABILITY,
  SINGLE_SOURCE_CAP_WHEN_APPROVED,
  STRUCTURE_CAP_WHEN_APPROVED,
  type ClaimLabel,
  type ScreenDecision,
  type SourceClaim,
  type Verdict,
} from "./verdict";
export {
  structuralAlerts,
  structuralAlertsOfSmiles,
  structuralAlertCatalogue,
  releaseStructuralAlerts,
  ALERT_CATALOGS,
  type AlertCatalog,
  type StructuralAlert,
  type StructuralAlertCatalogue,
  type StructuralAlertDefinition,
} from "@sieve/chem";
export { murckoScaffold } from "./scaffold";
export { negatomeIndex, buildReferenceIndex, type ReferenceCompound, type ReferenceSet } from "./reference-set";
export {
  assessSafety,
  inspectForSafety,
  scoreSafety,
  safetySearch,
  type SafetyInspection,
  type SafetySources,
  EVIDENCE_MIN_SIMILARITY,
  MAX_EVIDENCE_HITS,
  type EvidenceHit,
  type SafetyAssessment,
  type SafetyRequest,
  type SafetyResult,
  type SafetyWarning,
  type SafetyWarningKind,
  type Severity,
} from "./safety";
export {
  riskLevel,
  riskComponents,
  combineRisk,
  failureWeight,
  analogueRisk,
  neighbourhoodFailureRate,
  DEFAULT_SAFETY_PARAMETERS,
  FINGERPRINT,
  RISK_AMBER,
  RISK_RED,
  STRONG_SIMILARITY,
  MODERATE_SIMILARITY,
  ANALOGUE_RAMP,
  CLASS_WEIGHTS,
  TIER_WEIGHTS,
  type Neighbour,
  type RiskComponents,
  type RiskLevel,
  type SafetyEvidence,
  type SafetyParameters,
} from "./safety-score";
export {
  auroc,
  fitSafetyParameters,
  PARAMETER_GRID,
  type FittedParameters,
  type ParameterGrid,
  type TrainingExample,
} from "./safety-fit";
