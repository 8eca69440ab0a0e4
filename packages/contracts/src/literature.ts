import { z } from "zod";

/** The Ingest Docs page sends JSONL in batches of this many documents (§9). */
export const JSONL_BATCH_SIZE = 500;
export const LITERATURE_DEFAULTS = { searchTopk: 10, triplesTopk: 20, triplesShown: 10, evidenceTopk: 10 } as const;
export const COMPOSITE_DEFAULT_WEIGHTS = { w_lit: 0.3, w_omics: 0.25, w_drugg: 0.2, w_safe: 0.15, w_neg: 0.1 } as const;

export const malformedJsonLine = (line: number) => `Malformed JSON at line ${line}`;

const year = z.number().int().min(1500).max(2100);

/** §3 Ingest document. */
export const IngestDocument = z.object({
  source: z.string().trim().min(1, { error: "source is required" }).max(100),
  external_id: z.string().trim().min(1, { error: "external_id is required" }).max(200),
  title: z.string().trim().max(2000).optional(),
  year: year.nullish(),
  venue: z.string().trim().max(500).nullish(),
  license: z.string().trim().max(200).nullish(),
  url: z.string().trim().max(2000).nullish(),
  text: z.string().max(2_000_000),
});
export type IngestDocument = z.infer<typeof IngestDocument>;

export const IngestDocsBody = z.object({
  docs: z.array(IngestDocument).min(1, { error: "provide at least one document" }).max(1000),
});

const Topk = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, { error: "topk must be 1 to 1000" })
    .max(1000, { error: "topk must be 1 to 1000" })
    .default(fallback);

/**
 * `min_confidence` of the triple routes: absent, the server applies its defaults (per pair kind, the threshold
 * maximising F1 on the development split) and answers them in `confidence_thresholds`.
 */
export const MinConfidence = z.coerce
  .number()
  .min(0, { error: "min_confidence must be 0 to 1" })
  .max(1, { error: "min_confidence must be 0 to 1" })
  .optional()
  .describe(
    "Return only triples whose calibrated confidence is at least this (0–1), whatever their pair kind. Default: " +
      "per pair kind, the threshold maximising F1 on the development split (chemical-induced disease on the CDR " +
      "development split; gene–disease, chemical–gene and gene–gene on BioRED's), answered as " +
      "confidence_thresholds; 0 returns every triple, low-confidence ones included.",
  );

export const PAIR_KINDS = ["chemical-disease", "gene-disease", "chemical-gene", "gene-gene"] as const;
export type PairKindName = (typeof PAIR_KINDS)[number];

/** What a triple route answers about its confidence filter: the thresholds applied and how many triples they held back. */
export const ConfidenceFilter = z.object({
  min_confidence: z.number().nullable().describe("The request's min_confidence, or null when the defaults applied"),
  confidence_thresholds: z
    .record(z.enum(PAIR_KINDS), z.number())
    .describe("The confidence threshold applied to each pair kind (head type–tail type)"),
  below_min_confidence: z
    .number()
    .int()
    .describe("Triples left out because their confidence is below the threshold; ask with a lower min_confidence"),
});
export type ConfidenceFilter = z.infer<typeof ConfidenceFilter>;

export const DocumentQuery = z.object({
  source: z.string().max(100),
  external_id: z.string().max(200),
  min_confidence: MinConfidence,
});

export const SearchQuery = z.object({
  query: z.string().trim().min(1, { error: "query is required" }).max(2000),
  topk: Topk(LITERATURE_DEFAULTS.searchTopk),
  min_confidence: MinConfidence,
});
export const TargetQuery = z.object({
  symbol: z.string().trim().min(1, { error: "symbol is required" }).max(50),
  disease: z.string().trim().min(1, { error: "disease is required" }).max(300),
});
export const TargetTopkQuery = (fallback: number) => TargetQuery.extend({ topk: Topk(fallback) });
export const TargetEvidenceQuery = TargetTopkQuery(LITERATURE_DEFAULTS.evidenceTopk).extend({
  min_confidence: MinConfidence,
});
export const TargetTriplesQuery = TargetTopkQuery(LITERATURE_DEFAULTS.triplesTopk).extend({
  min_confidence: MinConfidence,
});
export const TargetPriorQuery = TargetQuery.extend({ min_confidence: MinConfidence });
export const TripleSearchQuery = z.object({
  head: z.string().trim().max(300).optional(),
  relation: z.string().trim().max(50).optional(),
  tail: z.string().trim().max(300).optional(),
  topk: Topk(LITERATURE_DEFAULTS.triplesTopk),
  min_confidence: MinConfidence,
});

const signal = z
  .number()
  .min(0, { error: "signals are on a 0–100 scale" })
  .max(100, { error: "signals are on a 0–100 scale" })
  .nullish();
const weight = z.number().min(0).max(1).optional();
export const CompositeBody = TargetQuery.extend({
  min_confidence: MinConfidence,
  omics: signal,
  druggability: signal,
  safety: signal,
  negatome_risk: signal,
  weights: z.object({ w_lit: weight, w_omics: weight, w_drugg: weight, w_safe: weight, w_neg: weight }).optional(),
});
export type CompositeBody = z.infer<typeof CompositeBody>;

export const EntityRefSchema = z.object({
  name: z.string(),
  type: z.string(),
  id: z.string(),
  /** Ids of the entity in other vocabularies (mesh, ncbigene, hgnc, uniprot, doid…). */
  xrefs: z.record(z.string(), z.unknown()),
});
export const TripleSchema = z.object({
  tri_id: z.string(),
  head: EntityRefSchema,
  relation: z.string(),
  tail: EntityRefSchema,
  polarity: z.string(),
  evidence_score: z.number(),
  confidence: z.number().describe("Calibrated probability that the document states this relation (0–1)"),
  supporting_sentences: z
    .number()
    .int()
    .describe(
      'Sentences of the document stating this triple; 0 for a document-level triple (attributes.basis "document"): a pair no sentence names together',
    ),
  passage_id: z.string().nullable(),
  sentence: z.object({ start: z.number(), end: z.number().nullable() }).nullable(),
  sentence_text: z.string().optional(),
  trigger: z.string().nullable(),
  method: z.string(),
  provenance: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  doc: z.object({ source: z.string(), external_id: z.string(), title: z.string() }).optional(),
});
export type EntityRef = z.infer<typeof EntityRefSchema>;
export type Triple = z.infer<typeof TripleSchema>;

/** A page of triples with the confidence filter it was fetched with. */
export const TriplePage = ConfidenceFilter.extend({ items: z.array(TripleSchema) });
export type TriplePage = z.infer<typeof TriplePage>;

export const Highlight = z.object({ start: z.number().int(), end: z.number().int() });
export type Highlight = z.infer<typeof Highlight>;

export const DocumentInfo = z.object({
  source: z.string(),
  external_id: z.string(),
  title: z.string(),
  venue: z.string().nullable(),
  year: z.number().int().nullable(),
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

const PassageHit = z.object({
  passage_id: z.string(),
  text: z.string(),
  score: z.number(),
  highlights: z
    .array(Highlight)
    .describe("Offsets in text of the query's words and of the mentions of its entities, by any synonym"),
  /** Ids of the query's entities this passage names (by any synonym). */
  matched_entities: z.array(z.string()),
});

/**
 * One hit per document: its best passage, its other matching passages (best first), and the triples the document
 * states in those passages at the confidence filter of the request.
 */
export const PassageResult = PassageHit.extend({
  doc: DocumentInfo,
  other_passages: z.array(PassageHit),
  triples: z
    .array(TripleSchema)
    .describe("Triples stated in this hit's passages at or above the confidence threshold, best first"),
});
export type PassageResult = z.infer<typeof PassageResult>;

export const QueryEntity = z.object({ text: z.string(), name: z.string(), type: z.string(), ids: z.array(z.string()) });
export type QueryEntity = z.infer<typeof QueryEntity>;

/**
 * `GET /v1/nlp/search` and `/v1/nlp/evidence/target`: the confidence filter applies to the hits' triples
 * (`below_min_confidence` counts those it held back), never to the passages.
 */
export const PassageSearchResults = ConfidenceFilter.extend({
  items: z.array(PassageResult),
  query_entities: z.array(QueryEntity),
});
export type PassageSearchResults = z.infer<typeof PassageSearchResults>;

export const DocumentDetail = ConfidenceFilter.extend({
  document: DocumentInfo.extend({
    license: z.string().nullable(),
    url: z.string().nullable(),
    text: z.string(),
    created_at: z.string(),
  }),
  passages: z.array(
    z.object({
      passage_id: z.string(),
      index: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      text: z.string(),
    }),
  ),
  mentions: z.array(
    z.object({
      start: z.number().int(),
      end: z.number().int(),
      text: z.string(),
      type: z.string(),
      id: z.string(),
      name: z.string(),
      xrefs: z.unknown(),
      provenance: z.string(),
      method: z.string(),
    }),
  ),
  triples: z.array(TripleSchema),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

export const PriorComponents = z.object({
  evidence_sum: z.number(),
  moa_coverage: z.number(),
  clinical_signal: z.number(),
  refutation_penalty: z.number(),
});
export type PriorComponents = z.infer<typeof PriorComponents>;

/** `GET /v1/nlp/target/prior`: the literature prior of a gene for a disease. */
export const TargetPrior = ConfidenceFilter.extend({
  prior: z.number(),
  components: PriorComponents,
  n_evidence: z.number().int(),
  gene: z.object({ symbol: z.string(), hgnc_id: z.string() }),
  disease: z.object({ id: z.string(), name: z.string() }),
});
export type TargetPrior = z.infer<typeof TargetPrior>;

export const CompositeWeights = z.object({
  w_lit: z.number(),
  w_omics: z.number(),
  w_drugg: z.number(),
  w_safe: z.number(),
  w_neg: z.number(),
});
export type CompositeWeights = z.infer<typeof CompositeWeights>;

/** `POST /v1/nlp/target/composite`. */
export const CompositeResult = z.object({
  /** 0–100, or null when no signal was given at all. */
  composite: z.number().nullable(),
  components: z.object({
    lit: z.number().nullable(),
    omics: z.number().nullable(),
    drugg: z.number().nullable(),
    safe: z.number().nullable(),
    neg: z.number().nullable(),
  }),
  /** The weights applied: the requested ones renormalised over the signals present. */
  weights: CompositeWeights,
  prior: ConfidenceFilter.extend({ prior: z.number(), components: PriorComponents }),
});
export type CompositeResult = z.infer<typeof CompositeResult>;

/** `GET /v1/nlp/novelty`: how new the gene–disease pair is in the literature, as of a year. */
export const Novelty = z.object({
  novelty: z.number(),
  components: z.object({
    comentions_before: z.number().int(),
    comentions_total: z.number().int(),
    first: z.number().int().nullable(),
    recency: z.number(),
  }),
  as_of: z.number().int(),
  documents_without_year_ignored: z.literal(true),
});
export type Novelty = z.infer<typeof Novelty>;

export const NoveltyQuery = TargetQuery.extend({ as_of: z.coerce.number().int().min(1900).max(2100).optional() });

/** `GET /v1/nlp/health`: what the caller's organizations can read. */
export const LiteratureHealth = z.object({
  ok: z.literal(true),
  stats: z.object({
    docs: z.number().int(),
    passages: z.number().int(),
    entities: z.number().int(),
    triples: z.number().int(),
  }),
});
export type LiteratureHealth = z.infer<typeof LiteratureHealth>;

export const OntologyReload = z.object({
  ok: z.boolean(),
  dir: z.string(),
  version: z.number().int(),
  stats: z.object({
    genes: z.number().int(),
    ncbi_genes: z
      .number()
      .int()
      .describe("NCBI Gene gene_info rows read (human aliases and full names from org.Hs.eg.db; mouse and rat genes)"),
    diseases: z.number().int(),
    drugs: z.number().int(),
  }),
});
export type OntologyReload = z.infer<typeof OntologyReload>;
export const OntologyReloadQuery = z.object({ dir: z.string().max(500).optional() });

export const LiteratureUploadOutcome = z.object({
  inserted: z.number().int(),
  skipped: z.number().int(),
  source: z.string(),
  external_id: z.string(),
  characters: z.number().int(),
});
export type LiteratureUploadOutcome = z.infer<typeof LiteratureUploadOutcome>;

/** 202 to a PubTator file too long for one request: follow the job at GET /v1/engine/jobs/{job_id}. */
export const IngestJobAccepted = z.object({
  job_id: z.string(),
  status: z.literal("running"),
  documents: z.number().int(),
});
export type IngestJobAccepted = z.infer<typeof IngestJobAccepted>;
