import { z } from "zod";

/**
 * Failure classes of the negatome; withdrawal reasons map onto them (see @sieve/negatome).
 * UNSPECIFIED: withdrawn with no recorded reason.
 */
export const FAILURE_CLASSES = ["BINDING", "SAFETY", "SOLUBILITY", "EFFICACY", "PK", "UNSPECIFIED"] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const NEGATOME_DEFAULTS = {
  searchTopk: 10,
  recentLimit: 10,
  queryLimit: 20,
  agreementVersion: "1.0.0",
} as const;

/** Risk colours of the safety display (§9): above 0.7 red, above 0.3 amber, otherwise green. */
export type RiskLevel = "red" | "amber" | "green";
export function riskLevel(risk: number): RiskLevel {
  return risk > 0.7 ? "red" : risk > 0.3 ? "amber" : "green";
}

// UniProt accession format (uniprot.org/help/accession_numbers).
const UNIPROT = /^([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2})$/;
const UniprotId = z.string().trim().toUpperCase().regex(UNIPROT, { error: "must be a UniProt accession, e.g. P35354" });
/** The longest SMILES accepted (bodies, and the `GET /safety/{smiles}` path parameter: the server's maxParamLength). */
export const SMILES_MAX_LENGTH = 5_000;
const Smiles = z
  .string({ error: "smiles is required" })
  .trim()
  .min(1, { error: "smiles is required" })
  .max(SMILES_MAX_LENGTH);

export const NegatomeRecord = z.object({
  negatome_id: z.string(),
  failure_class: z.string(),
  target_uniprot_id: z.string().nullable(),
  compound_inchi_key: z.string(),
  compound_smiles: z.string(),
  source: z.string(),
  score: z.number().nullable(),
  reason: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  confidence_tier: z.string(),
  contributor_id: z.number().int().nullable(),
  org_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type NegatomeRecord = z.infer<typeof NegatomeRecord>;

export const NegatomeItems = z.object({ items: z.array(NegatomeRecord) });

/** `GET /v1/negatome/contributors/{id}/dashboard`: a contributor's records in the caller's organizations. */
export const ContributorDashboard = z.object({
  contributor_id: z.number().int(),
  total_contributions: z.number().int(),
  by_failure_class: z.record(z.string(), z.number().int()),
  safety_check_matches: z.number().int(),
  recent_contributions: z.array(NegatomeRecord),
});
export type ContributorDashboard = z.infer<typeof ContributorDashboard>;

/** `POST /v1/negatome/ensure-schema` and `/v1/nlp/ensure-schema`: whether each of the module's tables exists. */
export const SchemaStatus = z.object({ ok: z.boolean(), tables: z.record(z.string(), z.boolean()) });
export type SchemaStatus = z.infer<typeof SchemaStatus>;

export const SmilesBody = z.object({ smiles: Smiles });
export const SearchBody = z.object({
  smiles: Smiles,
  topk: z.number().int().min(1).max(1000).default(NEGATOME_DEFAULTS.searchTopk),
});

/** One compound among the nearest: its most similar record, and every record and source of its entry among the hits. */
export const SearchHit = z.object({
  negatome_id: z.string(),
  entry_key: z.string(),
  negatome_ids: z.array(z.string()),
  sources: z.array(z.string()),
  similarity: z.number(),
  fingerprint: z.string(),
  record: NegatomeRecord,
});
export type SearchHit = z.infer<typeof SearchHit>;
export const SearchResults = z.object({ items: z.array(SearchHit) });

export const SafetyWarning = z.object({
  kind: z.enum(["exact_match", "similar_failure", "structural_alert", "target_history"]),
  severity: z.enum(["high", "medium", "low"]),
  message: z.string(),
  /** negatome_ids, or alert names for structural alerts. */
  evidence: z.array(z.string()),
});
/** What one source says about a compound (see @sieve/negatome `SourceClaim`). */
export const SourceClaim = z.object({
  source: z.string(),
  dataset: z.string(),
  label: z.enum(["approved", "withdrawn", "failed_trials", "failed", "boxed_warning"]),
  statement: z.string(),
  reason: z.string().nullable(),
  country: z.string().nullable(),
  year: z.number().int().nullable(),
  reference: z.string().nullable(),
  confidence_tier: z.string(),
  reliability: z.number(),
  documented: z.boolean(),
  failure_class: z.string().nullable(),
  negatome_id: z.string().nullable(),
  compound_name: z.string().nullable(),
});
export type SourceClaim = z.infer<typeof SourceClaim>;

/** The verdict reconciled from the claims and the structural risk. */
export const Verdict = z.object({
  risk_score: z.number(),
  risk_level: z.enum(["red", "amber", "green"]),
  approved: z.boolean(),
  documented_withdrawal: z.boolean(),
  claims_risk: z.number().nullable(),
  structure_risk: z.number(),
  conflict: z.boolean(),
  conflict_note: z.string().nullable(),
  explanation: z.string(),
});
export type Verdict = z.infer<typeof Verdict>;

export const SafetyResult = z.object({
  smiles: z.string(),
  inchi_key: z.string().nullable(),
  /** The reconciled verdict's risk. */
  risk_score: z.number(),
  risk_level: z.enum(["red", "amber", "green"]),
  components: z.record(z.string(), z.number()),
  /** What each component is computed over, naming the compounds behind it. */
  component_notes: z.record(z.string(), z.string()),
  /** One entry per compound (InChIKey first block of the parent) with every source's claim. */
  entry: z.object({ entry_key: z.string().nullable(), name: z.string().nullable(), claims: z.array(SourceClaim) }),
  verdict: Verdict,
  warnings: z.array(SafetyWarning),
  /** One row per compound, with its sources. */
  evidence_hits: z.array(
    z.object({
      negatome_id: z.string(),
      entry_key: z.string(),
      negatome_ids: z.array(z.string()),
      sources: z.array(z.string()),
      similarity: z.number(),
      exact_match: z.boolean(),
      failure_class: z.string(),
      reason: z.string(),
      source: z.string(),
      confidence_tier: z.string(),
      compound_smiles: z.string(),
      compound_name: z.string().nullable(),
    }),
  ),
  structural_alerts: z.array(
    z.object({ catalog: z.string(), name: z.string(), description: z.string(), atoms: z.array(z.number()) }),
  ),
  fingerprint: z.string(),
});
export type SafetyResult = z.infer<typeof SafetyResult>;

export const ScoreSafetyBody = z.object({
  target_uniprot_id: UniprotId.optional(),
  target_sequence: z.string().max(100_000).optional(),
  compound_smiles: Smiles,
});

/** A user's negative result (§3 Negative annotation). */
export const NegativeAnnotation = z.object({
  target: z.object({ uniprot_id: UniprotId.optional() }).default({}),
  compound: z.object({ smiles: Smiles }),
  failure_class: z.enum(FAILURE_CLASSES).default("BINDING"),
  assay_type: z.string().trim().max(200).optional(),
  experimental_conditions: z.string().trim().max(5_000).optional(),
  measured_outcome: z.string().trim().max(5_000).optional(),
  reason_for_failure: z.string().trim().min(1, { error: "reason_for_failure is required" }).max(5_000),
  replicate_count: z.number().int().min(1).max(10_000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type NegativeAnnotation = z.infer<typeof NegativeAnnotation>;

/** A negative registered by a computational oracle (§3 Registered negative). */
export const RegisteredNegative = z.object({
  failure_class: z.enum(FAILURE_CLASSES),
  target_info: z.object({ uniprot_id: UniprotId.optional() }).catchall(z.unknown()).default({}),
  compound: z.object({ smiles: Smiles }),
  metrics: z.record(z.string(), z.unknown()).default({}),
  artifacts: z.record(z.string(), z.unknown()).default({}),
});
export type RegisteredNegative = z.infer<typeof RegisteredNegative>;

export const SyntheticIngestBody = z.object({
  idempotency_key: z.string().trim().min(1).max(200),
  records: z.array(RegisteredNegative).min(1).max(1_000),
});

export const IngestOutcome = z.object({ inserted: z.number().int(), skipped: z.number().int() });

export const AgreementBody = z.object({
  agreement_version: z.string().trim().max(20).default(NEGATOME_DEFAULTS.agreementVersion),
  acknowledged: z.boolean(),
  user_declared_id: z.string().trim().max(200).nullish(),
});
export const Agreement = z.object({
  agreement_version: z.string(),
  acknowledged: z.boolean(),
  user_declared_id: z.string().nullable(),
  accepted_at: z.string().nullable(),
});
export type Agreement = z.infer<typeof Agreement>;

export const NegatomeStats = z.object({
  total_records: z.number().int(),
  by_failure_class: z.record(z.string(), z.number().int()),
  by_source: z.record(z.string(), z.number().int()),
});
