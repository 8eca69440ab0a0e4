import { z } from "zod";
import { RUN_STATUSES, type RunConfig } from "./runs";

export const ENGINE_DOMAINS = ["molecular"] as const;
export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;

export const EngineJob = z.object({
  id: z.string(),
  status: z.enum(RUN_STATUSES),
  domain: z.string(),
  execution: z.enum(["embedded", "remote"]),
  run_id: z.string().nullable(),
  project_id: z.number().int().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  attempts: z.number().int(),
  progress: z.record(z.string(), z.unknown()).nullable(),
  result: z
    .object({ best_fitness: z.number().nullable(), final_metrics: z.record(z.string(), z.unknown()) })
    .nullable(),
  error_message: z.string().nullable(),
});
export type EngineJob = z.infer<typeof EngineJob>;

export const EngineJobList = z.object({ jobs: z.array(EngineJob), next_cursor: z.string().optional() });
export type EngineJobList = z.infer<typeof EngineJobList>;

/** An organization's own worker (registered over mutual TLS); live when it polled within the last minute. */
export const RemoteWorker = z.object({
  id: z.string(),
  name: z.string(),
  registered_at: z.string(),
  last_seen_at: z.string(),
  live: z.boolean(),
});
export const RemoteWorkerList = z.object({ workers: z.array(RemoteWorker) });
export type RemoteWorkerList = z.infer<typeof RemoteWorkerList>;

/** A VHTS run on remote workers splits into at most this many jobs (the RemoteExecution module's `shards`). */
export const MAX_REMOTE_SHARDS = 16;
export const clampRemoteShards = (shards: number) => Math.min(Math.max(shards, 1), MAX_REMOTE_SHARDS);

/**
 * Where a run executes: on the server's threads, or — with a `RemoteExecution` module — on the
 * organization's remote workers, a VHTS run split into `shards` jobs (1–16) that workers take in parallel.
 * The API launches a run's jobs by it, and the run page says where they went by it.
 */
export function executionOf(config: { workflow: string; modules?: RunConfig["modules"] }): {
  execution: "embedded" | "remote";
  shards: number;
} {
  const remote = config.modules?.find((m) => m.name === "RemoteExecution");
  if (!remote) return { execution: "embedded", shards: 1 };
  const requested = Number(remote.params.shards ?? 1);
  const shards = config.workflow === "vhts" && Number.isInteger(requested) ? clampRemoteShards(requested) : 1;
  return { execution: "remote", shards };
}

/** Optimization defaults and ranges of the Molecules page (§5, §9). */
export const MOLECULAR_DEFAULTS = {
  target_properties: { logp: 3, molecular_weight: 400, tpsa: 60, qed: 0.8 },
  property_weights: { logp: 1, molecular_weight: 1, tpsa: 1, qed: 2 },
  dimension: 10,
  max_generations: 50,
  population_size: 80,
  seed: 42,
} as const;

/**
 * Med-chem acceptability of optimization runs (issue #24; rules in docs/medchem-filters.md): a molecule
 * failing a filter, or above the SA limit, keeps a tenth of its fitness and is listed with the rules it fails.
 */
export const MOLECULAR_ACCEPTABILITY_DEFAULTS = { filters: true, max_sa_score: 4 } as const;

export const MolecularAcceptability = z.object({
  filters: z
    .boolean()
    .default(MOLECULAR_ACCEPTABILITY_DEFAULTS.filters)
    .describe(
      "Med-chem filters: PAINS A/B/C and Brenk (RDKit FilterCatalog) and unstable groups (hypohalites, acyl halides," +
        " acyclic S–O and O–O, N–N–N chains, non-aromatic polyenes, cumulenes, acyclic hemiacetals, enols). A molecule" +
        " failing one keeps a tenth of its fitness, and the operators do not make the unstable groups",
    ),
  max_sa_score: z
    .number()
    .min(1)
    .max(10)
    .default(MOLECULAR_ACCEPTABILITY_DEFAULTS.max_sa_score)
    .describe(
      "Highest synthetic accessibility score (Ertl & Schuffenhauer; 1 easy … 10 very hard) of an acceptable" +
        " molecule; above it the molecule keeps a tenth of its fitness. 10 turns the limit off",
    ),
});
export type MolecularAcceptability = z.infer<typeof MolecularAcceptability>;

/** Surrogate screening of offspring (issue #24; packages/optimize surrogate.ts); see MolecularSurrogate. */
export const MOLECULAR_SURROGATE_DEFAULTS = { enabled: false, oversample: 3, neighbours: 10 } as const;

export const MolecularSurrogate = z.object({
  enabled: z
    .boolean()
    .default(MOLECULAR_SURROGATE_DEFAULTS.enabled)
    .describe(
      "Surrogate screening: each generation makes oversample × as many children as it scores, and spends objective" +
        " evaluations only on those a k-nearest-neighbour model over the molecules scored so far (Morgan fingerprints," +
        " Tanimoto) predicts best. Same budget of evaluations, more children made per evaluation",
    ),
  oversample: z
    .number()
    .int()
    .min(2)
    .max(10)
    .default(MOLECULAR_SURROGATE_DEFAULTS.oversample)
    .describe("Children made per child scored"),
  neighbours: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(MOLECULAR_SURROGATE_DEFAULTS.neighbours)
    .describe("Scored molecules the prediction averages over (similarity-weighted)"),
});
export type MolecularSurrogate = z.infer<typeof MolecularSurrogate>;

export const MOLECULAR_MESSAGES = {
  projectRequired: "Please select a project to associate this run with",
  smilesRequired: "Please provide at least one SMILES string to optimize",
} as const;

const weight = z.number().min(0).max(100);

export const MolecularRunBody = z.object({
  smiles: z.array(z.string().max(5_000)).max(1_000).default([]),
  /**
   * Instead of `smiles`: a file on a remote worker's own machine (`local:<path under its data folder>`).
   * The worker reads it; the platform only ever learns its SHA-256 (execution must be "remote").
   */
  smiles_source: z
    .string()
    .regex(/^local:.+/, { error: "must be local:<path on the worker>" })
    .max(1000)
    .optional(),
  target_properties: z
    .object({
      logp: z.number().min(-10).max(15).optional(),
      molecular_weight: z.number().min(50).max(2_000).optional(),
      tpsa: z.number().min(0).max(400).optional(),
      qed: z.number().min(0).max(1).optional(),
    })
    .optional(),
  property_weights: z
    .object({
      logp: weight.optional(),
      molecular_weight: weight.optional(),
      tpsa: weight.optional(),
      qed: weight.optional(),
    })
    .optional(),
  dimension: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe(
      "Size of the descriptor embedding (20 RDKit descriptors and 30 substructure axes, projected to this many" +
        " numbers) over which batch diversity keeps each generation's survivors spread out; default 10",
    ),
  max_generations: z.number().int().min(10).max(200).optional(),
  population_size: z.number().int().min(20).max(200).optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  /** Stop after this many objective evaluations (oracle calls); default population × (generations + 1). */
  max_oracle_calls: z.number().int().min(20).max(1_000_000).optional(),
  acceptability: MolecularAcceptability.default({ ...MOLECULAR_ACCEPTABILITY_DEFAULTS }).describe(
    "Med-chem acceptability in the objective; on by default (filters on, SA score at most 4)",
  ),
  surrogate: MolecularSurrogate.default({ ...MOLECULAR_SURROGATE_DEFAULTS }).describe(
    `Surrogate screening of offspring; ${MOLECULAR_SURROGATE_DEFAULTS.enabled ? "on" : "off"} by default (oversample ` +
      `${MOLECULAR_SURROGATE_DEFAULTS.oversample}, ${MOLECULAR_SURROGATE_DEFAULTS.neighbours} neighbours)`,
  ),
  execution: z.enum(["embedded", "remote"]).optional(),
});
export type MolecularRunBody = z.infer<typeof MolecularRunBody>;

export interface MolecularJobInput {
  smiles: string[];
  smiles_source?: string;
  target_properties: { logp: number; molecular_weight: number; tpsa: number; qed: number };
  property_weights: { logp: number; molecular_weight: number; tpsa: number; qed: number };
  dimension: number;
  max_generations: number;
  population_size: number;
  seed: number;
  max_oracle_calls: number;
  acceptability: MolecularAcceptability;
  surrogate: MolecularSurrogate;
}

export function resolveMolecularInput(body: MolecularRunBody, smiles: string[]): MolecularJobInput {
  const population = body.population_size ?? MOLECULAR_DEFAULTS.population_size;
  const generations = body.max_generations ?? MOLECULAR_DEFAULTS.max_generations;
  return {
    smiles,
    ...(body.smiles_source ? { smiles_source: body.smiles_source } : {}),
    target_properties: { ...MOLECULAR_DEFAULTS.target_properties, ...body.target_properties },
    property_weights: { ...MOLECULAR_DEFAULTS.property_weights, ...body.property_weights },
    dimension: body.dimension ?? MOLECULAR_DEFAULTS.dimension,
    max_generations: generations,
    population_size: population,
    seed: body.seed ?? MOLECULAR_DEFAULTS.seed,
    max_oracle_calls: body.max_oracle_calls ?? population * (generations + 1),
    acceptability: { ...MOLECULAR_ACCEPTABILITY_DEFAULTS, ...body.acceptability },
    surrogate: { ...MOLECULAR_SURROGATE_DEFAULTS, ...body.surrogate },
  };
}

export const MolecularRunCreated = z.object({ id: z.string(), run_id: z.string(), status: z.enum(RUN_STATUSES) });
export type MolecularRunCreated = z.infer<typeof MolecularRunCreated>;
