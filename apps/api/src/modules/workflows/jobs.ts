import { dockingOptionsOf, storedScreenFilters, type DockingOptions, type RunConfig } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { WorkflowPlan } from "@sieve/workflows";
import type {
  LeadOptTaskInput,
  LeadOptTaskOutput,
  NegatomeScreenInput,
  VhtsTaskInput,
  VhtsTaskOutput,
} from "@sieve/compute/workflows";
import type { EngineDomainHandler } from "../engine/job-types";
import type { EngineJobRow } from "../engine/store";
import { missingActivityReason, WorkflowInputError, workflowFiles } from "./inputs";
import { writeOutputs } from "./outputs";
import { dockingCacheDir, dockingSettings } from "./docking";
import type { WorkflowJobInput } from "../runs/workflow-job";

/** What every workflow task needs besides its molecules: the activity oracle's inputs and the run's limits. */
async function oracleInputs(
  db: Database,
  referenceRoot: string,
  dataDir: string,
  job: EngineJobRow,
  input: WorkflowJobInput,
  extraActives: { name: string; text: string } | null = null,
): Promise<Omit<VhtsTaskInput, "library" | "negatome">> {
  const { config } = input;
  const files = workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot);
  const target = await files.target(config.inputs.target_protein);
  const docking = config.inputs.include_docking && target.structure !== null;
  const hits = extraActives ?? (await files.compounds(config.inputs.hit_compounds, "Hit Compounds"));
  const actives = docking
    ? []
    : [
        ...files.referenceActives(target.uniprot),
        ...smilesLines(hits?.text ?? "").map((l) => ({ ...l, source: "user" })),
      ];
  if (!docking && actives.length === 0) {
    throw new WorkflowInputError(missingActivityReason(target, config.inputs.include_docking, referenceRoot));
  }
  const settings = dockingSettings(config);
  return {
    receptor: docking
      ? { name: target.structure!.name, text: target.structure!.text, format: target.structure!.format }
      : null,
    box: settings.box,
    docking: settings.params,
    actives,
    objectives: config.objectives,
    max_evaluations: config.budget.max_evaluations,
    wallclock_limit_s: config.budget.wallclock_limit_s,
    dimension: config.search_space.dimension,
    bounds: config.search_space.bounds,
    seed: config.seed,
    // A run stored before filters were run options gets today's defaults, but docks as it did (storedScreenFilters).
    filters: storedScreenFilters(config.filters),
    cache_dir: dockingCacheDir(dataDir),
  };
}

/** SMILES lines (`SMILES [name]`), for typed hit compounds used as known actives. */
function smilesLines(text: string): { smiles: string; name: string | null }[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const [smiles, ...rest] = line.trim().split(/\s+/);
    return smiles && !/^smiles$/i.test(smiles) ? [{ smiles, name: rest.join(" ") || null }] : [];
  });
}

/**
 * The database-side steps of a `vhts` job: read the library and receptor uploads of the job's
 * organization and the target's known actives (prepare), and shape the engine result (finish).
 * `negatomeScreen` gives what the hits are screened against for the job's organization.
 */
export function vhtsJobHandler(
  db: Database,
  referenceRoot: string,
  dataDir: string,
  negatomeScreen: (orgId: number) => Promise<Omit<NegatomeScreenInput, "target_uniprot_id">>,
): EngineDomainHandler<WorkflowJobInput> {
  return {
    async prepare(job: EngineJobRow, input: WorkflowJobInput): Promise<VhtsTaskInput> {
      const files = workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot);
      const library = await files.compounds(input.config.inputs.compound_library, "Compound Library");
      if (!library) throw new WorkflowInputError("VHTS needs a Compound Library");
      const oracles = await oracleInputs(db, referenceRoot, dataDir, job, input);
      const target = await files.target(input.config.inputs.target_protein);
      const negatome = { ...(await negatomeScreen(job.orgId)), target_uniprot_id: target.uniprot };
      const shard = input.shard && input.shard.count > 1 ? input.shard : null;
      return {
        library: { name: library.name, text: library.text },
        ...oracles,
        negatome,
        // Each shard screens its share of the library with its share of the evaluation budget.
        ...(shard ? { shard, max_evaluations: Math.ceil(oracles.max_evaluations / shard.count) } : {}),
      };
    },

    async finish(job: EngineJobRow, output: unknown, input: WorkflowJobInput) {
      const result = output as VhtsTaskOutput;
      const outputs = await outputsOf(db, dataDir, job, input, result.hits, result);
      return {
        best_fitness: result.hits[0]?.fitness ?? null,
        final_metrics: {
          workflow: "vhts",
          target_protein: input.config.inputs.target_protein,
          ...result,
          docking: dockingUsed(result.activity_kind, input.config),
          ...outputs,
        },
      };
    },
  };
}

/**
 * `lead_opt` and `custom` jobs: hits (or the plan's seeds), the analog strategy and its upload, the
 * plan's objectives, constraints and budget (custom), then the same oracle inputs as VHTS.
 */
export function leadOptJobHandler(
  db: Database,
  referenceRoot: string,
  dataDir: string,
  parsePlan: (description: string) => Promise<WorkflowPlan>,
): EngineDomainHandler<WorkflowJobInput> {
  return {
    async prepare(job: EngineJobRow, input: WorkflowJobInput): Promise<LeadOptTaskInput> {
      const { config } = input;
      const files = workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot);
      let plan: WorkflowPlan | null = null;
      let hits = await files.compounds(config.inputs.hit_compounds, "Hit Compounds");
      let objectives = config.objectives;
      let maxEvaluations = config.budget.max_evaluations;
      if (input.workflow === "custom") {
        plan = confirmedPlan(config) ?? (await parsePlan(config.inputs.custom_message ?? ""));
        objectives = plan.objectives;
        if (plan.budget) maxEvaluations = Math.min(plan.budget, 10_000);
        const seeds = [...plan.seeds, ...smilesLines(hits?.text ?? "").map((l) => l.smiles)];
        if (seeds.length === 0)
          throw new WorkflowInputError(
            `The plan names no starting molecule: add "start from <SMILES>" or "similar to <SMILES>", or Hit Compounds${plan.not_understood.length ? `. Not understood: ${plan.not_understood.join(" | ")}` : ""}`,
          );
        hits = { name: "seeds.smi", text: seeds.join("\n") };
      }
      if (!hits) throw new WorkflowInputError("Lead optimization needs Hit Compounds");
      const strategy = config.inputs.analogs_strategy ?? "generate_simple_analogs";
      const uploaded =
        strategy === "upload_custom" ? await files.compounds(config.inputs.analogs_file, "Analog set") : null;
      const base = await oracleInputs(db, referenceRoot, dataDir, job, input, hits);
      return {
        ...base,
        objectives,
        max_evaluations: maxEvaluations,
        hits: { name: hits.name, text: hits.text },
        strategy,
        uploaded_analogs: uploaded ? { name: uploaded.name, text: uploaded.text } : null,
        plan,
      };
    },

    async finish(job: EngineJobRow, output: unknown, input: WorkflowJobInput) {
      const result = output as LeadOptTaskOutput;
      const best = [...result.series, ...result.parents].sort((a, b) => b.fitness - a.fitness)[0];
      const outputs = await outputsOf(db, dataDir, job, input, result.series, result);
      return {
        best_fitness: best?.fitness ?? null,
        final_metrics: {
          workflow: input.workflow,
          target_protein: input.config.inputs.target_protein,
          ...result,
          hits: result.series,
          docking: dockingUsed(result.activity_kind, input.config),
          ...outputs,
        },
      };
    },
  };
}

/** The docking settings a result was docked with (the resolved box is the result's `box`); null without docking. */
function dockingUsed(activityKind: string, config: RunConfig): DockingOptions | null {
  return activityKind === "docking" ? dockingOptionsOf(config).options : null;
}

/** A plan the user confirmed or edited in the modal travels as the `WorkflowPlan` module's params. */
function confirmedPlan(config: RunConfig): WorkflowPlan | null {
  const params = config.modules.find((m) => m.name === "WorkflowPlan")?.params as Partial<WorkflowPlan> | undefined;
  if (!params || !Array.isArray(params.objectives) || !Array.isArray(params.constraints)) return null;
  return {
    objectives: params.objectives,
    constraints: params.constraints,
    seeds: params.seeds ?? [],
    not_understood: params.not_understood ?? [],
    budget: params.budget ?? null,
  };
}

/** Writes the result files to the run's Output Location, if any; a failure is reported, not fatal. */
async function outputsOf(
  db: Database,
  dataDir: string,
  job: EngineJobRow,
  input: WorkflowJobInput,
  hits: Parameters<typeof writeOutputs>[5],
  result: Parameters<typeof writeOutputs>[6],
): Promise<{ output?: { location: string; files: string[] } | { location: string; error: string } }> {
  const location = input.config.inputs.output_location;
  if (!location) return {};
  try {
    return {
      output: await writeOutputs(
        db,
        dataDir,
        { userId: input.user_id, orgIds: [job.orgId] },
        location,
        input.run_id,
        hits,
        result,
      ),
    };
  } catch (error) {
    return { output: { location, error: error instanceof Error ? error.message : String(error) } };
  }
}
