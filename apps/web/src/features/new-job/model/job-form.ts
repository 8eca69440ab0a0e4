import {
  clampRemoteShards,
  describeDocking,
  dockingOptionsOf,
  RUN_DEFAULTS,
  SCREEN_FILTER_DEFAULTS,
  type ScreenFilters,
  type ANALOG_STRATEGIES,
  type RunCreateBody,
  type Workflow,
} from "@sieve/contracts";

export type AnalogStrategy = (typeof ANALOG_STRATEGIES)[number];

/** The New Job dialog's state (§3). Uploaded files are represented by the upload:// address the API returns. */
export interface JobForm {
  jobType: Workflow;
  targetProtein: string;
  compoundLibrary: string;
  hitCompounds: string;
  analogsInput: AnalogStrategy;
  /** The uploaded analog set, used when analogsInput is upload_custom. */
  analogsFile: string;
  customMessage: string;
  outputLocation: string;
  includeDocking: boolean;
  /** This platform's compute, or the organization's own remote workers (offered when it has one). */
  execution: "embedded" | "remote";
  /** Jobs a remote VHTS run splits into, for workers to take in parallel. */
  shards: number;
  /** The screen's filters, each shown in the dialog with its default. */
  filters: ScreenFilters;
}

export const INITIAL_JOB_FORM: JobForm = {
  jobType: "vhts",
  targetProtein: "",
  compoundLibrary: "",
  hitCompounds: "",
  analogsInput: RUN_DEFAULTS.analogs_strategy,
  analogsFile: "",
  customMessage: "",
  outputLocation: "",
  includeDocking: true,
  execution: "embedded",
  shards: 1,
  filters: { ...SCREEN_FILTER_DEFAULTS },
};

export type JobInput =
  "targetProtein" | "compoundLibrary" | "hitCompounds" | "analogs" | "customMessage" | "docking" | "filters";

/**
 * Which inputs each workflow shows, and which of them it requires (§5). The Output Location is
 * optional and shown for every workflow.
 */
export const WORKFLOW_INPUTS: Record<Workflow, { shown: JobInput[]; required: JobInput[] }> = {
  vhts: {
    shown: ["targetProtein", "compoundLibrary", "docking", "filters"],
    required: ["targetProtein", "compoundLibrary"],
  },
  lead_opt: {
    shown: ["targetProtein", "hitCompounds", "analogs", "docking", "filters"],
    required: ["targetProtein", "hitCompounds"],
  },
  custom: { shown: ["customMessage"], required: ["customMessage"] },
};

/**
 * The hint and example of the file-or-identifier inputs. Examples are inputs the server accepts: files are read
 * only as uploads (upload://…), never from a storage address such as s3://, and a PDB id must be a reference
 * structure (1HSG, 1OHR and 3HTB ship with the reference data).
 */
export const INPUT_TEXTS = {
  targetProtein: {
    hint: "A PDB id of a reference structure (1HSG, 1OHR, 3HTB) or an uploaded .pdb/.pdbqt to dock into, or a UniProt accession for ligand-based scoring against its DrugCentral drugs or your Hit Compounds.",
    placeholder: "e.g. 1HSG or P23219",
  },
  compoundLibrary: {
    hint: "An uploaded file, or SMILES lines typed here.",
    placeholder: "Upload a library, or type e.g. CCO ethanol",
  },
  outputLocation: {
    hint: "Where the hits are also written: a folder under the server's data folder, or upload:// for a new upload.",
    placeholder: "e.g. results/",
  },
} as const;

/**
 * The docking settings a run from the modal uses: not settable here (a `Docking` module sent through the API
 * overrides them), so the modal states them as the defaults they are.
 */
export function dockingDefaultsText(): string {
  return `Defaults: ${describeDocking(dockingOptionsOf({ modules: [], seed: RUN_DEFAULTS.seed }).options)}. A Docking module sent through the API changes them.`;
}

/** The default objectives the run is ranked by, as the modal states them (the run page shows each with its mapping). */
export function rankingDefaultsText(): string {
  const terms = RUN_DEFAULTS.objectives.map(
    (o) =>
      `${o.name.replaceAll("_", " ")} (${o.direction}, weight ${o.weight}${o.name === "interaction_similarity" ? "; to the co-crystallised ligand the box is drawn around, left out without one" : ""})`,
  );
  return `Ranked by fitness, the weighted mean of ${terms.join(", ")}. Objectives sent through the API change them.`;
}

export function shows(form: JobForm, input: JobInput): boolean {
  return WORKFLOW_INPUTS[form.jobType].shown.includes(input);
}

export function requires(form: JobForm, input: JobInput): boolean {
  return WORKFLOW_INPUTS[form.jobType].required.includes(input);
}

/** The run body of §9 for the chosen workflow; inputs of the other workflows are not sent. */
export function buildRunBody(form: JobForm): RunCreateBody {
  const value = (input: JobInput, text: string) => (shows(form, input) && text.trim() ? text.trim() : null);
  const customAnalogs = shows(form, "analogs") && form.analogsInput === "upload_custom" && form.analogsFile;
  return {
    workflow: form.jobType,
    inputs: {
      target_protein: value("targetProtein", form.targetProtein),
      compound_library: value("compoundLibrary", form.compoundLibrary),
      hit_compounds: value("hitCompounds", form.hitCompounds),
      analogs_strategy: shows(form, "analogs") ? form.analogsInput : null,
      analogs_file: customAnalogs || null,
      custom_message: value("customMessage", form.customMessage),
      output_location: form.outputLocation.trim() || null,
      ...(shows(form, "docking") ? { include_docking: form.includeDocking } : {}),
    },
    search_space: { ...RUN_DEFAULTS.search_space, bounds: [...RUN_DEFAULTS.search_space.bounds] },
    objectives: RUN_DEFAULTS.objectives.map((objective) => ({ ...objective })),
    budget: {
      max_evaluations: RUN_DEFAULTS.maxEvaluations(form.jobType),
      wallclock_limit_s: RUN_DEFAULTS.wallclock_limit_s,
    },
    seed: RUN_DEFAULTS.seed,
    modules: [...RUN_DEFAULTS.modules.map((module) => ({ ...module })), ...executionModules(form)],
    notes: null,
    ...(shows(form, "filters") ? { filters: { ...form.filters } } : {}),
  };
}

/** The RemoteExecution module when the run goes to the organization's workers; only VHTS splits into shards. */
function executionModules(form: JobForm): NonNullable<RunCreateBody["modules"]> {
  if (form.execution !== "remote") return [];
  const shards = clampRemoteShards(Math.round(form.shards) || 1);
  return [{ name: "RemoteExecution", params: form.jobType === "vhts" ? { shards } : {} }];
}
