import type { RDKitModule, SimilarityIndex } from "@sieve/chem";
import { structuralAlertsOfSmiles, type StructuralAlert } from "./alerts/structural-alerts";
import { prepareCompound, type PreparedCompound } from "./compound";
import type { ConfidenceTier, FailureClass } from "./failure-classes";
import {
  DEFAULT_SAFETY_PARAMETERS,
  FINGERPRINT,
  MODERATE_SIMILARITY,
  STRONG_SIMILARITY,
  analogueRisk,
  combineRisk,
  failureWeight,
  riskComponents,
  riskLevel,
  type RiskComponents,
  type RiskLevel,
  type SafetyParameters,
} from "./safety-score";
import type { NegatomeEntry, NegatomeSource } from "./types";

export interface SafetyRequest {
  rdkit: RDKitModule;
  smiles: string;
  /** Fingerprints of the negatome records, keyed by negatome_id. */
  index: SimilarityIndex<string>;
  /** The records behind `index`, by negatome_id. */
  records: ReadonlyMap<string, NegatomeEntry>;
  /**
   * Fingerprints of compounds without a recorded failure (approved drugs; see `buildReferenceIndex`),
   * against which the failures nearby are weighed. The default parameters were fitted with ClinTox's
   * approved drugs here.
   */
  reference: SimilarityIndex<string>;
  /** Adds the target's failure history (`POST /score/safety`). */
  targetUniprotId?: string | null;
  parameters?: SafetyParameters;
}

export type SafetyWarningKind = "exact_match" | "similar_failure" | "structural_alert" | "target_history";
export type Severity = "high" | "medium" | "low";

export interface SafetyWarning {
  kind: SafetyWarningKind;
  severity: Severity;
  /** Says why, with the numbers. */
  message: string;
  /** negatome_ids, or alert names for structural alerts. */
  evidence: string[];
}

export interface EvidenceHit {
  negatome_id: string;
  similarity: number;
  exact_match: boolean;
  failure_class: FailureClass;
  reason: string;
  source: NegatomeSource;
  confidence_tier: ConfidenceTier;
  compound_smiles: string;
  compound_name: string | null;
}

export interface SafetyAssessment {
  ok: true;
  /** Canonical SMILES and InChIKey of the parent compound assessed. */
  smiles: string;
  inchi_key: string | null;
  risk_score: number;
  risk_level: RiskLevel;
  components: RiskComponents;
  warnings: SafetyWarning[];
  evidence_hits: EvidenceHit[];
  /** Atoms number the atoms of `smiles`. */
  structural_alerts: StructuralAlert[];
  fingerprint: typeof FINGERPRINT;
}

export type SafetyResult = SafetyAssessment | { ok: false; error: string };

/** Failures below this Morgan2 Tanimoto are background, not evidence worth listing. */
export const EVIDENCE_MIN_SIMILARITY = 0.3;
export const MAX_EVIDENCE_HITS = 10;
const MAX_SIMILAR_WARNINGS = 5;

function severity(risk: number): Severity {
  const level = riskLevel(risk);
  return level === "red" ? "high" : level === "amber" ? "medium" : "low";
}

const name = (record: NegatomeEntry) => record.evidence.compound_name ?? record.compound_smiles;
const percent = (value: number) => `${Math.round(100 * value)} %`;
const weightOf = (record: NegatomeEntry) => failureWeight(record.failure_class, record.confidence_tier);

function hit(record: NegatomeEntry, similarity: number, exact: boolean): EvidenceHit {
  return {
    negatome_id: record.negatome_id,
    similarity,
    exact_match: exact,
    failure_class: record.failure_class,
    reason: record.reason,
    source: record.source,
    confidence_tier: record.confidence_tier,
    compound_smiles: record.compound_smiles,
    compound_name: record.evidence.compound_name ?? null,
  };
}

/**
 * Safety risk of a compound from the negatome: is it a recorded failure (same InChIKey), how close
 * is its nearest failure, how often did its nearest known compounds fail, which PAINS/Brenk alerts
 * does it carry, and has its target failed before. Score and thresholds: safety-score.ts and the
 * package README. Pure: every data source is passed in.
 */
/** The part of a safety assessment that needs RDKit: the parent compound, its fingerprint and its alerts. */
export interface SafetyInspection {
  compound: PreparedCompound;
  alerts: StructuralAlert[];
}

export function inspectForSafety(
  rdkit: RDKitModule,
  smiles: string,
): { ok: true; value: SafetyInspection } | { ok: false; error: string } {
  const compound = prepareCompound(rdkit, smiles);
  if (!compound.ok) return compound;
  const { ok: _ok, ...prepared } = compound;
  // Matched on the canonical parent SMILES, so that alert atoms index its depiction.
  return { ok: true, value: { compound: prepared, alerts: structuralAlertsOfSmiles(rdkit, compound.smiles) ?? [] } };
}

/** How far the failure and reference indexes are searched for one assessment. */
export function safetySearch(parameters: SafetyParameters = DEFAULT_SAFETY_PARAMETERS) {
  return {
    failures: {
      topk: Math.max(parameters.neighbours, MAX_EVIDENCE_HITS),
      minSimilarity: Math.min(parameters.kernel_start, EVIDENCE_MIN_SIMILARITY),
    },
    reference: { topk: parameters.neighbours, minSimilarity: parameters.kernel_start },
  };
}

/** What the negatome holds about an inspected compound, gathered by whoever owns the indexes. */
export interface SafetySources {
  /** Records with the compound's InChIKey. */
  exact: NegatomeEntry[];
  /** Nearest failures by Tanimoto, best first, as `safetySearch().failures` finds them. */
  failureHits: { record: NegatomeEntry; similarity: number }[];
  /** Nearest reference (non-failed) compounds, as `safetySearch().reference` finds them. */
  referenceHits: { similarity: number }[];
  /** Failures of the target, as primary target or named liability. */
  targetRecords: NegatomeEntry[];
  targetUniprotId?: string | null;
}

/**
 * Safety risk of a compound from the negatome: is it a recorded failure (same InChIKey), how close
 * is its nearest failure, how often did its nearest known compounds fail, which PAINS/Brenk alerts
 * does it carry, and has its target failed before. Score and thresholds: safety-score.ts and the
 * package README. Pure: every data source is passed in.
 */
export function assessSafety(request: SafetyRequest): SafetyResult {
  const { rdkit, smiles, index, records, reference, targetUniprotId } = request;
  const parameters = request.parameters ?? DEFAULT_SAFETY_PARAMETERS;
  const inspected = inspectForSafety(rdkit, smiles);
  if (!inspected.ok) return inspected;
  const { compound } = inspected.value;
  const search = safetySearch(parameters);
  return scoreSafety(
    inspected.value,
    {
      exact: compound.inchi_key
        ? [...records.values()].filter((record) => record.compound_inchi_key === compound.inchi_key)
        : [],
      failureHits: index
        .search(compound.fingerprint, search.failures.topk, search.failures.minSimilarity)
        .flatMap(({ id, similarity }) => {
          const record = records.get(id);
          return record ? [{ record, similarity }] : [];
        }),
      referenceHits: reference.search(compound.fingerprint, search.reference.topk, search.reference.minSimilarity),
      targetRecords: targetUniprotId
        ? [...records.values()].filter(
            (r) =>
              r.target_uniprot_id === targetUniprotId || r.evidence.liability_uniprot_ids?.includes(targetUniprotId),
          )
        : [],
      targetUniprotId,
    },
    parameters,
  );
}

/** The scoring of an assessment, without RDKit or indexes: the API runs it beside its own indexes. */
export function scoreSafety(
  inspection: SafetyInspection,
  sources: SafetySources,
  parameters: SafetyParameters = DEFAULT_SAFETY_PARAMETERS,
): SafetyAssessment {
  const { compound, alerts } = inspection;
  const { exact, failureHits, referenceHits, targetRecords, targetUniprotId } = sources;
  const neighbours = [
    ...failureHits.map(({ record, similarity }) => ({ similarity, failure_weight: weightOf(record) })),
    ...referenceHits.map(({ similarity }) => ({ similarity, failure_weight: 0 })),
  ].sort((a, b) => b.similarity - a.similarity);

  const components = riskComponents(
    {
      exact_failure_weights: exact.map(weightOf),
      neighbours,
      alert_catalogs: alerts.map((alert) => alert.catalog),
      target_failure_weights: targetRecords.map(weightOf),
    },
    parameters,
  );
  const risk = combineRisk(components);

  const exactIds = new Set(exact.map((record) => record.negatome_id));
  const similar = failureHits.filter(
    ({ record, similarity }) => similarity >= EVIDENCE_MIN_SIMILARITY && !exactIds.has(record.negatome_id),
  );
  const evidenceHits = [
    ...exact.map((record) => hit(record, failureHits.find((h) => h.record === record)?.similarity ?? 1, true)),
    ...similar.map(({ record, similarity }) => hit(record, similarity, false)),
  ].slice(0, MAX_EVIDENCE_HITS);

  const warnings: SafetyWarning[] = [];
  if (exact.length > 0) {
    warnings.push({
      kind: "exact_match",
      severity: severity(components.exact_match),
      message: `This compound is a recorded failure (same InChIKey ${compound.inchi_key}): ${exact
        .map(
          (record) =>
            `${name(record)}, ${record.failure_class}, ${record.reason} [${record.source}, ${record.confidence_tier}]`,
        )
        .join("; ")}`,
      evidence: [...exactIds],
    });
  }
  for (const { record, similarity } of similar
    .filter((h) => h.similarity >= MODERATE_SIMILARITY)
    .slice(0, MAX_SIMILAR_WARNINGS)) {
    const strength = similarity >= STRONG_SIMILARITY ? "strong" : "moderate";
    warnings.push({
      kind: "similar_failure",
      severity: severity(analogueRisk(similarity, weightOf(record))),
      message: `${strength[0]!.toUpperCase()}${strength.slice(1)} structural similarity (Tanimoto ${similarity.toFixed(2)} on Morgan radius 2 / 2048 bits; ≥ ${STRONG_SIMILARITY} strong, ≥ ${MODERATE_SIMILARITY} moderate) to ${name(record)}, a ${record.failure_class} failure: ${record.reason} [${record.source}, ${record.confidence_tier}]`,
      evidence: [record.negatome_id],
    });
  }
  if (riskLevel(components.neighbourhood) !== "green") {
    const nearby = failureHits
      .filter(({ similarity }) => similarity > parameters.kernel_start)
      .slice(0, parameters.neighbours);
    warnings.push({
      kind: "similar_failure",
      severity: severity(components.neighbourhood),
      message: `Among the ${parameters.neighbours} known compounds most similar to this one, the similarity-weighted failure rate is ${percent(components.neighbourhood)} (base rate ${percent(parameters.prior_rate)}).`,
      evidence: nearby.map(({ record }) => record.negatome_id),
    });
  }
  for (const alert of alerts) {
    warnings.push({
      kind: "structural_alert",
      severity: "low",
      message: `Structural alert ${alert.name} (${alert.description}) matches atoms ${alert.atoms.join(", ")}.`,
      evidence: [alert.name],
    });
  }
  if (targetRecords.length > 0) {
    const classes = [...new Set(targetRecords.map((record) => record.failure_class))].map(
      (c) => `${targetRecords.filter((r) => r.failure_class === c).length} ${c}`,
    );
    warnings.push({
      kind: "target_history",
      severity: severity(components.target_history),
      message: `Target ${targetUniprotId} has ${targetRecords.length} recorded failure${targetRecords.length === 1 ? "" : "s"} (${classes.join(", ")}), as primary target or named liability: ${targetRecords.slice(0, 5).map(name).join(", ")}${targetRecords.length > 5 ? ", …" : ""}.`,
      evidence: targetRecords.map((record) => record.negatome_id),
    });
  }

  return {
    ok: true,
    smiles: compound.smiles,
    inchi_key: compound.inchi_key,
    risk_score: risk,
    risk_level: riskLevel(risk),
    components,
    warnings,
    evidence_hits: evidenceHits,
    structural_alerts: alerts,
    fingerprint: FINGERPRINT,
  };
}
