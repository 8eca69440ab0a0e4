import { analyzeMolecule, loadRDKit, type MoleculeAnalysis, type RDKitModule } from "@sieve/chem";
import { analyzeProtein, type ProteinAnalysis } from "@sieve/protein";
import { molecularRunOptions, runGraphGA, type FinalMetrics, type GenerationStats } from "@sieve/optimize";
import type { MolecularJobInput, TargetMode } from "@sieve/contracts";
import type { Extraction } from "@sieve/literature";
import {
  inspectForSafety,
  prepareCompound,
  prepareRecords,
  type NegatomeCandidate,
  type PreparedRecords,
  type ReferenceCompound,
} from "@sieve/negatome";
import { parseTargetUpload, type TargetUploadInput, type TargetUploadOutcome } from "./targets";
import { rankDisease, type DiseaseRanking, type DiseaseRankingInput } from "@sieve/targets";
import {
  parsePlanTask,
  runDockTask,
  runLeadOptTask,
  runMdTask,
  runVhtsTask,
  type DockTaskInput,
  type DockTaskOutput,
  type LeadOptTaskInput,
  type LeadOptTaskOutput,
  type MdTaskInput,
  type VhtsTaskInput,
  type VhtsTaskOutput,
} from "./workflows";
import { libraryReadability, type MdResult, type WorkflowPlan } from "@sieve/workflows";
import {
  extractDocuments,
  pdfText,
  queryEntities,
  referenceStats,
  resolveDisease,
  resolveGene,
  type QueryEntity,
  type ReferenceSource,
  type Resolution,
  type ResolvedDisease,
  type ResolvedGene,
} from "./literature";
import { TaskCancelled } from "./task-cancelled";
import type { TaskContext } from "./task-context";

/**
 * Every kind of CPU-heavy work a worker thread (or a remote worker) can do, with its input and
 * output types. Inputs and outputs cross thread boundaries, so they are plain structured-cloneable data.
 */
export interface TaskCatalog {
  "molecules.analyze": { input: { items: MoleculeInput[]; svg: boolean }; output: MoleculeAnalysis[] };
  "proteins.analyze": { input: { items: { sequence: string; id?: string }[] }; output: ProteinAnalysis[] };
  "compounds.identify": { input: { items: string[] }; output: CompoundIdentity[] };
  /** Whether RDKit reads any structure of a compound file (a screen's library, checked before it is queued). */
  "compounds.library_readability": {
    input: { name: string; text: string };
    output: { records: number; readable: boolean; file_error: string | null };
  };
  "literature.extract": {
    input: ReferenceSource & { documents: { source: string; external_id: string; text: string }[] };
    output: Extraction[];
  };
  "literature.pdf_text": {
    input: { bytes: Uint8Array };
    output: { readable: true; text: string } | { readable: false; reason: string };
  };
  "literature.resolve": {
    input: ReferenceSource & { symbol?: string; disease?: string };
    output: { gene?: Resolution<ResolvedGene>; disease?: Resolution<ResolvedDisease> };
  };
  "literature.query_entities": {
    input: ReferenceSource & { text: string };
    output: QueryEntity[];
  };
  "literature.reload": {
    input: ReferenceSource;
    output: { genes: number; ncbi_genes: number; diseases: number; drugs: number };
  };
  "negatome.prepare": { input: { candidates: NegatomeCandidate[] }; output: PreparedRecords };
  "negatome.inspect": { input: { smiles: string }; output: ReturnType<typeof inspectForSafety> };
  /** Compounds without a recorded failure, against which nearby failures are weighed. */
  "negatome.reference": {
    input: { compounds: ReferenceCompound[] };
    output: { id: string; inchi_key: string | null; fingerprint: Uint32Array }[];
  };
  "engine.molecular": {
    input: MolecularJobInput;
    output: { best_fitness: number; final_metrics: FinalMetrics & Record<string, unknown> };
  };
  "targets.parse": { input: TargetUploadInput; output: TargetUploadOutcome };
  /** Ranks every gene for one disease in both modes; the API prepares the input from the database (targets module). */
  "engine.targets": { input: DiseaseRankingInput; output: Record<TargetMode, DiseaseRanking> };
  /** Virtual screening of a compound library (workflows module prepares the files). */
  "engine.vhts": { input: VhtsTaskInput; output: VhtsTaskOutput };
  /** Lead optimization by an analog strategy; custom workflows run their plan through it too. */
  "engine.lead_opt": { input: LeadOptTaskInput; output: LeadOptTaskOutput };
  "workflows.plan": { input: { description: string }; output: WorkflowPlan };
  /** The negatome's docking oracle: every SMILES docked into one receptor. */
  "engine.oracle_dock": { input: DockTaskInput; output: DockTaskOutput };
  /** The negatome's MD oracle: minimisation and a short NVT run of one submitted GROMACS system. */
  "engine.oracle_md": { input: MdTaskInput; output: MdResult };
}
export type TaskType = keyof TaskCatalog;

/**
 * A compound's identity for storage and similarity search: that of its parent (largest fragment), as
 * the negatome's loaders and safety checks compute it, so a salt and its free base are the same compound.
 * `stripped`: the input had other fragments (counter-ions, solvents), which were left out.
 */
export type CompoundIdentity =
  | { input: string; ok: true; smiles: string; inchikey: string; fingerprint: Uint32Array; stripped: boolean }
  | { input: string; ok: false; error: string };

/** A structure to analyse: SMILES, or a molblock from an SDF record (labelled by its title). */
export type MoleculeInput = string | { molblock: string; label: string };
export type TaskInput<T extends TaskType> = TaskCatalog[T]["input"];
export type TaskOutput<T extends TaskType> = TaskCatalog[T]["output"];

type Handlers = { [T in TaskType]: (input: TaskInput<T>, context: TaskContext) => Promise<TaskOutput<T>> };

export const taskHandlers: Handlers = {
  async "molecules.analyze"({ items, svg }) {
    const rdkit = await loadRDKit();
    return items.map((item) => {
      if (typeof item === "string") return analyzeMolecule(rdkit, item, { svg });
      const smiles = molblockToSmiles(rdkit, item.molblock);
      if (smiles === null)
        return { input: item.label, ok: false as const, error: "RDKit could not read this SDF record's molblock" };
      return { ...analyzeMolecule(rdkit, smiles, { svg }), input: item.label };
    });
  },
  async "compounds.identify"({ items }) {
    const rdkit = await loadRDKit();
    return items.map((input) => identifyCompound(rdkit, input));
  },
  async "compounds.library_readability"({ name, text }) {
    return libraryReadability(await loadRDKit(), name, text);
  },
  async "literature.extract"({ documents, ...source }) {
    return extractDocuments(source, documents);
  },
  async "literature.pdf_text"({ bytes }) {
    return pdfText(bytes);
  },
  async "literature.resolve"({ symbol, disease, ...source }) {
    return {
      ...(symbol !== undefined ? { gene: resolveGene(source, symbol) } : {}),
      ...(disease !== undefined ? { disease: resolveDisease(source, disease) } : {}),
    };
  },
  async "literature.query_entities"({ text, ...source }) {
    return queryEntities(source, text);
  },
  async "literature.reload"(source) {
    return referenceStats(source);
  },
  async "negatome.prepare"({ candidates }) {
    return prepareRecords(await loadRDKit(), candidates);
  },
  async "negatome.inspect"({ smiles }) {
    return inspectForSafety(await loadRDKit(), smiles);
  },
  async "negatome.reference"({ compounds }) {
    const rdkit = await loadRDKit();
    return compounds.flatMap(({ id, smiles }) => {
      const compound = prepareCompound(rdkit, smiles);
      return compound.ok ? [{ id, inchi_key: compound.inchi_key, fingerprint: compound.fingerprint }] : [];
    });
  },
  async "targets.parse"(input) {
    return parseTargetUpload(input);
  },
  async "engine.targets"(input) {
    return { all: rankDisease(input, "all"), novel: rankDisease(input, "novel") };
  },
  async "engine.vhts"(input, context) {
    return runVhtsTask(input, context);
  },
  async "engine.lead_opt"(input, context) {
    return runLeadOptTask(input, context);
  },
  async "engine.oracle_dock"(input, context) {
    return runDockTask(input, context);
  },
  async "engine.oracle_md"(input, context) {
    return runMdTask(input, context);
  },
  async "workflows.plan"(input) {
    return parsePlanTask(input);
  },
  async "proteins.analyze"({ items }) {
    return items.map(({ sequence, id }) => analyzeProtein(sequence, id));
  },
  async "engine.molecular"(input, context) {
    const rdkit = await loadRDKit();
    const result = runGraphGA(rdkit, molecularRunOptions(rdkit, input), {
      onGeneration: (stats) => context.progress(generationProgress(stats, input.max_generations)),
      shouldStop: () => context.cancelled(),
    });
    if (result.final_metrics.stop_reason === "cancelled") throw new TaskCancelled("cancelled");
    return {
      best_fitness: result.final_metrics.best_fitness,
      final_metrics: result.final_metrics as FinalMetrics & Record<string, unknown>,
    };
  },
};

/** One generation as engine progress: the figures for the jobs list, and a point on each curve. */
function generationProgress(stats: GenerationStats, maxGenerations: number) {
  const x = stats.generation;
  return {
    progress: {
      generation: x,
      max_generations: maxGenerations,
      best: stats.best,
      mean: stats.mean,
      top10_mean: stats.top10Mean,
      diversity: stats.diversity,
      oracle_calls: stats.oracleCalls,
    },
    points: [
      { name: "best", x, y: stats.best },
      { name: "mean", x, y: stats.mean },
      { name: "top10_mean", x, y: stats.top10Mean },
      { name: "diversity", x, y: stats.diversity },
    ],
  };
}

/** Loads what the handlers need once per thread, so the first request does not pay for it. */
export async function warmUp(): Promise<void> {
  await loadRDKit();
}

function molblockToSmiles(rdkit: RDKitModule, molblock: string): string | null {
  const mol = rdkit.get_mol(molblock);
  if (!mol) return null;
  try {
    return mol.is_valid() && mol.get_num_atoms() > 0 ? mol.get_smiles() : null;
  } finally {
    mol.delete();
  }
}

function identifyCompound(rdkit: RDKitModule, input: string): CompoundIdentity {
  const compound = prepareCompound(rdkit, input);
  if (!compound.ok) return { input, ok: false, error: compound.error };
  if (!compound.inchi_key) return { input, ok: false, error: "InChI cannot represent this structure" };
  return {
    input,
    ok: true,
    smiles: compound.smiles,
    inchikey: compound.inchi_key,
    fingerprint: compound.fingerprint,
    stripped: compound.stripped,
  };
}
