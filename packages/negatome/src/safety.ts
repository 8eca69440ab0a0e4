import type { RDKitModule, SimilarityIndex } from "@sieve/chem";
import { structuralAlertsOfSmiles, type StructuralAlert } from "@sieve/chem";
import { prepareCompound, type PreparedCompound } from "./compound";
import type { ConfidenceTier, FailureClass } from "./failure-classes";
import {
  ANALOGUE_RAMP,
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
import {
  claimOfRecord,
  entryKey,
  listSources,
  reconcileVerdict,
  sourceDisplayName,
  weighClaims,
  type SourceClaim,
  type Verdict,
} from "./verdict";

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
  /** Approvals and boxed warnings by `entryKey` (`RegulatoryFact`s keyed by the caller); none: failures only. */
  regulatory?: ReadonlyMap<string, readonly SourceClaim[]>;
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

/** One compound among the evidence: its first record's fields, and every record and source of its entry. */
export interface EvidenceHit {
  negatome_id: string;
  entry_key: string;
  /** Every record of the entry (same `entryKey`) among the hits. */
  negatome_ids: string[];
  /** Its sources, e.g. ["demo", "withdrawn"]. */
  sources: string[];
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
  /** The reconciled verdict's risk (`verdict.risk_score`). */
  risk_score: number;
  risk_level: RiskLevel;
  /** Structural components; `exact_match` holds the risk from the claims about the compound itself. */
  components: RiskComponents;
  /** What each component is computed over, with the compounds behind it. */
  component_notes: Record<keyof RiskComponents, string>;
  /** The compound's entry: every source's claim about it (records of the same `entryKey` and regulatory facts). */
  entry: { entry_key: string | null; name: string | null; claims: SourceClaim[] };
  verdict: Verdict;
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
const failureSources = (records: readonly NegatomeEntry[]) => {
  const sources = listSources(records);
  const count = sources.split(", ").length;
  return `${count} source${count === 1 ? "" : "s"} (${sources})`;
};
const percent = (value: number) => `${Math.round(100 * value)} %`;
const weightOf = (record: NegatomeEntry) => failureWeight(record.failure_class, record.confidence_tier);

/**
 * What the sources say about the compound itself, in their words: being in the negatome is not being
 * a failure (aspirin is there, on one ClinTox row), so an approval that disputes the claims is named.
 */
function exactMatchMessage(
  exact: readonly NegatomeEntry[],
  claims: readonly SourceClaim[],
  verdict: Verdict,
  inchiKey: string | null,
): string {
  const said = claims
    .filter((claim) => claim.label !== "approved")
    .map(
      (claim) =>
        `${sourceDisplayName(claim.source)} (${claim.confidence_tier}): ${claim.compound_name ? `${claim.compound_name}: ` : ""}${claim.statement.replace(/\.$/, "")}`,
    );
  const approvals = claims.filter((claim) => claim.label === "approved");
  const disputed = verdict.conflict ? ` Disputed: approved per ${listSources(approvals)}.` : "";
  return `Recorded in ${failureSources(exact)} of the negatome (InChIKey ${inchiKey}; one entry per parent skeleton): ${said.join("; ")}.${disputed}`;
}

function hit(records: readonly NegatomeEntry[], similarity: number, exact: boolean): EvidenceHit {
  const record = records[0]!;
  return {
    negatome_id: record.negatome_id,
    entry_key: entryKey(record.compound_inchi_key),
    negatome_ids: records.map((r) => r.negatome_id),
    sources: [...new Set(records.map((r) => r.source))],
    similarity,
    exact_match: exact,
    failure_class: record.failure_class,
    reason: record.reason,
    source: record.source,
    confidence_tier: record.confidence_tier,
    compound_smiles: record.compound_smiles,
    compound_name: records.find((r) => r.evidence.compound_name)?.evidence.compound_name ?? null,
  };
}

/** Hits grouped by compound (`entryKey`), best similarity first, each group's records in hit order. */
function byEntry(hits: readonly { record: NegatomeEntry; similarity: number }[]) {
  const groups = new Map<string, { records: NegatomeEntry[]; similarity: number }>();
  for (const { record, similarity } of hits) {
    const key = entryKey(record.compound_inchi_key);
    const group = groups.get(key);
    if (group) group.records.push(record);
    else groups.set(key, { records: [record], similarity });
  }
  return [...groups.values()].sort((a, b) => b.similarity - a.similarity);
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
  /** Records of the compound's entry (same `entryKey`). */
  exact: NegatomeEntry[];
  /** Approvals and boxed warnings of the compound's entry. */
  regulatory?: readonly SourceClaim[];
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
  const { rdkit, smiles, index, records, reference, targetUniprotId, regulatory } = request;
  const parameters = request.parameters ?? DEFAULT_SAFETY_PARAMETERS;
  const inspected = inspectForSafety(rdkit, smiles);
  if (!inspected.ok) return inspected;
  const { compound } = inspected.value;
  const search = safetySearch(parameters);
  return scoreSafety(
    inspected.value,
    {
      exact: compound.inchi_key
        ? [...records.values()].filter(
            (record) => entryKey(record.compound_inchi_key) === entryKey(compound.inchi_key!),
          )
        : [],
      regulatory: compound.inchi_key ? (regulatory?.get(entryKey(compound.inchi_key)) ?? []) : [],
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

/** A known compound near the query: a failure of another compound (with its record) or a reference compound. */
interface CountedNeighbour {
  similarity: number;
  failure_weight: number;
  record: NegatomeEntry | null;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const nameWithSimilarity = ({ record, similarity }: { record: NegatomeEntry; similarity: number }) =>
  `${name(record)} (${similarity.toFixed(2)})`;

/**
 * Says what each component is computed over, naming the compounds behind it, so that a number is never
 * shown without them (a nearest-failure risk of 0 beside a failure at Tanimoto 0.31 is the ramp, not a miss).
 */
function componentNotes(
  neighbours: readonly CountedNeighbour[],
  counted: readonly CountedNeighbour[],
  components: RiskComponents,
  parameters: SafetyParameters,
  targetFailures: number,
  targetUniprotId: string | null | undefined,
): Record<keyof RiskComponents, string> {
  const failures = neighbours.flatMap(({ record, similarity }) => (record ? [{ record, similarity }] : []));
  const countedFailures = counted.flatMap(({ record, similarity }) => (record ? [{ record, similarity }] : []));
  const ramp = ANALOGUE_RAMP.map(([similarity, risk]) => `${risk} at ${similarity}`).join(", ");
  const nearest = failures[0];
  const shown = countedFailures.slice(0, MAX_SIMILAR_WARNINGS).map(nameWithSimilarity).join(", ");
  return {
    exact_match: "Risk from the sources' claims about this compound itself (see the verdict).",
    nearest_failure: nearest
      ? `Largest analogue risk among failures of other compounds (${ramp} Tanimoto, times the failure's class and tier weight); the nearest is ${nameWithSimilarity(nearest)}, giving ${components.nearest_failure.toFixed(2)}.`
      : `No failure of another compound within Tanimoto ${parameters.kernel_start}.`,
    neighbourhood: counted.length
      ? `Computed over the ${plural(counted.length, "known compound")} with Tanimoto above ${parameters.kernel_start} (at most ${parameters.neighbours}): ${plural(countedFailures.length, "recorded failure")}${shown ? ` (${shown}${countedFailures.length > MAX_SIMILAR_WARNINGS ? ", …" : ""})` : ""} and ${plural(counted.length - countedFailures.length, "approved reference compound")}, each weighted by similarity, shrunk towards the base rate ${percent(parameters.prior_rate)} with ${plural(parameters.prior_strength, "pseudo-compound")}.`
      : `No known compound has Tanimoto above ${parameters.kernel_start}: the rate is the base rate ${percent(parameters.prior_rate)}.`,
    target_history: targetUniprotId
      ? `${plural(targetFailures, "recorded failure")} on target ${targetUniprotId}, as primary target or named liability.`
      : "No target given.",
  };
}

/** The scoring of an assessment, without RDKit or indexes: the API runs it beside its own indexes. */
export function scoreSafety(
  inspection: SafetyInspection,
  sources: SafetySources,
  parameters: SafetyParameters = DEFAULT_SAFETY_PARAMETERS,
): SafetyAssessment {
  const { compound, alerts } = inspection;
  const { exact, failureHits, referenceHits, targetRecords, targetUniprotId } = sources;
  const exactIds = new Set(exact.map((record) => record.negatome_id));
  // The compound's own records are claims, not neighbours: the structural part reads only other compounds.
  const neighbours: CountedNeighbour[] = [
    ...failureHits
      .filter(({ record }) => !exactIds.has(record.negatome_id))
      .map(({ record, similarity }) => ({ similarity, failure_weight: weightOf(record), record })),
    ...referenceHits.map(({ similarity }) => ({ similarity, failure_weight: 0, record: null })),
  ].sort((a, b) => b.similarity - a.similarity);
  // The compounds the neighbourhood rate is computed over (`neighbourhoodFailureRate`).
  const counted = neighbours
    .filter(({ similarity }) => similarity > parameters.kernel_start)
    .slice(0, parameters.neighbours);
  const countedFailures = counted.flatMap(({ record, similarity }) => (record ? [{ record, similarity }] : []));

  const structural = riskComponents(
    {
      exact_failure_weights: [],
      neighbours,
      target_failure_weights: targetRecords.filter((r) => !exactIds.has(r.negatome_id)).map(weightOf),
    },
    parameters,
  );
  const claims = weighClaims([...exact.map(claimOfRecord), ...(sources.regulatory ?? [])]);
  const verdict = reconcileVerdict(claims, combineRisk(structural));
  const components = { ...structural, exact_match: verdict.claims_risk ?? 0 };
  const notes = componentNotes(
    neighbours,
    counted,
    components,
    parameters,
    targetRecords.filter((r) => !exactIds.has(r.negatome_id)).length,
    targetUniprotId,
  );

  const similar = byEntry(
    failureHits.filter(
      ({ record, similarity }) => similarity >= EVIDENCE_MIN_SIMILARITY && !exactIds.has(record.negatome_id),
    ),
  );
  const evidenceHits = [
    ...(exact.length ? [hit(exact, 1, true)] : []),
    ...similar.map(({ records, similarity }) => hit(records, similarity, false)),
  ].slice(0, MAX_EVIDENCE_HITS);

  const warnings: SafetyWarning[] = [];
  if (exact.length > 0) {
    warnings.push({
      kind: "exact_match",
      severity: severity(verdict.claims_risk ?? 0),
      message: exactMatchMessage(exact, claims, verdict, compound.inchi_key),
      evidence: [...exactIds],
    });
  }
  for (const { records, similarity } of similar
    .filter((h) => h.similarity >= MODERATE_SIMILARITY)
    .slice(0, MAX_SIMILAR_WARNINGS)) {
    const record = records[0]!;
    const strength = similarity >= STRONG_SIMILARITY ? "strong" : "moderate";
    warnings.push({
      kind: "similar_failure",
      severity: severity(Math.max(...records.map((r) => analogueRisk(similarity, weightOf(r))))),
      message: `${strength[0]!.toUpperCase()}${strength.slice(1)} structural similarity (Tanimoto ${similarity.toFixed(2)} on Morgan radius 2 / 2048 bits; ≥ ${STRONG_SIMILARITY} strong, ≥ ${MODERATE_SIMILARITY} moderate) to ${name(record)}: ${records.map((r) => `${r.reason} [${sourceDisplayName(r.source)}, ${r.confidence_tier}]`).join("; ")}`,
      evidence: records.map((r) => r.negatome_id),
    });
  }
  if (riskLevel(structural.neighbourhood) !== "green") {
    warnings.push({
      kind: "similar_failure",
      severity: severity(structural.neighbourhood),
      message: `The similarity-weighted failure rate of the nearest known compounds is ${percent(structural.neighbourhood)} (base rate ${percent(parameters.prior_rate)}): ${notes.neighbourhood}`,
      evidence: countedFailures.map(({ record }) => record.negatome_id),
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
      severity: severity(structural.target_history),
      message: `Target ${targetUniprotId} has ${targetRecords.length} recorded failure${targetRecords.length === 1 ? "" : "s"} (${classes.join(", ")}), as primary target or named liability: ${targetRecords.slice(0, 5).map(name).join(", ")}${targetRecords.length > 5 ? ", …" : ""}.`,
      evidence: targetRecords.map((record) => record.negatome_id),
    });
  }

  return {
    ok: true,
    smiles: compound.smiles,
    inchi_key: compound.inchi_key,
    risk_score: verdict.risk_score,
    risk_level: verdict.risk_level,
    components,
    component_notes: notes,
    entry: {
      entry_key: compound.inchi_key ? entryKey(compound.inchi_key) : null,
      name: claims.find((claim) => claim.compound_name)?.compound_name ?? null,
      claims,
    },
    verdict,
    warnings,
    evidence_hits: evidenceHits,
    structural_alerts: alerts,
    fingerprint: FINGERPRINT,
  };
}
