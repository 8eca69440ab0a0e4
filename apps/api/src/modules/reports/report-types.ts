import type { IdentifyTargetsResponse } from "@sieve/contracts";
export type { Manifest, Review } from "@sieve/contracts";

/** The part of a cached target ranking a dossier shows: the top of the shortlist with its weights. */
export type StoredTargetShortlist = Pick<
  IdentifyTargetsResponse,
  "disease" | "feature_set_version" | "mode" | "weights" | "computed_at" | "results" | "literature_filter"
> & {
  /** The strongest literature sentences linking each top gene (by HGNC id) with the disease term. */
  evidence: Record<string, TargetEvidenceSentence[]>;
};

export interface TargetEvidenceSentence {
  sentence: string;
  relation: string;
  polarity: string;
  evidence_score: number;
  confidence: number;
  source: string;
  external_id: string;
  title: string;
}
