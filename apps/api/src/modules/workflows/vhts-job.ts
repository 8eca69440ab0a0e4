import type { RunConfig } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { BoxSpec, VinaParameters } from "@sieve/workflows";
import type { VhtsTaskInput, VhtsTaskOutput } from "@sieve/worker/workflows";
import type { EngineDomainHandler } from "../engine/dispatcher";
import type { EngineJobRow } from "../engine/store";
import { WorkflowInputError, workflowFiles } from "./inputs";

export const VHTS_DOMAIN = "vhts";

/** What a workflow engine job stores as its input: the run it executes, and who launched it. */
export interface WorkflowJobInput {
  run_id: string;
  workflow: RunConfig["workflow"];
  config: RunConfig;
  user_id: number;
}

/** Screening default: exhaustiveness 2 (about 4–10 s per ligand per core); a `Docking` module overrides it. */
export const SCREENING_DOCKING: Pick<VinaParameters, "exhaustiveness" | "num_modes"> = { exhaustiveness: 2, num_modes: 9 };

/** The `Docking` module of the run config: `{exhaustiveness, box_size, residue_name, residues, center, size}`. */
export function dockingSettings(config: RunConfig): { params: Partial<VinaParameters>; box: BoxSpec } {
  const params = (config.modules.find((m) => m.name.toLowerCase() === "docking")?.params ?? {}) as Record<string, unknown>;
  const num = (v: unknown, lo: number, hi: number) => (typeof v === "number" && Number.isFinite(v) && v >= lo && v <= hi ? v : undefined);
  const triple = (v: unknown) => (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "number") ? (v as [number, number, number]) : undefined);
  const exhaustiveness = num(params.exhaustiveness, 1, 32);
  const numModes = num(params.num_modes, 1, 20);
  const center = triple(params.center);
  const size = triple(params.size);
  let box: BoxSpec;
  if (center && size) box = { kind: "explicit", center, size };
  else if (Array.isArray(params.residues) && params.residues.length) box = { kind: "residues", residues: params.residues.map(String) };
  else box = { kind: "ligand", ...(typeof params.residue_name === "string" ? { residue_name: params.residue_name } : {}), ...(num(params.box_size, 8, 60) ? { size: num(params.box_size, 8, 60)! } : {}) };
  return { params: { ...SCREENING_DOCKING, ...(exhaustiveness ? { exhaustiveness: Math.round(exhaustiveness) } : {}), ...(numModes ? { num_modes: Math.round(numModes) } : {}) }, box };
}

/**
 * The database-side steps of a `vhts` job: read the library and receptor uploads of the job's
 * organization and the target's known actives (prepare), and shape the engine result (finish).
 */
export function vhtsJobHandler(db: Database, referenceRoot: string): EngineDomainHandler {
  return {
    async prepare(job: EngineJobRow): Promise<VhtsTaskInput> {
      const input = job.input as WorkflowJobInput;
      const { config } = input;
      const files = workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot);
      const library = await files.compounds(config.inputs.compound_library, "Compound Library");
      if (!library) throw new WorkflowInputError("VHTS needs a Compound Library");
      const target = await files.target(config.inputs.target_protein);
      const docking = config.inputs.include_docking && target.structure !== null;
      const hits = await files.compounds(config.inputs.hit_compounds, "Hit Compounds");
      const actives = docking
        ? []
        : [...files.referenceActives(target.uniprot), ...(hits ? hits.text.split(/\r?\n/).flatMap((line) => (line.trim() ? [{ smiles: line.trim().split(/\s+/)[0]!, name: line.trim().split(/\s+/)[1] ?? null, source: "user" }] : [])) : [])];
      if (!docking && actives.length === 0) {
        throw new WorkflowInputError(
          [
            target.note,
            config.inputs.include_docking ? "No receptor structure to dock into" : "Docking is off",
            "and no known actives for ligand-based activity: upload the target's PDB, or give Hit Compounds or a UniProt accession with approved-drug ligands",
          ]
            .filter(Boolean)
            .join("; "),
        );
      }
      const settings = dockingSettings(config);
      return {
        library: { name: library.name, text: library.text },
        receptor: docking ? { name: target.structure!.name, text: target.structure!.text, format: target.structure!.format } : null,
        box: settings.box,
        docking: settings.params,
        actives,
        objectives: config.objectives,
        max_evaluations: config.budget.max_evaluations,
        wallclock_limit_s: config.budget.wallclock_limit_s,
        dimension: config.search_space.dimension,
        bounds: config.search_space.bounds,
        seed: config.seed,
      };
    },

    async finish(job: EngineJobRow, output: unknown) {
      const result = output as VhtsTaskOutput;
      const input = job.input as WorkflowJobInput;
      return {
        best_fitness: result.hits[0]?.fitness ?? null,
        final_metrics: { workflow: "vhts", target_protein: input.config.inputs.target_protein, ...result },
      };
    },
  };
}
