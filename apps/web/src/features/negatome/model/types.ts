import type { NegatomeRecord, SafetyResult } from "@sieve/contracts";

/**
 * Answer shapes of the negatome API that `@sieve/contracts` describes only as zod schemas, written
 * out here so the page is typed without importing zod.
 */

export interface NegatomeStats {
  total_records: number;
  by_failure_class: Record<string, number>;
  by_source: Record<string, number>;
}

/** One compound among the nearest records, with every source of its entry. */
export interface SimilarityHit {
  negatome_id: string;
  entry_key: string;
  negatome_ids: string[];
  sources: string[];
  similarity: number;
  fingerprint: string;
  record: NegatomeRecord;
}

/** The safety answer (`/safety`, `/score/safety`) as the contracts describe it. */
export type SafetyAssessment = SafetyResult;
export type SafetyWarning = SafetyResult["warnings"][number];
export type SourceClaim = SafetyResult["entry"]["claims"][number];

export interface ContributorDashboard {
  contributor_id: number;
  total_contributions: number;
  by_failure_class: Record<string, number>;
  safety_check_matches: number;
  recent_contributions: NegatomeRecord[];
}

/** Narrows the record list: none set means "recent records". */
export interface RecordFilters {
  failure_class: string;
  uniprot_id: string;
  inchi_key: string;
}
