import { TARGET_COMPONENTS, TARGET_DEFAULTS, UploadFields, type UploadSource } from "@sieve/contracts";

export type FieldValue = string | boolean;

export interface UploadField {
  /** The multipart field name, as in the contracts' `UploadFields`. */
  name: string;
  label: string;
  kind: "text" | "number" | "checkbox" | "select";
  /** §9 default, pre-filled. */
  initial: FieldValue;
  required?: boolean;
  options?: readonly string[];
  hint?: string;
  min?: number;
  max?: number;
}

export interface UploadForm {
  label: string;
  /** File endings offered by the file picker (the server reads delimited text, optionally gzipped). */
  accept: string;
  description: string;
  fields: UploadField[];
}

const TABLE_FILES = ".csv,.tsv,.txt,.gz";

/** Every parameter of each of the five uploads with its §9 default (the feature set is chosen separately). */
export const UPLOAD_FORMS: Record<UploadSource, UploadForm> = {
  opentargets: {
    label: "Open Targets",
    accept: `${TABLE_FILES},.json,.jsonl`,
    description: "Target–disease association scores for one indication (omics).",
    fields: [
      {
        name: "indication_efo_id",
        label: "Indication EFO id",
        kind: "text",
        initial: "",
        required: true,
        hint: "The indication the scores are for, e.g. EFO_0001071 (lung carcinoma).",
      },
    ],
  },
  gtex: {
    label: "GTEx",
    accept: `${TABLE_FILES},.gct`,
    description: "Median expression by tissue: expression in the tissues of interest and tissue specificity (omics).",
    fields: [
      {
        name: "disease",
        label: "Disease",
        kind: "text",
        initial: "",
        required: true,
        hint: "The disease the tissues matter for: name, synonym or DOID.",
      },
      {
        name: "tissues_of_interest",
        label: "Tissues of interest",
        kind: "text",
        initial: "",
        required: true,
        hint: "Comma-separated tissue columns, e.g. Lung.",
      },
      {
        name: "id_column",
        label: "Gene id column",
        kind: "text",
        initial: "Name",
        hint: "Ensembl gene ids or symbols (GTEx: Name).",
      },
      { name: "tidy", label: "Tidy layout (one row per gene and tissue)", kind: "checkbox", initial: false },
    ],
  },
  string: {
    label: "STRING",
    accept: `${TABLE_FILES}`,
    description: "Protein–protein links: network degree and proximity to the disease's known genes (omics).",
    fields: [
      {
        name: "species_taxon",
        label: "Species taxon",
        kind: "number",
        initial: String(TARGET_DEFAULTS.string.species_taxon),
        min: 1,
      },
      {
        name: "id_prefix",
        label: "Id prefix",
        kind: "text",
        initial: TARGET_DEFAULTS.string.id_prefix,
        hint: "Stripped from protein ids (9606.ENSP…).",
      },
      {
        name: "min_score",
        label: "Minimum combined score",
        kind: "number",
        initial: String(TARGET_DEFAULTS.string.min_score),
        min: 0,
        max: 1000,
      },
      { name: "kind", label: "Kind", kind: "select", initial: TARGET_DEFAULTS.string.kind, options: ["ppi"] },
    ],
  },
  chembl: {
    label: "ChEMBL",
    accept: TABLE_FILES,
    description: "Tractability counts per target: small-molecule and biologic buckets (druggability).",
    fields: [
      { name: "id_column", label: "Target id column", kind: "text", initial: "target_chembl_id" },
      {
        name: "small_molecule_count_col",
        label: "Small-molecule count column",
        kind: "text",
        initial: "small_molecule_count",
      },
      { name: "biologic_count_col", label: "Biologic count column", kind: "text", initial: "biologic_count" },
      {
        name: "min_count_for_confidence",
        label: "Minimum count for confidence",
        kind: "number",
        initial: String(TARGET_DEFAULTS.chemblMinCount),
        min: 1,
        max: 1_000_000,
      },
    ],
  },
  generic: {
    label: "Generic",
    accept: TABLE_FILES,
    description: "Any table of genes and values, scaled to 0–1 and counted in the component you choose.",
    fields: [
      {
        name: "feature_name",
        label: "Feature name",
        kind: "text",
        initial: "",
        required: true,
        hint: "1–64 letters, digits, dots, dashes or underscores.",
      },
      { name: "value_column", label: "Value column", kind: "text", initial: "", required: true },
      {
        name: "symbol_column",
        label: "Symbol column",
        kind: "text",
        initial: "",
        hint: "Gene symbols; or give an id column.",
      },
      {
        name: "id_column",
        label: "Id column",
        kind: "text",
        initial: "",
        hint: "HGNC ids, Ensembl gene ids or UniProt accessions.",
      },
      { name: "scale", label: "Scale", kind: "select", initial: "minmax", options: ["minmax", "zscore"] },
      { name: "invert", label: "Invert (lower values are better)", kind: "checkbox", initial: false },
      { name: "component", label: "Component", kind: "select", initial: "omics", options: TARGET_COMPONENTS },
      {
        name: "disease",
        label: "Disease",
        kind: "text",
        initial: "",
        hint: "The disease the values are about; empty counts them for every disease.",
      },
    ],
  },
};

export function initialValues(source: UploadSource): Record<string, FieldValue> {
  return Object.fromEntries(UPLOAD_FORMS[source].fields.map((field) => [field.name, field.initial]));
}

export type UploadCheck = { ok: true } | { ok: false; errors: Record<string, string> };

/** The contracts' own schema checks the fields before anything is sent, so the messages match the server's. */
export function checkUpload(source: UploadSource, featureSet: string, values: Record<string, FieldValue>): UploadCheck {
  // Empty texts are checked as empty (a required one is refused with the contract's message), though not sent.
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? value.trim() : value]),
  );
  const parsed = UploadFields[source].safeParse({ ...trimmed, feature_set_version: featureSet });
  if (parsed.success) return { ok: true };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "file");
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The fields as sent: booleans as true/false, empty texts left out so the server applies its defaults. */
export function sentFields(values: Record<string, FieldValue>): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "boolean") sent[name] = String(value);
    else if (value.trim() !== "") sent[name] = value.trim();
  }
  return sent;
}

/** The multipart body: the fields first (the server reads them before the file), then the file. */
export function uploadBody(featureSet: string, values: Record<string, FieldValue>, file: File): FormData {
  const form = new FormData();
  form.append("feature_set_version", featureSet);
  for (const [name, value] of Object.entries(sentFields(values))) form.append(name, value);
  form.append("file", file, file.name);
  return form;
}
