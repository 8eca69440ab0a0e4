/**
 * @sieve/optimize: multi-objective molecular optimization with a graph-based genetic algorithm
 * (GB-GA). Pure and deterministic given a seed; every function takes an RDKit.js module from
 * `@sieve/chem` `loadRDKit()`.
 */
export { Random } from "./random";
export { runGraphGA, GRAPH_GA_DEFAULTS, type GraphGAHooks, type GraphGAOptions } from "./graph-ga";
export { mutate, mutateSmiles, MUTATION_TYPES, type Mutant, type MutationType } from "./mutations";
export { crossover, type Parent } from "./crossover";
export { readKekuleGraph, type AnnotatedGraph, type MolGraph } from "./mol-graph";
export { acceptChild, DEFAULT_CHILD_LIMITS, type ChildLimits } from "./validity";
export {
  multiPropertyObjective,
  multiPropertyFitness,
  propertyDesirabilities,
  DEFAULT_TARGET_PROPERTIES,
  DEFAULT_PROPERTY_WEIGHTS,
  DESIRABILITY_WIDTHS,
  PROPERTY_NAMES,
  type MoleculeAcceptability,
  type MoleculeScore,
  type Objective,
  type PropertyName,
  type PropertyValues,
} from "./objective";
export {
  osimertinibMpoObjective,
  qedObjective,
  ranolazineMpoObjective,
  rediscoveryObjective,
  similarityObjective,
  OSIMERTINIB,
  SIMILARITY_TARGETS,
  RANOLAZINE,
  REDISCOVERY_TARGETS,
} from "./guacamol-tasks";
export { isomerObjective, formulaCounts } from "./isomer-task";
export { GUACAMOL_MPO_TASKS, GUACAMOL_MPO_REFERENCES, HOP_SMARTS, VALSARTAN_SMARTS } from "./guacamol-mpo-tasks";
export {
  clippedLinear,
  gaussian,
  maxGaussian,
  minGaussian,
  weightedGeometricMean,
  type Desirability,
} from "./score-modifiers";
export {
  withAcceptability,
  DEFAULT_ACCEPTABILITY,
  UNACCEPTABLE_FITNESS_FACTOR,
  type AcceptabilityOptions,
} from "./acceptability";
export { canonicalSmiles, Oracle, type Evaluation } from "./oracle";
export { moleculeEmbedding, embeddingFeatures, euclideanDistance, MAX_EMBEDDING_DIMENSION } from "./embedding";
export {
  selectDiverseBatch,
  DEFAULT_BATCH_DIVERSITY,
  type BatchDiversityOptions,
  type DiversityCandidate,
} from "./batch-diversity";
export {
  internalDiversity,
  type BestMolecule,
  type Curve,
  type CurvePoint,
  type FinalMetrics,
  type GenerationStats,
  type OptimizationResult,
  type StopReason,
} from "./result";
export { molecularRunOptions, MOLECULAR_RUN_LIMITS, type MolecularRunRequest } from "./molecular-run";
