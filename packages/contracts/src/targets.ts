import { z } from "zod";
import { COMPOSITE_DEFAULT_WEIGHTS, ConfidenceFilter, MinConfidence } from "./literature";

/** §9 defaults of the targets module. */
export const TARGET_DEFAULTS = {
  identifyLimit: 10,
  narrowingTopK: 5,
  featureSet: "priors_v1",
  string: { species_taxon: 9606, id_prefix: "9606.", min_score: 700, kind: "ppi" },
  chemblMinCount: 10,
} as const;
export const TARGET_COMPONENTS = ["lit", "omics", "drugg", "safe", "neg"] as const;
export type TargetComponent = (typeof TARGET_COMPONENTS)[number];
/** Which weight scales which component. */
export const COMPONENT_WEIGHT = {
  lit: "w_lit",
  omics: "w_omics",
  drugg: "w_drugg",
  safe: "w_safe",
  neg: "w_neg",
} as const satisfies Record<TargetComponent, keyof typeof COMPOSITE_DEFAULT_WEIGHTS>;
export const TARGET_SOURCES = [
  "opentargets",
  "gtex",
  "string",
  "chembl",
  "generic",
  "drugcentral",
  "jensenlab",
  "withdrawn",
  "literature",
  "negatome",
] as const;
export type TargetSource = (typeof TARGET_SOURCES)[number];
/**
 * What a ranking counts: `all` takes the disease's own clinical precedence (approved drugs for it or
 * a disease below it in the Disease Ontology, from DrugCentral) as evidence, as Open Targets counts
 * known drugs; `novel` leaves it out, for discovery beyond the established targets.
 */
export const TARGET_MODES = ["all", "novel"] as const;
export type TargetMode = (typeof TARGET_MODES)[number];
export const UPLOAD_SOURCES = ["opentargets", "gtex", "string", "chembl", "generic"] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

export const FeatureSetVersion = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { error: "version: 1–64 letters, digits, dots, dashes or underscores" });

export const FeatureSetBody = z.object({
  version: FeatureSetVersion,
  description: z.string().trim().max(2000).optional().default(""),
});
export const FeatureSetSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  description: z.string(),
  /** null: public reference feature set (loaded from reference data). */
  org_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type FeatureSet = z.infer<typeof FeatureSetSchema>;

export const IdentifyTargetsBody = z.object({
  disease: z.string().trim().min(1, { error: "disease is required" }).max(300),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: "limit must be 1 to 1000" })
    .max(1000, { error: "limit must be 1 to 1000" })
    .default(TARGET_DEFAULTS.identifyLimit),
  feature_set_version: FeatureSetVersion.optional(),
  mode: z.enum(TARGET_MODES, { error: 'mode must be "all" or "novel"' }).default("all"),
  /** Also answer every ranked gene as `columns`, so the browser can re-weight the whole ranking. */
  all_genes: z.boolean().default(false),
});
export type IdentifyTargetsBody = z.infer<typeof IdentifyTargetsBody>;

const unit = z.number().min(0).max(1);
export const TargetComponentsSchema = z.object({
  lit: unit.nullable(),
  omics: unit.nullable(),
  drugg: unit.nullable(),
  safe: unit.nullable(),
  neg: unit.nullable(),
});
export type TargetComponents = z.infer<typeof TargetComponentsSchema>;
export const CompositeWeightsSchema = z.object({
  w_lit: z.number(),
  w_omics: z.number(),
  w_drugg: z.number(),
  w_safe: z.number(),
  w_neg: z.number(),
});
export type TargetWeights = z.infer<typeof CompositeWeightsSchema>;

export const TargetRef = z.object({
  gene_symbol: z.string(),
  hgnc_id: z.string(),
  protein_name: z.string().nullable(),
  uniprot_id: z.string().nullable(),
});
export type TargetRef = z.infer<typeof TargetRef>;

/** §3 Target result, with the components the browser re-weights. */
export const TargetResultSchema = z.object({
  rank: z.number().int(),
  target: TargetRef,
  aggregate: z.object({ avg_evidence_score: z.number(), n_evidence: z.number().int() }),
  /** Each component in [0, 1], higher is better; null = no data for this gene. */
  components: TargetComponentsSchema,
  /** Σ w·component / Σ w over the components with data for this gene, × coverage^½ (see priorityScore); 0–1. */
  priority_score: z.number(),
  /** Share of the weights whose component has data for this gene (see priorityCoverage); 0–1. */
  coverage: z.number(),
  /**
   * 1 − how well studied the gene is in the literature (0 = heavily studied); 0 for a gene with an
   * approved drug for this disease (established, whatever the literature); null with no literature loaded.
   */
  novelty: z.number().nullable(),
  /**
   * Approved drugs for this disease or a disease below it that act on the gene (DrugCentral), in both
   * modes: in `all` they are evidence (drugg), in `novel` only a label. Empty: none.
   */
  approved_for_disease: z.array(z.string()),
});
export type TargetResult = z.infer<typeof TargetResultSchema>;

/**
 * Every ranked gene in columns (one array per field, in rank order): a compact form of the whole
 * ranking, sent gzip-compressed, that the browser re-weights so genes below the first `limit` can rise.
 */
export const RankingColumns = z.object({
  hgnc_id: z.array(z.string()),
  gene_symbol: z.array(z.string()),
  protein_name: z.array(z.string().nullable()),
  uniprot_id: z.array(z.string().nullable()),
  lit: z.array(unit.nullable()),
  omics: z.array(unit.nullable()),
  drugg: z.array(unit.nullable()),
  safe: z.array(unit.nullable()),
  neg: z.array(unit.nullable()),
  avg_evidence_score: z.array(z.number()),
  n_evidence: z.array(z.number().int()),
  novelty: z.array(z.number().nullable()),
  approved_for_disease: z.array(z.array(z.string())),
});
export type RankingColumns = z.infer<typeof RankingColumns>;

export function rankingColumns(results: readonly TargetResult[]): RankingColumns {
  const column = <T>(pick: (r: TargetResult) => T) => results.map(pick);
  return {
    hgnc_id: column((r) => r.target.hgnc_id),
    gene_symbol: column((r) => r.target.gene_symbol),
    protein_name: column((r) => r.target.protein_name),
    uniprot_id: column((r) => r.target.uniprot_id),
    lit: column((r) => r.components.lit),
    omics: column((r) => r.components.omics),
    drugg: column((r) => r.components.drugg),
    safe: column((r) => r.components.safe),
    neg: column((r) => r.components.neg),
    avg_evidence_score: column((r) => r.aggregate.avg_evidence_score),
    n_evidence: column((r) => r.aggregate.n_evidence),
    novelty: column((r) => r.novelty),
    approved_for_disease: column((r) => r.approved_for_disease),
  };
}

/** The results back from columns, for the default weights (priority and coverage recomputed). */
export function resultsFromColumns(columns: RankingColumns, weights: TargetWeights): TargetResult[] {
  return columns.hgnc_id.map((hgnc_id, i) => {
    const components: TargetComponents = {
      lit: columns.lit[i]!,
      omics: columns.omics[i]!,
      drugg: columns.drugg[i]!,
      safe: columns.safe[i]!,
      neg: columns.neg[i]!,
    };
    return {
      rank: i + 1,
      target: {
        hgnc_id,
        gene_symbol: columns.gene_symbol[i]!,
        protein_name: columns.protein_name[i]!,
        uniprot_id: columns.uniprot_id[i]!,
      },
      aggregate: { avg_evidence_score: columns.avg_evidence_score[i]!, n_evidence: columns.n_evidence[i]! },
      components,
      priority_score: priorityScore(components, weights),
      coverage: priorityCoverage(components, weights),
      novelty: columns.novelty[i]!,
      approved_for_disease: columns.approved_for_disease[i]!,
    };
  });
}

export const DiseaseRef = z.object({ id: z.string(), name: z.string() });
/**
 * A gene × disease whose clinical precedence the corroboration rule withheld, as its DrugCentral ingestion
 * recorded it (gene: HGNC id, disease: DOID).
 */
export const UncorroboratedPrecedence = z.object({
  gene: z.string(),
  disease: z.string(),
  drugs: z.array(z.string()),
  reason: z.string(),
});
export type UncorroboratedPrecedence = z.infer<typeof UncorroboratedPrecedence>;
export const WithheldPrecedence = z.object({
  target: z.object({ hgnc_id: z.string(), gene_symbol: z.string() }),
  disease: DiseaseRef,
  drugs: z.array(z.string()).describe("The approved drugs DrugCentral indicates for the disease that act on the gene"),
  reason: z.string(),
});
export type WithheldPrecedence = z.infer<typeof WithheldPrecedence>;
export const IdentifyTargetsResponse = z.object({
  disease: DiseaseRef,
  feature_set_version: z.string(),
  mode: z.enum(TARGET_MODES),
  weights: CompositeWeightsSchema,
  /** Which sources had any data for this disease, per component (empty: that component is "no data" for every gene). */
  sources: z.record(z.enum(TARGET_COMPONENTS), z.array(z.string())),
  genes_ranked: z.number().int(),
  computed_at: z.string(),
  engine_job_id: z.string().nullable(),
  results: z.array(TargetResultSchema),
  /** With `all_genes`: every ranked gene (genes_ranked of them), in rank order. */
  columns: RankingColumns.optional(),
  literature_filter: ConfidenceFilter.describe(
    "The confidence filter the literature component read gene–disease triples through (curated triples always pass)",
  ),
  precedence_withheld: z
    .array(WithheldPrecedence)
    .describe(
      "Gene × disease pairs (the disease or one below it) whose approved-drug precedence was withheld as an adjunct's " +
        "in a combination product (the ingestion's precedence_corroboration rule): not counted, not labelled established",
    ),
});
export type IdentifyTargetsResponse = z.infer<typeof IdentifyTargetsResponse>;

/** §4: identification still computing. */
export const IdentifyAccepted = z.object({ detail: z.object({ engine_job_id: z.string(), status: z.string() }) });
export type IdentifyAccepted = z.infer<typeof IdentifyAccepted>;

/** The public reference datasets target ranking needs, in load order (genes and diseases first). */
export const TARGET_REFERENCE_DATASETS = [
  "reference:genes",
  "reference:diseases",
  "targets:drugcentral",
  "targets:jensenlab",
  "targets:withdrawn",
] as const;

/** Whether target ranking's reference data is loaded, and what one click would load. */
export const TargetReferenceStatus = z.object({
  ready: z.boolean(),
  datasets: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      loaded: z.boolean(),
      /** Its files are in the server's reference-data root, so it can be loaded. */
      available: z.boolean(),
    }),
  ),
  /** How long loading all of them took on a 2-core server, for the estimate shown. */
  measured_load_seconds: z.number(),
});
export type TargetReferenceStatus = z.infer<typeof TargetReferenceStatus>;

export const DiseaseSuggestQuery = z.object({
  q: z.string().trim().min(1).max(300),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const DiseaseSuggestion = z.object({ id: z.string(), name: z.string(), matched: z.string() });
export const DiseaseSuggestResponse = z.object({ items: z.array(DiseaseSuggestion) });

const bool = z.preprocess(
  (v) => (typeof v === "string" ? ["1", "true", "yes", "on"].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);
const optionalText = (max = 200) => z.string().trim().max(max).optional();
const featureSet = { feature_set_version: FeatureSetVersion.optional().default(TARGET_DEFAULTS.featureSet) };
/** Multipart fields of each upload (the file itself is the `file` part). */
export const UploadFields = {
  opentargets: z.object({
    ...featureSet,
    indication_efo_id: z.string().trim().min(1, { error: "indication_efo_id is required" }).max(300),
  }),
  gtex: z.object({
    ...featureSet,
    /** Optional: the disease the expression is about (name, synonym or DOID); without it, every disease. */
    disease: optionalText(300),
    id_column: optionalText().default("Name"),
    tidy: bool.default(false),
    tissues_of_interest: z
      .string()
      .trim()
      .min(1, { error: "tissues_of_interest is required (comma-separated)" })
      .max(2000),
  }),
  string: z.object({
    ...featureSet,
    species_taxon: z.coerce.number().int().positive().default(TARGET_DEFAULTS.string.species_taxon),
    id_prefix: z.string().trim().max(20).default(TARGET_DEFAULTS.string.id_prefix),
    min_score: z.coerce.number().min(0).max(1000).default(TARGET_DEFAULTS.string.min_score),
    kind: z.enum(["ppi"], { error: "kind must be ppi" }).default("ppi"),
  }),
  chembl: z.object({
    ...featureSet,
    id_column: optionalText().default("target_chembl_id"),
    small_molecule_count_col: optionalText().default("small_molecule_count"),
    biologic_count_col: optionalText().default("biologic_count"),
    min_count_for_confidence: z.coerce.number().int().min(1).max(1_000_000).default(TARGET_DEFAULTS.chemblMinCount),
  }),
  generic: z.object({
    ...featureSet,
    feature_name: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
        error: "feature_name: 1–64 letters, digits, dots, dashes or underscores",
      }),
    id_column: optionalText().default(""),
    value_column: z.string().trim().min(1, { error: "value_column is required" }).max(200),
    symbol_column: optionalText().default(""),
    scale: z.enum(["minmax", "zscore"], { error: "scale must be minmax or zscore" }).default("minmax"),
    invert: bool.default(false),
    component: z.enum(["lit", "omics", "drugg", "safe", "neg"]).default("omics"),
    /** Optional: the disease the feature is about; without it the feature counts for every disease. */
    disease: optionalText(300),
  }),
} as const;

export const IngestionSchema = z.object({
  id: z.string(),
  source: z.string(),
  feature_set_version: z.string(),
  file_name: z.string(),
  file_sha256: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  rows_read: z.number().int(),
  features_written: z.number().int(),
  genes_matched: z.number().int(),
  unmatched: z.object({ count: z.number().int(), examples: z.array(z.string()) }),
  created_at: z.string(),
});
export type Ingestion = z.infer<typeof IngestionSchema>;

export const EvidenceQuery = z.object({
  symbol: z.string().trim().min(1, { error: "symbol is required" }).max(50),
  disease: z.string().trim().min(1, { error: "disease is required" }).max(300),
  feature_set_version: FeatureSetVersion.optional(),
  min_confidence: MinConfidence,
});

export const FeatureEvidence = z.object({
  source: z.string(),
  feature_name: z.string(),
  component: z.enum(TARGET_COMPONENTS),
  /** Normalised score in [0, 1] that enters the component's harmonic sum. */
  score: z.number(),
  raw: z.number().nullable(),
  disease_id: z.string().nullable(),
  feature_set_version: z.string(),
  file_sha256: z.string().nullable(),
  ingested_at: z.string(),
});
export const KnownDrug = z.object({
  drug_name: z.string(),
  action_type: z.string().nullable(),
  indications: z.array(z.string()),
  withdrawn: z.boolean(),
  black_box: z.boolean(),
});
export const FailureRecord = z.object({
  negatome_id: z.string(),
  failure_class: z.string(),
  compound_inchi_key: z.string(),
  source: z.string(),
  score: z.number().nullable(),
});
export const TargetEvidenceResponse = z.object({
  target: TargetRef,
  disease: DiseaseRef,
  components: TargetComponentsSchema,
  features: z.array(FeatureEvidence),
  druggability: z.object({
    small_molecule: z.object({ count: z.number().int().nullable(), confident: z.boolean() }),
    biologic: z.object({ count: z.number().int().nullable(), confident: z.boolean() }),
    approved_drugs: z.number().int(),
  }),
  known_drugs: z.array(KnownDrug),
  failure_history: z.array(FailureRecord),
  triples: z.array(
    z.object({
      tri_id: z.string(),
      relation: z.string(),
      polarity: z.string(),
      evidence_score: z.number(),
      /** Calibrated probability of the relation; curated triples 1. */
      confidence: z.number(),
      /** The sentence stating the triple; empty when no sentence names both (`stated_in_sentence` false). */
      sentence: z.string(),
      /**
       * False for a document-level triple: the gene and the disease are linked by the whole document's model, but no
       * sentence names both, so there is no sentence to quote.
       */
      stated_in_sentence: z.boolean(),
      curated: z.boolean(),
      document: z.object({ source: z.string(), external_id: z.string(), title: z.string().nullable() }),
    }),
  ),
  literature_filter: ConfidenceFilter,
  passages: z.array(
    z.object({
      text: z.string(),
      score: z.number(),
      doc: z.object({
        source: z.string(),
        external_id: z.string(),
        venue: z.string().nullable(),
        year: z.number().nullable(),
      }),
    }),
  ),
});
export type TargetEvidenceResponse = z.infer<typeof TargetEvidenceResponse>;

/**
 * How much a gene's priority is shrunk for what is not known about it: the renormalised mean is
 * multiplied by coverage^COVERAGE_EXPONENT. 0 would rank a gene known by one component as high as one
 * known by all five; 0.5 was chosen on the development half of the known-target benchmark among 0,
 * 0.25, 0.5, 0.75 and 1 (bench/targets, docs/decisions.md).
 */
export const COVERAGE_EXPONENT = 0.5;

/**
 * The priority of a target from its components, shared by the server's ranking and the browser's
 * live re-weighting so both give the same order:
 *   priority = (Σ_k w_k · v_k / Σ_k w_k) · coverage^½   over the components k with data for this gene,
 * so a component without data ("no data") never counts as a 0 (or a 1) that keeps its weight: the
 * weights are renormalised per gene over what is known about it, and the mean is shrunk by the square
 * root of the coverage (priorityCoverage, the share of the weights backed by data), so that evidence
 * on more components counts for more. Any non-negative weights work; no weighted component with data
 * gives 0.
 */
export function priorityScore(components: TargetComponents, weights: TargetWeights): number {
  let sum = 0;
  let covered = 0;
  let total = 0;
  for (const component of TARGET_COMPONENTS) {
    const w = Math.max(0, weights[COMPONENT_WEIGHT[component]]);
    total += w;
    const value = components[component];
    if (value === null) continue;
    sum += w * value;
    covered += w;
  }
  return covered === 0 ? 0 : (sum / covered) * Math.pow(covered / total, COVERAGE_EXPONENT);
}

/** Share of the total weight whose component has data for this gene (0 when every weight is 0). */
export function priorityCoverage(components: TargetComponents, weights: TargetWeights): number {
  let covered = 0;
  let total = 0;
  for (const component of TARGET_COMPONENTS) {
    const w = Math.max(0, weights[COMPONENT_WEIGHT[component]]);
    total += w;
    if (components[component] !== null) covered += w;
  }
  return total === 0 ? 0 : covered / total;
}
