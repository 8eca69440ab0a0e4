import type { RDKitModule } from "@sieve/chem";
import { DEFAULT_ACCEPTABILITY, withAcceptability } from "./acceptability";
import { GRAPH_GA_DEFAULTS, type GraphGAOptions } from "./graph-ga";
import {
  DEFAULT_PROPERTY_WEIGHTS,
  DEFAULT_TARGET_PROPERTIES,
  multiPropertyObjective,
  PROPERTY_NAMES,
  type PropertyValues,
} from "./objective";

/** The optimization fields of `POST /v1/projects/{id}/runs/molecular`. */
export interface MolecularRunRequest {
  smiles: string[];
  target_properties?: Partial<PropertyValues>;
  property_weights?: Partial<PropertyValues>;
  dimension?: number;
  max_generations?: number;
  population_size?: number;
  max_oracle_calls?: number;
  seed?: number;
  /** Whether BatchDiversity selects survivors; the product's module list has it by default. */
  batch_diversity?: boolean;
  wallclock_limit_s?: number;
  /** Med-chem acceptability (see `acceptability.ts`); on, with SA ≤ 4, unless switched off. */
  acceptability?: { filters?: boolean; max_sa_score?: number };
  /** Surrogate screening of offspring (see `surrogate.ts`); off unless enabled. */
  surrogate?: { enabled: boolean; oversample: number; neighbours: number };
}

/** Ranges the product accepts; the engine may run the GA outside them (the benchmark does). */
export const MOLECULAR_RUN_LIMITS = {
  population_size: [20, 200],
  max_generations: [10, 200],
  dimension: [1, 50],
} as const;

function inRange(name: keyof typeof MOLECULAR_RUN_LIMITS, value: number): number {
  const [low, high] = MOLECULAR_RUN_LIMITS[name];
  if (!Number.isInteger(value) || value < low || value > high)
    throw new RangeError(`${name} must be an integer from ${low} to ${high}, got ${value}`);
  return value;
}

/** GA options for a molecular run: the product's defaults filled in and its ranges enforced. */
export function molecularRunOptions(rdkit: RDKitModule, request: MolecularRunRequest): GraphGAOptions {
  const targets = { ...DEFAULT_TARGET_PROPERTIES, ...request.target_properties };
  const weights = { ...DEFAULT_PROPERTY_WEIGHTS, ...request.property_weights };
  for (const name of PROPERTY_NAMES) {
    if (!Number.isFinite(targets[name])) throw new RangeError(`target_properties.${name} must be a finite number`);
  }
  const acceptability = {
    filters: request.acceptability?.filters ?? DEFAULT_ACCEPTABILITY.filters,
    maxSaScore: request.acceptability?.max_sa_score ?? DEFAULT_ACCEPTABILITY.maxSaScore,
  };
  return {
    startingSmiles: request.smiles,
    objective: withAcceptability(rdkit, multiPropertyObjective(rdkit, targets, weights), acceptability),
    childLimits: { avoidUnstableGroups: acceptability.filters },
    seed: request.seed ?? 42,
    populationSize: inRange("population_size", request.population_size ?? GRAPH_GA_DEFAULTS.populationSize),
    maxGenerations: inRange("max_generations", request.max_generations ?? GRAPH_GA_DEFAULTS.maxGenerations),
    dimension: inRange("dimension", request.dimension ?? GRAPH_GA_DEFAULTS.dimension),
    maxOracleCalls: request.max_oracle_calls,
    batchDiversity: request.batch_diversity ?? true,
    wallClockLimitS: request.wallclock_limit_s || undefined,
    ...(request.surrogate?.enabled
      ? { surrogate: { oversample: request.surrogate.oversample, neighbours: request.surrogate.neighbours } }
      : {}),
  };
}
