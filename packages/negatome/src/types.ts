import type { ConfidenceTier, FailureClass, SafetyCategory } from "./failure-classes";

/** Where a record came from. "demo" marks the built-in demonstration set; "user" is contributed through the API. */
export type NegatomeSource = "demo" | "clintox" | "withdrawn" | "user";

/**
 * Provenance and detail of one record, stored as JSON beside it. Every loader fills `dataset`,
 * `licence` and `source_ids`, so a warning can always say where its evidence comes from.
 */
export interface NegatomeEvidence {
  /** Data set and version, e.g. "withDRAWN (schlessinger-lab/withDRAWN, commit 9fdaffccef3a)". */
  dataset: string;
  licence: string;
  /** Identifiers in the source, e.g. { chembl_id: "CHEMBL122" } or { clintox_line: "17" }. */
  source_ids: Record<string, string>;
  compound_name?: string;
  /** The reason text exactly as the source gives it. */
  reported_reason?: string;
  /** Organ-system categories of a safety failure. */
  safety_categories?: SafetyCategory[];
  /** Public reference: regulatory notice, trial name or paper. */
  reference?: string;
  year?: number;
  /** Where a regulatory action applied (a country, a region or "worldwide"), where the source says. */
  country?: string;
  /** The regulatory action the source reports (demo set: withdrawn, suspended, reformulated). */
  regulatory_action?: string;
  /** Off-targets blamed for the failure (e.g. hERG, KCNH2 Q12809), as UniProt accessions. */
  liability_uniprot_ids?: string[];
  /** The SMILES as given, when it differs from the stored parent (salts, solvates). */
  input_smiles?: string;
  /** Where the structure came from when not from the source itself (e.g. DrugCentral). */
  structure_source?: string;
}

/** A failure as read from a source, before its structure is checked and canonicalised. */
export interface NegatomeCandidate {
  /** 1-based line in the source file (header = line 1); null for built-in entries. */
  line: number | null;
  smiles: string;
  failure_class: FailureClass;
  target_uniprot_id: string | null;
  source: NegatomeSource;
  score: number | null;
  reason: string;
  evidence: NegatomeEvidence;
  confidence_tier: ConfidenceTier;
}

/**
 * What the API stores for one failure. The compound is the parent (largest fragment) of the input
 * SMILES: canonical RDKit SMILES, standard InChIKey and its Morgan fingerprint (radius 2, 2048 bits,
 * `MORGAN_WORDS` 32-bit words).
 */
export interface NegatomeRecordInput {
  failure_class: FailureClass;
  target_uniprot_id: string | null;
  compound_smiles: string;
  compound_inchi_key: string;
  fingerprint: Uint32Array;
  source: NegatomeSource;
  /** A measured value behind the failure when the source has one (none of the built-in sources do). */
  score: number | null;
  reason: string;
  evidence: NegatomeEvidence;
  confidence_tier: ConfidenceTier;
}

/** A stored record as the safety assessment reads it: the input plus its id. */
export interface NegatomeEntry extends NegatomeRecordInput {
  negatome_id: string;
}

/** The full stored record (the API adds ownership and time; ids as in @sieve/contracts). `org_id` null = public. */
export interface NegatomeRecord extends NegatomeEntry {
  contributor_id: number | null;
  org_id: number | null;
  created_at: string;
}
