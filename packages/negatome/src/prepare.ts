import type { RDKitModule } from "@sieve/chem";
import { prepareCompound } from "./compound";
import { isConfidenceTier, isFailureClass } from "./failure-classes";
import type { NegatomeCandidate, NegatomeRecordInput, NegatomeSource } from "./types";

/** A candidate that cannot become a record, and why. */
export interface RejectedCandidate {
  line: number | null;
  source: NegatomeSource;
  smiles: string;
  error: string;
}

export interface PreparedRecords {
  records: NegatomeRecordInput[];
  rejected: RejectedCandidate[];
}

const UNIPROT_ACCESSION = /^(?:[OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9](?:[A-Z][A-Z0-9]{2}[0-9]){1,2})$/;

/**
 * Checks what the type system cannot: class, tier and UniProt accession format (uniprot.org/help/accession_numbers).
 */
function candidateProblem(candidate: NegatomeCandidate): string | null {
  if (!isFailureClass(candidate.failure_class)) return `Unknown failure class "${String(candidate.failure_class)}".`;
  if (!isConfidenceTier(candidate.confidence_tier))
    return `Unknown confidence tier "${String(candidate.confidence_tier)}".`;
  if (candidate.target_uniprot_id !== null && !UNIPROT_ACCESSION.test(candidate.target_uniprot_id)) {
    return `"${candidate.target_uniprot_id}" is not a UniProt accession.`;
  }
  return null;
}

/**
 * Turns candidates into storable records: each structure is parsed, reduced to its parent
 * fragment and given canonical SMILES, InChIKey and Morgan fingerprint. A candidate that fails
 * is reported with its line and reason instead of throwing; whether one bad row rejects a whole
 * upload is for the caller to decide.
 */
export function prepareRecords(rdkit: RDKitModule, candidates: readonly NegatomeCandidate[]): PreparedRecords {
  const records: NegatomeRecordInput[] = [];
  const rejected: RejectedCandidate[] = [];
  for (const candidate of candidates) {
    const reject = (error: string) =>
      rejected.push({ line: candidate.line, source: candidate.source, smiles: candidate.smiles, error });
    const problem = candidateProblem(candidate);
    if (problem) {
      reject(problem);
      continue;
    }
    const compound = prepareCompound(rdkit, candidate.smiles);
    if (!compound.ok) {
      reject(compound.error);
      continue;
    }
    if (!compound.inchi_key) {
      reject("No InChIKey: InChI cannot represent this structure (dummy or query atoms).");
      continue;
    }
    const evidence = compound.stripped ? { ...candidate.evidence, input_smiles: candidate.smiles } : candidate.evidence;
    records.push({
      failure_class: candidate.failure_class,
      target_uniprot_id: candidate.target_uniprot_id,
      compound_smiles: compound.smiles,
      compound_inchi_key: compound.inchi_key,
      fingerprint: compound.fingerprint,
      source: candidate.source,
      score: candidate.score,
      reason: candidate.reason,
      evidence,
      confidence_tier: candidate.confidence_tier,
    });
  }
  return { records, rejected };
}
