import { z } from "zod";
import { parseUploadUri } from "./uploads";

export const WORKFLOWS = ["vhts", "lead_opt", "custom"] as const;
export type Workflow = (typeof WORKFLOWS)[number];

export const ANALOG_STRATEGIES = [
  "generate_simple_analogs",
  "generate_diverse_analogs",
  "generate_bioisosteres",
  "upload_custom",
] as const;

/** Statuses a run or engine job can have on the server; the client adds `submitted` and `unknown`. */
export const RUN_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const Objective = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      "Scored by VHTS and lead optimization: activity (docking affinity, or similarity to known actives), interaction_similarity (Tanimoto of a docked pose's protein–ligand interaction fingerprint to the co-crystallised ligand the box is drawn around; left out of the fitness, with the reason in objectives_not_scored, when there is none), synthetic_accessibility, qed, logp, molecular_weight, tpsa. Other names are listed in unsupported_objectives.",
    ),
  direction: z.enum(["maximize", "minimize"]),
  weight: z.number().min(0).max(1000),
});

const RunInputs = z.object({
  target_protein: z.string().trim().max(2000).nullish(),
  compound_library: z.string().trim().max(2000).nullish(),
  hit_compounds: z.string().trim().max(100_000).nullish(),
  analogs_strategy: z.enum(ANALOG_STRATEGIES).nullish(),
  /** The uploaded analog set (`upload://…`) for the upload_custom strategy. */
  analogs_file: z.string().trim().max(2000).nullish(),
  custom_message: z.string().trim().max(20_000).nullish(),
  output_location: z.string().trim().max(2000).nullish(),
  include_docking: z.boolean().optional(),
});

/**
 * The filters a screen (VHTS) or a lead optimization applies before and while scoring, each with its default: sent
 * by the New Job modal, echoed in the run's config and shown on the run page. A compound they drop is listed with
 * the filter's reason, never ranked.
 */
export const SCREEN_FILTER_DEFAULTS = {
  drug_likeness: false,
  max_heavy_atoms: 80,
  max_negatome_risk: 0.7,
  time_limit_base_s: 300,
  time_limit_per_rotatable_bond_s: 30,
  max_analog_sa_score: 6,
  start_conformers: 2,
  analog_docking: "tethered",
  min_analog_shared_core: 0.5,
  drop_analogs_with_new_alerts: true,
} as const;

export const ScreenFilters = z.object({
  drug_likeness: z
    .boolean()
    .default(SCREEN_FILTER_DEFAULTS.drug_likeness)
    .describe(
      "Drop compounds with more than one rule-of-five violation or a molecular weight of 600 or more. Off by default: §9 uses MW < 600 only as a display, and many approved protease inhibitors (indinavir, 614 Da) exceed it",
    ),
  max_heavy_atoms: z
    .number()
    .int()
    .min(5)
    .max(500)
    .default(SCREEN_FILTER_DEFAULTS.max_heavy_atoms)
    .describe("Drop compounds with more heavy (non-hydrogen) atoms than this; too large to dock in one pocket"),
  max_negatome_risk: z
    .number()
    .min(0)
    .max(1)
    .default(SCREEN_FILTER_DEFAULTS.max_negatome_risk)
    .describe("Drop compounds whose negatome safety risk is above this (0.7 is the red level; 1 turns the filter off)"),
  time_limit_base_s: z
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(SCREEN_FILTER_DEFAULTS.time_limit_base_s)
    .describe("Time limit of each docking step of a ligand (3D build, Vina), before the rotatable-bond allowance"),
  time_limit_per_rotatable_bond_s: z
    .number()
    .int()
    .min(0)
    .max(600)
    .default(SCREEN_FILTER_DEFAULTS.time_limit_per_rotatable_bond_s)
    .describe("Seconds added to each step's time limit per rotatable bond of the ligand"),
  start_conformers: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(SCREEN_FILTER_DEFAULTS.start_conformers)
    .describe(
      "Docking: at most this many RDKit ETKDG start conformers per ligand, one per ring conformation (the lowest-energy MMFF94 candidate of each, from 4 candidates per conformer wanted; two whose non-aromatic ring atoms and their neighbours lie within 0.5 Å RMSD are one conformation), each docked with a share of the exhaustiveness (at least one search each); the best-scoring pose is kept. Vina keeps rings and bond angles as given and turns every rotatable bond itself, so a ligand without a non-aromatic ring gets one start conformer and the whole exhaustiveness",
    ),
  max_analog_sa_score: z
    .number()
    .min(1)
    .max(10)
    .default(SCREEN_FILTER_DEFAULTS.max_analog_sa_score)
    .describe(
      "Lead optimization: analogs with a synthetic accessibility score above this (1 easy … 10 very hard) are dropped before docking",
    ),
  analog_docking: z
    .enum(["tethered", "search"])
    .default(SCREEN_FILTER_DEFAULTS.analog_docking)
    .describe(
      "Lead optimization with docking: 'tethered' places each analog on its parent's docked pose by their common core (RDKit MCS; atoms of the same element keep the parent's coordinates, the rest is built by ETKDG, least clashing of 6 placements) and lets Vina optimise it in place, so a series is compared in one binding mode at a fraction of a search's cost; an analog sharing less than half its heavy atoms with its parent is searched for. Hits are searched for, then their pose is optimised in place too, so hits and analogs are scored on one scale (the search's own score is kept as search_affinity). 'search' docks every analog by a full Vina search and reports the search's scores",
    ),
  min_analog_shared_core: z
    .number()
    .min(0)
    .max(1)
    .default(SCREEN_FILTER_DEFAULTS.min_analog_shared_core)
    .describe(
      "Lead optimization: a generated analog whose common core with its parent (RDKit MCS: bond orders equal, rings only whole, any element) covers less than this share of its heavy atoms is a new scaffold, not an analog of the series, and is dropped before scoring with that reason (a cyclised backbone, say). Tethered docking has no parent pose to place such an analog on, and searching for it costs ten times a placement. 0 keeps every analog; uploaded analogs are always kept",
    ),
  drop_analogs_with_new_alerts: z
    .boolean()
    .default(SCREEN_FILTER_DEFAULTS.drop_analogs_with_new_alerts)
    .describe(
      "Lead optimization: drop, before scoring and with the alerts named, a generated analog that has a med-chem alert its hit does not have (PAINS A/B/C, Brenk, or an unstable group: docs/medchem-filters.md). Graph mutations readily make polyenes, imines, enamines and thiols no chemist would make; an alert the hit itself carries (amprenavir's aniline) stays allowed. Uploaded analogs are always kept",
    ),
});
export type ScreenFilters = z.infer<typeof ScreenFilters>;

/**
 * The filters a stored run was screened with. Today's defaults fill an option the run did not record, except the
 * start conformers, the analog docking and the shared core: a run stored before those options existed docked from one
 * conformer, searched for every analog and kept every scaffold and alert, whatever today's defaults.
 */
export function storedScreenFilters(stored: unknown): ScreenFilters {
  const recorded = stored !== null && typeof stored === "object" ? stored : {};
  return ScreenFilters.parse({
    start_conformers: 1,
    analog_docking: "search",
    min_analog_shared_core: 0,
    drop_analogs_with_new_alerts: false,
    ...recorded,
  });
}

/** The run's filters in one line, as the run page shows them; lead optimization adds its analog pre-filter. */
export function describeFilters(filters: ScreenFilters, workflow: string, docking: boolean): string {
  return [
    `drug-likeness rule ${filters.drug_likeness ? "on (≤ 1 rule-of-five violation, MW < 600)" : "off"}`,
    `at most ${filters.max_heavy_atoms} heavy atoms`,
    filters.max_negatome_risk >= 1 ? "no negatome filter" : `negatome risk at most ${filters.max_negatome_risk}`,
    // A run that scores by similarity never docks: its docking settings would only mislead.
    ...(docking
      ? [
          `time limit per docking step ${filters.time_limit_base_s} s + ${filters.time_limit_per_rotatable_bond_s} s per rotatable bond`,
          `docking from at most ${filters.start_conformers} start conformer${filters.start_conformers === 1 ? "" : "s"} per ligand, best pose kept`,
        ]
      : []),
    ...(workflow === "vhts" || filters.max_analog_sa_score === undefined
      ? []
      : [
          `analogs with SA score above ${filters.max_analog_sa_score} dropped before ${docking ? "docking" : "scoring"}`,
          filters.min_analog_shared_core > 0
            ? `generated analogs sharing less than ${Math.round(filters.min_analog_shared_core * 100)} % of their heavy atoms with their parent dropped as new scaffolds`
            : "analogs of every scaffold kept",
          filters.drop_analogs_with_new_alerts
            ? "generated analogs with a med-chem alert their hit does not have dropped"
            : "analogs with new med-chem alerts kept",
          ...(docking
            ? [
                filters.analog_docking === "search"
                  ? "every analog docked by a full search"
                  : "analogs placed on their parent's docked pose by the common core and optimised in place (a full search when they share less than half their heavy atoms)",
              ]
            : []),
        ]),
  ].join(" · ");
}

export const RunCreateBody = z.object({
  workflow: z.enum(WORKFLOWS).optional(),
  inputs: RunInputs.optional(),
  search_space: z
    .object({
      type: z.literal("continuous").optional(),
      dimension: z.number().int().min(1).max(50).optional(),
      bounds: z
        .tuple([z.number(), z.number()])
        .refine(([lo, hi]) => lo < hi, { error: "bounds must be [low, high] with low < high" })
        .optional(),
    })
    .optional(),
  objectives: z.array(Objective).min(1).max(20).optional(),
  budget: z
    .object({
      max_evaluations: z.number().int().min(1).max(1_000_000).optional(),
      wallclock_limit_s: z
        .number()
        .int()
        .min(0)
        .max(30 * 24 * 3600)
        .optional(),
    })
    .optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  modules: z
    .array(z.object({ name: z.string().trim().min(1).max(100), params: z.record(z.string(), z.unknown()).optional() }))
    .max(20)
    .optional(),
  notes: z.string().max(20_000).nullish(),
  filters: ScreenFilters.optional(),
});
export type RunCreateBody = z.infer<typeof RunCreateBody>;

export interface RunConfig {
  workflow: Workflow;
  inputs: {
    target_protein: string | null;
    compound_library: string | null;
    hit_compounds: string | null;
    analogs_strategy: (typeof ANALOG_STRATEGIES)[number] | null;
    analogs_file: string | null;
    custom_message: string | null;
    output_location: string | null;
    include_docking: boolean;
  };
  search_space: { type: "continuous"; dimension: number; bounds: [number, number] };
  objectives: { name: string; direction: "maximize" | "minimize"; weight: number }[];
  budget: { max_evaluations: number; wallclock_limit_s: number };
  seed: number;
  modules: { name: string; params: Record<string, unknown> }[];
  notes: string | null;
  filters: ScreenFilters;
}

/**
 * Defaults of the spec's run config (§3, §9): the job type defaults to VHTS (§3 "Job dialog state"),
 * VHTS gets 800 evaluations, other workflows 400.
 */
export const RUN_DEFAULTS = {
  workflow: "vhts" as Workflow,
  search_space: { type: "continuous" as const, dimension: 8, bounds: [-1, 1] as [number, number] },
  // The spec's activity and SA, with interaction similarity to the co-crystal ligand: docking scores alone ranked a
  // rigid decoy (loratadine) above amprenavir in 1HSG; what the pose touches, and how, set them apart (issue 20,
  // docs/decisions.md). A run that cannot score it (no co-crystal ligand) leaves it out and says why.
  objectives: [
    { name: "activity", direction: "maximize" as const, weight: 1 },
    { name: "interaction_similarity", direction: "maximize" as const, weight: 1 },
    { name: "synthetic_accessibility", direction: "minimize" as const, weight: 0.5 },
  ],
  maxEvaluations: (workflow: Workflow) => (workflow === "vhts" ? 800 : 400),
  wallclock_limit_s: 0,
  seed: 42,
  modules: [{ name: "BatchDiversity", params: {} }],
  analogs_strategy: "generate_simple_analogs" as const,
};

/** Applies the server-side defaults to a validated run body. */
export function resolveRunConfig(body: RunCreateBody): RunConfig {
  const workflow = body.workflow ?? RUN_DEFAULTS.workflow;
  const inputs = body.inputs ?? {};
  return {
    workflow,
    inputs: {
      target_protein: inputs.target_protein || null,
      compound_library: inputs.compound_library || null,
      hit_compounds: inputs.hit_compounds || null,
      analogs_strategy: inputs.analogs_strategy ?? (workflow === "lead_opt" ? RUN_DEFAULTS.analogs_strategy : null),
      analogs_file: inputs.analogs_file || null,
      custom_message: inputs.custom_message || null,
      output_location: inputs.output_location || null,
      include_docking: inputs.include_docking ?? true,
    },
    search_space: {
      type: "continuous",
      dimension: body.search_space?.dimension ?? RUN_DEFAULTS.search_space.dimension,
      bounds: body.search_space?.bounds ?? RUN_DEFAULTS.search_space.bounds,
    },
    objectives: body.objectives ?? RUN_DEFAULTS.objectives,
    budget: {
      max_evaluations: body.budget?.max_evaluations ?? RUN_DEFAULTS.maxEvaluations(workflow),
      wallclock_limit_s: body.budget?.wallclock_limit_s ?? RUN_DEFAULTS.wallclock_limit_s,
    },
    seed: body.seed ?? RUN_DEFAULTS.seed,
    modules: (body.modules ?? RUN_DEFAULTS.modules).map((m) => ({ name: m.name, params: m.params ?? {} })),
    notes: body.notes ?? null,
    filters: ScreenFilters.parse(body.filters ?? {}),
  };
}

/** The per-workflow input rules of the job modal (§5), applied on the server too. */
export function missingWorkflowInputs(config: RunConfig): { path: string; message: string }[] {
  const missing: { path: string; message: string }[] = [];
  const need = (value: string | null, field: keyof RunConfig["inputs"], label: string) => {
    if (!value) missing.push({ path: `inputs.${field}`, message: `${label} is required for this workflow` });
  };
  if (config.workflow === "vhts" || config.workflow === "lead_opt")
    need(config.inputs.target_protein, "target_protein", "Target Protein");
  if (config.workflow === "vhts") need(config.inputs.compound_library, "compound_library", "Compound Library");
  if (config.workflow === "lead_opt") need(config.inputs.hit_compounds, "hit_compounds", "Hit Compounds");
  if (config.workflow === "lead_opt" && config.inputs.analogs_strategy === "upload_custom")
    need(config.inputs.analogs_file, "analogs_file", "An uploaded analog set");
  if (config.workflow === "custom") need(config.inputs.custom_message, "custom_message", "Custom Workflow Description");
  return missing;
}

/** Run inputs that name an upload must do so as `POST /v1/uploads` answered: `upload://<uuid>/<name>`. */
export function invalidUploadReferences(config: RunConfig): { path: string; message: string }[] {
  const fields = ["target_protein", "compound_library", "hit_compounds", "analogs_file"] as const;
  return fields.flatMap((field) => {
    const value = config.inputs[field];
    if (!value?.startsWith("upload://") || parseUploadUri(value)) return [];
    return [
      { path: `inputs.${field}`, message: "must be upload://<upload id>/<file name>, as POST /v1/uploads answers" },
    ];
  });
}

export const Run = z.object({
  id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  status: z.enum(RUN_STATUSES),
  workflow: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type Run = z.infer<typeof Run>;

/** `GET /v1/runs`: a page, newest first, and the cursor of the next one when there is more. */
export const RunList = z.object({ runs: z.array(Run), next_cursor: z.string().optional() });
export type RunList = z.infer<typeof RunList>;

export const CurvePoint = z.object({ x: z.number(), y: z.number() });
export const Curves = z.object({ curves: z.array(z.object({ name: z.string(), points: z.array(CurvePoint) })) });
export type Curves = z.infer<typeof Curves>;
