import {
  MOLECULAR_ACCEPTABILITY_DEFAULTS,
  MOLECULAR_DEFAULTS,
  MOLECULAR_MESSAGES,
  MOLECULAR_SURROGATE_DEFAULTS,
  splitLines,
  type FieldError,
  type MolecularRunBody,
} from "@sieve/contracts";
import { EMPTY_PROJECT_CHOICE, projectChoiceProblem, type ProjectChoice } from "../../../lib/project-choice";

type Property = keyof typeof MOLECULAR_DEFAULTS.target_properties;

export interface NumberField {
  /** The body path the server names in a 422 (`detail.fields[].path`), so its messages land here too. */
  path: string;
  label: string;
  min: number;
  max: number;
  step: number;
  integer: boolean;
  /** What the number does, in the chemist's terms, shown under the field with its range. */
  help?: string;
}

const PROPERTY_LABELS: Record<Property, string> = { logp: "logP", molecular_weight: "MW", tpsa: "TPSA", qed: "QED" };

/** The server's ranges (contracts MolecularRunBody); §5 names QED 0–1 and the three search ranges. */
const TARGET_RANGES: Record<Property, Pick<NumberField, "min" | "max" | "step">> = {
  logp: { min: -10, max: 15, step: 0.1 },
  molecular_weight: { min: 50, max: 2000, step: 1 },
  tpsa: { min: 0, max: 400, step: 1 },
  qed: { min: 0, max: 1, step: 0.01 },
};

const PROPERTIES = Object.keys(PROPERTY_LABELS) as Property[];

export const TARGET_FIELDS: NumberField[] = PROPERTIES.map((key) => ({
  path: `target_properties.${key}`,
  label: `Target ${PROPERTY_LABELS[key]}`,
  ...TARGET_RANGES[key],
  integer: false,
}));
export const WEIGHT_FIELDS: NumberField[] = PROPERTIES.map((key) => ({
  path: `property_weights.${key}`,
  label: `${PROPERTY_LABELS[key]} weight`,
  min: 0,
  max: 100,
  step: 0.1,
  integer: false,
}));
/**
 * What "dimension" does (embedding.ts, batch-diversity.ts): survivors are kept spread out in an embedding of 20
 * descriptors and 30 substructure axes projected to this many numbers per molecule, said in the chemist's terms.
 */
export const DIMENSION_HELP =
  "How finely the run tells molecules apart when it keeps each generation's survivors diverse: each molecule is" +
  " summarised by 20 properties (weight, logP, TPSA, H-bond donors and acceptors, rings, …) and 30 substructure" +
  " features, compressed to this many numbers. Low values judge diversity coarsely; higher values separate more" +
  " kinds of chemistry.";

export const SEARCH_FIELDS: NumberField[] = [
  {
    path: "dimension",
    label: "Dimension",
    min: 1,
    max: 50,
    step: 1,
    integer: true,
    help: DIMENSION_HELP,
  },
  { path: "max_generations", label: "Generations", min: 10, max: 200, step: 1, integer: true },
  { path: "population_size", label: "Population", min: 20, max: 200, step: 1, integer: true },
];
/** Med-chem filters on/off is the draft's `filters`; the SA limit is a number like the others. */
export const FILTERS_HELP =
  "PAINS A/B/C and Brenk alerts (RDKit FilterCatalog) and unstable groups: hypohalites, acyl halides, acyclic" +
  " S–O and O–O bonds, N–N–N chains, non-aromatic polyenes, cumulenes, acyclic hemiacetals, enols. A molecule" +
  " that fails one, or is above the SA limit, keeps a tenth of its fitness, and each card lists what it fails.";
export const SURROGATE_HELP =
  `Makes ${MOLECULAR_SURROGATE_DEFAULTS.oversample} children for each one it scores and scores only those a` +
  ` nearest-neighbour model (${MOLECULAR_SURROGATE_DEFAULTS.neighbours} most similar molecules scored so far, Morgan` +
  " fingerprints) predicts best. Same number of evaluations, more chemistry explored per evaluation; each" +
  " generation takes longer to make.";
export const ACCEPTABILITY_FIELDS: NumberField[] = [
  {
    path: "acceptability.max_sa_score",
    label: "Max SA score",
    min: 1,
    max: 10,
    step: 0.1,
    integer: false,
    help: "Synthetic accessibility (Ertl & Schuffenhauer): 1 easy to make … 10 very hard; 10 turns the limit off.",
  },
];
const NUMBER_FIELDS = [...TARGET_FIELDS, ...WEIGHT_FIELDS, ...SEARCH_FIELDS, ...ACCEPTABILITY_FIELDS];

/** What the user typed, as typed: numbers stay strings until submission so a half-typed "0." survives. */
export interface OptimizationDraft {
  /** One of the caller's projects, or a new one named and acknowledged research-use-only here (issue 22). */
  project: ProjectChoice;
  smiles: string;
  numbers: Record<string, string>;
  /** Med-chem filters (PAINS, Brenk, unstable groups) in the objective. */
  filters: boolean;
  /** Surrogate screening of offspring. */
  surrogate: boolean;
}

/**
 * §9 defaults: targets 3, 400, 60, 0.8; weights 1, 1, 1, 2; dimension 10, generations 50, population 80; and
 * (issue #24) med-chem filters on with SA score at most 4, and surrogate screening as the server defaults it.
 */
export function defaultDraft(): OptimizationDraft {
  const { target_properties, property_weights, dimension, max_generations, population_size } = MOLECULAR_DEFAULTS;
  const numbers: Record<string, string> = {
    dimension: String(dimension),
    max_generations: String(max_generations),
    population_size: String(population_size),
    "acceptability.max_sa_score": String(MOLECULAR_ACCEPTABILITY_DEFAULTS.max_sa_score),
  };
  for (const key of PROPERTIES) {
    numbers[`target_properties.${key}`] = String(target_properties[key]);
    numbers[`property_weights.${key}`] = String(property_weights[key]);
  }
  return {
    project: EMPTY_PROJECT_CHOICE,
    smiles: "",
    numbers,
    filters: MOLECULAR_ACCEPTABILITY_DEFAULTS.filters,
    surrogate: MOLECULAR_SURROGATE_DEFAULTS.enabled,
  };
}

export type DraftErrors = Record<string, string>;

export type DraftCheck =
  { ok: true; project: ProjectChoice; body: MolecularRunBody } | { ok: false; errors: DraftErrors };

function rangeMessage(field: NumberField): string {
  return `${field.label} must be ${field.integer ? "a whole number" : "a number"} from ${field.min} to ${field.max}.`;
}

/**
 * §5: a project (a new one named and acknowledged) and at least one SMILES (one per line, trimmed, blanks dropped),
 * numbers within range.
 */
export function checkDraft(draft: OptimizationDraft): DraftCheck {
  const errors: DraftErrors = {};
  const projectProblem =
    draft.project.projectId === "" ? MOLECULAR_MESSAGES.projectRequired : projectChoiceProblem(draft.project);
  if (projectProblem) errors.project = projectProblem;
  const smiles = splitLines(draft.smiles);
  if (smiles.length === 0) errors.smiles = MOLECULAR_MESSAGES.smilesRequired;
  const values: Record<string, number> = {};
  for (const field of NUMBER_FIELDS) {
    const text = draft.numbers[field.path]?.trim() ?? "";
    const value = Number(text);
    if (
      text === "" ||
      !Number.isFinite(value) ||
      value < field.min ||
      value > field.max ||
      (field.integer && !Number.isInteger(value))
    )
      errors[field.path] = rangeMessage(field);
    else values[field.path] = value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const group = (prefix: string) =>
    Object.fromEntries(PROPERTIES.map((key) => [key, values[`${prefix}.${key}`]!])) as Record<Property, number>;
  return {
    ok: true,
    project: draft.project,
    body: {
      smiles,
      target_properties: group("target_properties"),
      property_weights: group("property_weights"),
      dimension: values.dimension,
      max_generations: values.max_generations,
      population_size: values.population_size,
      acceptability: { filters: draft.filters, max_sa_score: values["acceptability.max_sa_score"]! },
      surrogate: { ...MOLECULAR_SURROGATE_DEFAULTS, enabled: draft.surrogate },
    },
  };
}

/**
 * The server's 422 names fields by body path; `smiles.3` (an invalid line) belongs to the SMILES box.
 * Several messages for one input are joined, so every bad line is listed.
 */
export function serverFieldErrors(fields: FieldError[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const { path, message } of fields) {
    const key = path.startsWith("smiles")
      ? "smiles"
      : NUMBER_FIELDS.some((field) => field.path === path)
        ? path
        : "form";
    errors[key] = errors[key] ? `${errors[key]}\n${message}` : message;
  }
  return errors;
}
