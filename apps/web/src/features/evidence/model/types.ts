import type { ConfidenceFilter } from "@sieve/contracts";

/**
 * Answer shapes of the literature API (prefix /v1/nlp) the Evidence page reads. `@sieve/contracts`
 * validates the requests; these answers are typed here so the page does not import zod.
 */

export interface Highlight {
  start: number;
  end: number;
}

export interface DocumentInfo {
  source: string;
  external_id: string;
  title: string;
  venue?: string | null;
  year?: number | null;
}

export interface PassageResult {
  passage_id: string;
  text: string;
  score: number;
  highlights: Highlight[];
  doc: DocumentInfo;
  /** The document's other passages that match, best first: one hit per document. */
  other_passages?: { passage_id: string; text: string; score: number; highlights: Highlight[] }[];
}

export interface PriorComponents {
  evidence_sum: number;
  moa_coverage: number;
  clinical_signal: number;
  refutation_penalty: number;
}

export interface TargetPrior {
  prior: number;
  components: PriorComponents;
  n_evidence: number;
  gene: { symbol: string; hgnc_id: string };
  disease: { id: string; name: string };
}

export interface EntityRef {
  name: string;
  type: string;
  id: string;
}

export interface Triple {
  tri_id: string;
  head: EntityRef;
  relation: string;
  tail: EntityRef;
  polarity: string;
  evidence_score: number;
  /** Calibrated probability of the relation, what the confidence filter reads. */
  confidence: number;
  supporting_sentences: number;
  sentence_text?: string;
  provenance: string;
  doc?: { source: string; external_id: string; title: string };
}

export interface CompositeWeights {
  w_lit: number;
  w_omics: number;
  w_drugg: number;
  w_safe: number;
  w_neg: number;
}

export interface CompositeResult {
  /** 0–100, or null when no signal was given at all. */
  composite: number | null;
  components: Record<"lit" | "omics" | "drugg" | "safe" | "neg", number | null>;
  /** The weights applied: the requested ones renormalised over the signals present. */
  weights: CompositeWeights;
  prior: { prior: number; components: PriorComponents };
}

/** A page of triples with the confidence filter it was fetched with. */
export interface TriplePage extends ConfidenceFilter {
  items: Triple[];
}

export interface DocumentDetail extends ConfidenceFilter {
  document: DocumentInfo & { license: string | null; url: string | null; text: string; created_at: string };
  passages: { passage_id: string; index: number; text: string }[];
  triples: Triple[];
}
