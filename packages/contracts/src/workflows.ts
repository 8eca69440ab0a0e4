import { z } from "zod";
import { EngineJob } from "./engine";
import { Run } from "./runs";

/** A docking mode as Vina reports it. */
export const DockingMode = z.object({
  mode: z.number().int(),
  affinity: z.number(),
  rmsd_lb: z.number(),
  rmsd_ub: z.number(),
});

/** One scored compound of a workflow run (VHTS hit, lead-optimization analog). */
export const WorkflowHit = z.object({
  smiles: z.string(),
  name: z.string().nullable(),
  fitness: z.number(),
  activity: z.number().nullable(),
  activity_kind: z.enum(["docking", "ligand_similarity"]),
  synthetic_accessibility: z.number().nullable(),
  affinity: z.number().nullable(),
  modes: z.array(DockingMode).optional(),
  pose_pdbqt: z.string().optional(),
  interaction_similarity: z
    .number()
    .optional()
    .describe(
      "Docking into a box drawn around a co-crystallised ligand: Tanimoto of the pose's interaction fingerprint (per residue: hydrophobic contact ≤ 4.0 Å, hydrogen bond donated or accepted ≤ 3.5 Å) to that ligand's crystal pose's.",
    ),
  /** Docking: the start conformer whose pose scored best (1-based), of how many were docked, each one's best affinity. */
  conformer: z.object({ index: z.number().int(), of: z.number().int(), affinities: z.array(z.number()) }).optional(),
  /**
   * Docking: how the pose was found. A full search (with why, for an analog meant to be tethered), or a lead
   * optimization analog placed on its parent's pose by their common core and optimised in place, with the core's size,
   * how many of its atoms (same element) kept the parent's coordinates, and the clash of the other heavy atoms with the
   * receptor's (Σ (limit − distance)², limit 3 Å, 2.5 Å between N/O pairs) before the optimisation.
   */
  placement: z
    .union([
      z.object({ method: z.literal("search"), reason: z.string().optional() }),
      z.object({
        method: z.literal("tethered"),
        parent: z.string(),
        core_atoms: z.number().int(),
        fixed_atoms: z.number().int(),
        heavy_atoms: z.number().int(),
        clash: z.number(),
        scored_as: z
          .string()
          .optional()
          .describe(
            "The molecule whose pose was scored, as isomeric SMILES: its pH 7.4 charge state and every stereocentre as placed (an analog's unassigned centres take its parent's configuration where the core held them). Absent on runs stored before it was reported.",
          ),
        pulled_core_rmsd: z
          .number()
          .optional()
          .describe(
            "Present when the analog could not be built on its parent's exact core, or only with a stretched bond (an inverted stereocentre, say): it was built free and pulled onto the core by MMFF94 with springs; the core's RMSD from the parent's, Å (searched for above 1.5 Å). fixed_atoms is then 0 and clash counts every heavy atom.",
          ),
      }),
    ])
    .optional(),
  /**
   * Lead optimization with tethered analogs scores every molecule in place (Vina --local_only of its pose), so hits and
   * analogs compare on one scale; a searched molecule keeps the search's own score here (Vina's docking scale).
   */
  search_affinity: z.number().optional(),
  properties: z.object({
    mw: z.number(),
    logp: z.number(),
    tpsa: z.number(),
    qed: z.number(),
    hbd: z.number(),
    hba: z.number(),
    heavy_atoms: z.number(),
  }),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
  /** VHTS: the negatome safety risk (0–1) the library was screened with, and its §9 level. */
  negatome_risk: z.number().optional(),
  negatome_level: z.enum(["green", "amber", "red"]).optional(),
  /** Lead optimization: the parent it was made from, the strategy, and the property deltas. */
  parent: z.string().optional(),
  strategy: z.string().optional(),
  deltas: z.record(z.string(), z.number().nullable()).optional(),
  /** RDKit's drawing (SVG) for the top of the list. */
  svg: z.string().optional(),
});
export type WorkflowHit = z.infer<typeof WorkflowHit>;

export const OracleInfo = z.object({
  name: z.string(),
  version: z.string(),
  direction: z.enum(["maximize", "minimize"]),
  unit: z.string(),
  description: z.string(),
});
export type OracleInfo = z.infer<typeof OracleInfo>;

/** A run of the New Job modal with the engine job executing it (result in `job.result.final_metrics`). */
export const WorkflowRunDetail = z.object({ run: Run, job: EngineJob.nullable() });
export type WorkflowRunDetail = z.infer<typeof WorkflowRunDetail>;

export const OracleAvailability = z.object({
  available: z.boolean(),
  version: z.string().nullable(),
  reason: z.string().optional(),
});
export const OraclesStatus = z.object({
  docking: OracleAvailability,
  ligand_similarity: OracleAvailability,
  synthetic_accessibility: OracleAvailability,
  md: OracleAvailability,
});
export type OraclesStatus = z.infer<typeof OraclesStatus>;

/** A custom workflow description parsed into a plan the user confirms or edits (§2 Custom Workflow). */
export const WorkflowPlan = z.object({
  objectives: z.array(z.object({ name: z.string(), direction: z.enum(["maximize", "minimize"]), weight: z.number() })),
  constraints: z.array(
    z.object({
      kind: z.enum(["property_max", "property_min", "similar_to", "avoid_alerts", "dissimilar_to"]),
      property: z.string().optional(),
      value: z.number().optional(),
      smiles: z.string().optional(),
      alerts: z.string().optional(),
      text: z.string(),
    }),
  ),
  budget: z.number().int().nullable(),
  seeds: z.array(z.string()),
  not_understood: z.array(z.string()),
});
export type WorkflowPlan = z.infer<typeof WorkflowPlan>;

/** `POST /v1/workflows/runs/{id}/plan`: the plan a custom run starts with. */
export const ConfirmPlanBody = z.object({ plan: WorkflowPlan });
export type ConfirmPlanBody = z.infer<typeof ConfirmPlanBody>;
export const PlanBody = z.object({ description: z.string().trim().min(1).max(20_000) });

export const OracleDockBody = z.object({
  pdb_s3: z.string().trim().min(1).max(2000),
  smiles: z.array(z.string().trim().min(1).max(5000)).min(1).max(200),
  exhaustiveness: z.number().int().min(1).max(32).optional(),
  box_size: z.number().min(8).max(60).optional(),
});
export const OracleMdBody = z.object({
  /** upload:// URI of a .tar/.tar.gz (kind md_system) holding a GROMACS .gro, .top and optional .mdp. */
  system_tar_s3: z.string().trim().min(1).max(2000),
  ns: z.number().positive(),
  /** The ligand in the simulated complex, so an unstable run can be registered as its negative. */
  ligand_smiles: z.string().trim().min(1).max(5000).nullish(),
  target_uniprot_id: z.string().trim().max(20).nullish(),
});
export const OracleRegisterBody = z.object({
  job_id: z.string().max(100),
  /** Docking: poses weaker (higher) than this affinity are registered as BINDING failures. */
  affinity_threshold: z.number().min(-30).max(10).default(-6),
  /** MD: a final RMSD above this (nm) counts as unstable, as do crashes and positive energies. */
  rmsd_threshold_nm: z.number().positive().max(10).nullish(),
  target_uniprot_id: z.string().trim().max(20).nullish(),
  /** MD: the simulated ligand, when the job was launched without it. */
  ligand_smiles: z.string().trim().min(1).max(5000).nullish(),
});
export const OracleJobCreated = z.object({ job_id: z.string(), status: z.string() });
/** `registered`: poor results found in the job; `inserted`/`skipped` as the negatome's synthetic ingest counts them. */
export const OracleRegistered = z.object({
  job_id: z.string(),
  inserted: z.number().int(),
  skipped: z.number().int(),
  registered: z.number().int(),
});

/** A compound a workflow run did not rank: an unreadable line, one its filters dropped, or one it failed to score. */
export interface NotRankedEntry {
  kind: "invalid" | "filtered" | "failed";
  /** Line (or record) of the input file; 0 for generated analogs. */
  position: number;
  /** The name when the file gave one, else the SMILES (or the unreadable text). */
  compound: string;
  smiles: string | null;
  reason: string;
}

/** The not-ranked lists of a workflow result as it is stored (`invalid`, `filtered`, `rejected`, `failed`). */
export interface NotRankedLists {
  invalid?: { position: number; input: string; error: string }[];
  filtered?: { smiles: string; name: string | null; position?: number; reason: string }[];
  rejected?: { smiles: string; reasons: string[] }[];
  failed?: { smiles: string; name: string | null; position?: number; reason: string }[];
}

/** Every compound a run did not rank, with why, in one list (run page, CSV and dossier read the same). */
export function notRankedEntries(result: NotRankedLists): NotRankedEntry[] {
  const named =
    (kind: "filtered" | "failed") =>
    (e: { smiles: string; name: string | null; position?: number; reason: string }) => ({
      kind,
      position: e.position ?? 0,
      compound: e.name ?? e.smiles,
      smiles: e.smiles,
      reason: e.reason,
    });
  return [
    ...(result.invalid ?? []).map((e) => ({
      kind: "invalid" as const,
      position: e.position,
      compound: e.input,
      smiles: null,
      reason: e.error,
    })),
    ...(result.filtered ?? []).map(named("filtered")),
    ...(result.rejected ?? []).map((e) => ({
      kind: "filtered" as const,
      position: 0,
      compound: e.smiles,
      smiles: e.smiles,
      reason: e.reasons.join("; "),
    })),
    ...(result.failed ?? []).map(named("failed")),
  ];
}
