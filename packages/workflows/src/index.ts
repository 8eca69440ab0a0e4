/**
 * @sieve/workflows: the discovery workflows behind the New Job modal and the oracles they share
 * (docking, ligand-based activity, synthetic accessibility). Pure science: no HTTP, no SQL; external
 * programs (Vina, Open Babel) are called as child processes.
 */
export { describeOracle, type MoleculeOracle, type OracleInfo, type OracleScore } from "./oracle";
export {
  binaryAvailability,
  mdAvailability,
  mdrunCpuProblem,
  requireDockingBinaries,
  runProgram,
  MissingBinaryError,
  OracleUnavailableError,
  ProgramFailedError,
  ProgramTimeoutError,
  ORACLE_PROGRAMS,
  type OracleProgram,
  type OracleAvailability,
} from "./programs";
export {
  readAtoms,
  stripToProtein,
  ligandCandidates,
  ligandRecords,
  resolveBox,
  DEFAULT_BOX_SIZE,
  type BoxSpec,
  type DockingBox,
  type StructureAtom,
} from "./docking/structure";
export {
  prepareLigand,
  SEARCH_METHOD,
  CONFORMER_CANDIDATES_PER_START,
  prepareLigandConformers,
  prepareReceptor,
  runVina,
  parseVinaModes,
  firstModel,
  DEFAULT_VINA_PARAMETERS,
  type DockingMode,
  type VinaParameters,
} from "./docking/vina";
export {
  DockingOracle,
  MemoryDockingCache,
  FileDockingCache,
  dockingCacheAt,
  sharedDockingCache,
  dockingCacheKey,
  exhaustivenessPerConformer,
  type DockingCache,
  type DockingOracleOptions,
  type DockingResult,
  type AnalogPlacement,
} from "./docking/docking-oracle";
export type { ReferencePose, TetheredPlacement } from "./docking/tethered";
export { LigandActivityOracle, drugCentralActives, type KnownActive } from "./ligand-activity";
export { SyntheticAccessibilityOracle } from "./sa-oracle";
export {
  readCompounds,
  libraryReadability,
  drugLikenessProblem,
  type InvalidEntry,
  type LibraryCompound,
  type ReadLibrary,
} from "./compound-library";
export {
  SA_DESIRABILITY,
  SUPPORTED_OBJECTIVES,
  desirability,
  fitness,
  fitnessTerms,
  unsupportedObjectives,
  type FitnessTerm,
  type ScoredValues,
  type WorkflowObjective,
} from "./objectives";
export { CompoundEvaluator, mapConcurrent, rankEvaluated, type EvaluatedCompound } from "./evaluation";
export {
  runVhts,
  type NegatomeScreen,
  type NotRanked,
  type StopReason,
  type VhtsOptions,
  type VhtsProgress,
  type VhtsResult,
} from "./vhts";
export {
  DEFAULT_SCREENING_FILTERS,
  ligandTimeLimit,
  ligandTimeLimitOf,
  negatomeFilterReason,
  propertyFilterReason,
  type LigandTimeLimit,
  type NegatomeVerdict,
  type ScreeningFilters,
} from "./screen-filters";
export { BIOISOSTERES, bioisostericAnalogs } from "./bioisosteres";
export { generateAnalogs, ANALOG_STRATEGY_NAMES, type Analog, type AnalogStrategy } from "./analogs";
export { parseWorkflowPlan, constraintViolations, hergAlert, type PlanConstraint, type WorkflowPlan } from "./plan";
export { runLeadOptimization, type LeadOptOptions, type LeadOptResult, type SeriesMember } from "./lead-opt";
export {
  runMdOracle,
  mdInstability,
  parseXvg,
  gromacsFatalError,
  MdSystemError,
  MD_ORACLE_VERSION,
  DEFAULT_RMSD_THRESHOLD_NM,
  type MdOptions,
  type MdResult,
  type MdSeriesPoint,
} from "./md/md-oracle";
export { buildPeptideSystem } from "./md/peptide-system";
