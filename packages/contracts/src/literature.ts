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
});
export const TargetQuery = z.object({
  symbol: z.string().trim().min(1, { error: "symbol is required" }).max(50),
  disease: z.string().trim().min(1, { error: "disease is required" }).max(300),
});
export const TargetTopkQuery = (fallback: number) => TargetQuery.extend({ topk: Topk(fallback) });
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
  xrefs: z.record(z.string(), z.string()),
});
export const TripleSchema = z.object({
  tri_id: z.string(),
  head: EntityRefSchema,
  relation: z.string(),
  tail: EntityRefSchema,
  polarity: z.string(),
  evidence_score: z.number(),
  confidence: z.number().describe("Calibrated probability that the document states this relation (0–1)"),
  supporting_sentences: z.number().int().describe("Sentences of the document stating this triple"),
  passage_id: z.string().nullable(),
  sentence: z.object({ start: z.number(), end: z.number().nullable() }).nullable(),
  sentence_text: z.string().optional(),
  trigger: z.string().nullable(),
  method: z.string(),
  provenance: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  doc: z.object({ source: z.string(), external_id: z.string(), title: z.string() }).optional(),
});
