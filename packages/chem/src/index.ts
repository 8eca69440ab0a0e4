/**
 * @sieve/chem: the chemistry core. Every function takes an RDKit.js module from `loadRDKit()`
 * (load once, reuse); functions that take a `Mol` leave it to the caller to `delete()`.
 */
export { loadRDKit, type RDKitModule } from "./rdkit";
export {
  analyzeMolecule,
  type AnalyzeOptions,
  type MoleculeAnalysis,
  type MoleculeAnalysisFailure,
  type MoleculeAnalysisSuccess,
} from "./analyze";
export {
  describeMolecule,
  type LipinskiRuleOfFive,
  type MoleculeDescriptors,
  type MoleculeProfile,
} from "./descriptors";
export { parseSmiles, MAX_HEAVY_ATOMS, MAX_SMILES_LENGTH, type ParsedSmiles } from "./parse";
export { molecularFormula } from "./formula";
export { readMolGraph, morganCountsOfGraph, type MolGraph as MoleculeGraph } from "./morgan-environments";
export { atomPairCounts } from "./atom-pairs";
export { bitSetTanimoto, gobbiPharmacophoreBits } from "./gobbi-pharmacophores";
export { bertzCT } from "./bertz";
export { graphDescriptors } from "./graph-descriptors";
export { readRDKitDescriptors, type RDKitDescriptors } from "./rdkit-descriptors";
export {
  qed,
  qedFromProperties,
  qedProfile,
  qedProperties,
  WEIGHT_MAX,
  WEIGHT_MEAN,
  WEIGHT_NONE,
  type QedProperties,
  type QedWeights,
} from "./qed";
export { saScore, saScoreOfGraph } from "./sa-score";
export { inchiIdentifiers, type InchiIdentifiers } from "./inchi";
export { depictSvg, DEFAULT_DEPICTION_SIZE } from "./depict";
export {
  morganFingerprint,
  morganFingerprintOfSmiles,
  countTanimoto,
  popcount,
  tanimoto,
  MORGAN_BITS,
  MORGAN_RADIUS,
  MORGAN_WORDS,
} from "./fingerprint";
export { SimilarityIndex, type SimilarityHit } from "./similarity-index";
export { readLibraryFile, parseCsv, LibraryFileError, type LibraryFile, type LibraryRecord } from "./library-file";
export { structuralAlerts, structuralAlertsOfSmiles, releaseStructuralAlerts } from "./structural-alerts";
export {
  structuralAlertCatalogue,
  ALERT_CATALOGS,
  type AlertCatalog,
  type StructuralAlert,
  type StructuralAlertCatalogue,
  type StructuralAlertDefinition,
} from "./structural-alert-catalogue";
export {
  hasUnstableGroup,
  medChemAssessment,
  medChemFilterHits,
  UNSTABLE_GROUPS,
  type FilterFamily,
  type FilterHit,
  type MedChemAssessment,
  type UnstableGroup,
} from "./medchem-filters";
