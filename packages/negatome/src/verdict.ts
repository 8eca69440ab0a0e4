import { CLASS_WEIGHTS, riskLevel, RISK_AMBER, RISK_RED, type RiskLevel } from "./safety-score";
import type { ConfidenceTier, FailureClass } from "./failure-classes";
import type { NegatomeEntry } from "./types";

/**
 * One entry per compound, every source's claim about it, and the verdict reconciled from them.
 *
 * A compound is keyed by the first block of the standard InChIKey of its parent (largest fragment,
 * neutralised, `prepareCompound`): salts and solvates are stripped and charges neutralised before the
 * key is computed, so a salt also shares its free base's fingerprint and score, and the first
 * block encodes the skeleton without stereo, isotopes or protonation, so stereoisomers, a racemate
 * and its enantiomers, and a salt and its free base are one entry (dexfenfluramine and fenfluramine
 * share an entry; their claims keep their own names). See the package README, "Entries".
 */
export function entryKey(inchiKey: string): string {
  return inchiKey.slice(0, 14);
}

/** What a source says about a compound. */
export type ClaimLabel = "approved" | "withdrawn" | "failed_trials" | "failed" | "boxed_warning";
export const NEGATIVE_LABELS: ReadonlySet<ClaimLabel> = new Set(["withdrawn", "failed_trials", "failed"]);

export interface SourceClaim {
  /** demo, withdrawn, clintox, drugcentral, user, synthetic. */
  source: string;
  /** Data set and version the claim comes from. */
  dataset: string;
  label: ClaimLabel;
  /** What the source says, in no stronger words than it uses. */
  statement: string;
  /** The source's reason, verbatim, where it gives one. */
  reason: string | null;
  /** Country or region of a regulatory action, where the source has it. */
  country: string | null;
  year: number | null;
  reference: string | null;
  confidence_tier: ConfidenceTier;
  /** How far the verdict trusts the claim, in [0, 1] (`claimReliability`). */
  reliability: number;
  /** A dated, referenced regulatory action: explains an earlier approval instead of contradicting it. */
  documented: boolean;
  failure_class: FailureClass | null;
  /** The negatome record behind a failure claim; null for regulatory facts read from reference data. */
  negatome_id: string | null;
  compound_name: string | null;
}

/**
 * Reliability of a failure claim (judgement, documented in the README): a dated withdrawal with a
 * public reference 0.97; ChEMBL's withdrawn flag with a reason 0.9, without one 0.4 (ChEMBL flags
 * oxycodone, tetracycline and celecoxib withdrawn without a reason); ClinTox's CT_TOX label 0.85,
 * 0.2 in a row ClinTox itself labels FDA-approved; user and computational negatives 0.5. Each is
 * scaled by how much the failure class says about safety (`CLASS_WEIGHTS`).
 */
export const SOURCE_RELIABILITY = {
  documented: 0.97,
  chembl_flag_with_reason: 0.9,
  chembl_flag_without_reason: 0.4,
  boxed_warning: 0.4,
  clintox_failed: 0.85,
  clintox_failed_in_approved_row: 0.2,
  self_contradicted: 0.2,
  contributed: 0.5,
} as const;

/** The risk a boxed warning alone gives (amber). */
export const BOXED_WARNING_RISK = 0.4;

/**
 * How every user-facing text names a source (its `source` id is for machines only). The web page's
 * `SOURCE_NAMES` (source-label.tsx) uses the same names.
 */
export const SOURCE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  demo: "demo set",
  clintox: "ClinTox",
  withdrawn: "withDRAWN (ChEMBL-derived)",
  drugcentral: "DrugCentral",
  user: "your organization",
  synthetic: "computational oracle",
};
export const sourceDisplayName = (source: string): string => SOURCE_DISPLAY_NAMES[source] ?? source;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A ClinTox label with the row it comes from, as approvals cite theirs ("FDA_APPROVED = 1, line 846"):
 * ClinTox holds some compounds on several rows that disagree (aspirin: approved on line 846, failed on 848).
 */
function withClintoxLine(reason: string, line: string | undefined): string {
  if (!line) return reason;
  const cited = reason.replace("(ClinTox CT_TOX = 1)", `(ClinTox CT_TOX = 1, line ${line})`);
  return cited === reason ? `${reason} (ClinTox line ${line})` : cited;
}

/** The claim a negatome record makes, worded as its source words it. */
export function claimOfRecord(record: NegatomeEntry): SourceClaim {
  const { evidence, failure_class: failureClass, confidence_tier: tier, source } = record;
  const documented = source === "demo" && Boolean(evidence.reference && evidence.year);
  const classWeight = CLASS_WEIGHTS[failureClass];
  let label: ClaimLabel = "failed";
  let statement = record.reason;
  let reliability = SOURCE_RELIABILITY.contributed * classWeight;
  if (source === "demo") {
    const action = evidence.regulatory_action;
    label = action === "withdrawn" || action === "suspended" ? "withdrawn" : action ? "failed" : "failed_trials";
    const country = evidence.country;
    const where =
      country === "worldwide" ? "worldwide" : country ? `in ${/^[A-Z]{2}$/.test(country) ? "the " : ""}${country}` : "";
    statement = action
      ? `${capitalised(action)} ${where} in ${evidence.year}: ${record.reason} (demo data written from public facts)`
      : `Failed in development (${evidence.year}): ${record.reason} (demo data written from public facts)`;
    reliability = (documented ? SOURCE_RELIABILITY.documented : SOURCE_RELIABILITY.contributed) * classWeight;
  } else if (source === "withdrawn") {
    label = "withdrawn";
    reliability =
      failureClass === "UNSPECIFIED"
        ? SOURCE_RELIABILITY.chembl_flag_without_reason
        : SOURCE_RELIABILITY.chembl_flag_with_reason * classWeight;
  } else if (source === "clintox") {
    label = "failed_trials";
    statement = withClintoxLine(record.reason, evidence.source_ids.clintox_line);
    reliability =
      tier === "bronze" ? SOURCE_RELIABILITY.clintox_failed_in_approved_row : SOURCE_RELIABILITY.clintox_failed;
  } else if (source === "user") {
    statement = `Reported by your organization (${failureClass}): ${record.reason}`;
  }
  return {
    source,
    dataset: evidence.dataset ?? source,
    label,
    statement,
    reason: evidence.reported_reason ?? (source === "demo" || source === "user" ? record.reason : null),
    country: evidence.country ?? null,
    year: evidence.year ?? null,
    reference: evidence.reference ?? null,
    confidence_tier: tier,
    reliability,
    documented,
    failure_class: failureClass,
    negatome_id: record.negatome_id,
    compound_name: evidence.compound_name ?? null,
  };
}

/**
 * Without a documented withdrawal, one source's failure label can raise an approved compound's risk
 * to this at most (amber): a single conflicting label cannot turn an approved drug red.
 */
export const SINGLE_SOURCE_CAP_WHEN_APPROVED = 0.6;
/**
 * Structural analogy alone keeps an approved compound green (at most the top of green): its neighbours'
 * failures are listed as warnings, but a drug that some agency approved and no source flags is not
 * coloured by them.
 */
export const STRUCTURE_CAP_WHEN_APPROVED = RISK_AMBER;

export interface Verdict {
  risk_score: number;
  risk_level: RiskLevel;
  /** Some source lists the compound as approved. */
  approved: boolean;
  /** A dated, referenced regulatory withdrawal or suspension is among the claims. */
  documented_withdrawal: boolean;
  /** Risk from the claims about the compound itself (null: no claim). */
  claims_risk: number | null;
  /** Risk read from structurally similar compounds (nearest failures, neighbourhood, target history). */
  structure_risk: number;
  /** Sources disagree: approved in one, withdrawn or failed in another, with no dated withdrawal to explain it. */
  conflict: boolean;
  conflict_note: string | null;
  /** How the score was reached, in words. */
  explanation: string;
}

/** The sources of some claims by display name, each once. */
export const listSources = (claims: readonly { source: string }[]) =>
  [...new Set(claims.map((c) => sourceDisplayName(c.source)))].join(", ");

/**
 * The reconciled verdict on a compound from its claims and its structural risk. Per source, the
 * strongest negative claim counts (a source saying the same thing twice is not two sources);
 * sources combine by noisy-OR. When some source lists the compound as approved and no dated
 * withdrawal explains the disagreement, each source counts at most `SINGLE_SOURCE_CAP_WHEN_APPROVED`,
 * so red needs two independent sources (or a documented withdrawal), and structure alone at most
 * `STRUCTURE_CAP_WHEN_APPROVED`. A compound without claims is judged by its structure alone.
 */
/**
 * The claims with the weight the verdict gives each: a trial-failure label from a source that also
 * lists the compound as approved contradicts itself (ClinTox rows) and counts at most
 * `SOURCE_RELIABILITY.self_contradicted`.
 */
export function weighClaims(claims: readonly SourceClaim[]): SourceClaim[] {
  const approving = new Set(claims.filter((c) => c.label === "approved").map((c) => c.source));
  return claims.map((claim) =>
    claim.label === "failed_trials" && approving.has(claim.source)
      ? { ...claim, reliability: Math.min(claim.reliability, SOURCE_RELIABILITY.self_contradicted) }
      : claim,
  );
}

export function reconcileVerdict(given: readonly SourceClaim[], structureRisk: number): Verdict {
  const claims = weighClaims(given);
  const approvals = claims.filter((c) => c.label === "approved");
  const failures = claims.filter((c) => NEGATIVE_LABELS.has(c.label));
  const boxed = claims.filter((c) => c.label === "boxed_warning");
  const approved = approvals.length > 0;
  const documented = failures.find((c) => c.documented && c.label === "withdrawn");
  const capped = approved && !documented;
  const bySource = new Map<string, number>();
  for (const claim of failures)
    bySource.set(claim.source, Math.max(bySource.get(claim.source) ?? 0, claim.reliability));
  const selfContradicting = failures.filter(
    (c) => c.label === "failed_trials" && approvals.some((a) => a.source === c.source),
  );
  const perSource = [...bySource.values()].map((r) => (capped ? Math.min(r, SINGLE_SOURCE_CAP_WHEN_APPROVED) : r));
  const failureRisk = 1 - perSource.reduce((keep, r) => keep * (1 - r), 1);
  // A boxed warning is a caution on a marketed drug, not a failure: it lifts the risk to amber, no further.
  const claimsRisk = claims.length ? Math.max(failureRisk, boxed.length ? BOXED_WARNING_RISK : 0) : null;

  let risk: number;
  let explanation: string;
  if (claimsRisk === null) {
    risk = structureRisk;
    explanation = "No source records this compound: the risk is read from similar compounds only.";
  } else if (approved) {
    risk = Math.max(claimsRisk, Math.min(structureRisk, STRUCTURE_CAP_WHEN_APPROVED));
    explanation = documented
      ? `Approved (${listSources(approvals)}), then ${documented.statement.charAt(0).toLowerCase()}${documented.statement.slice(1)}.`
      : failures.length
        ? `Approved (${listSources(approvals)}); failure claims from ${listSources(failures)} are weighed by source reliability, each at most ${SINGLE_SOURCE_CAP_WHEN_APPROVED}, so one conflicting label cannot make it red.${selfContradicting.length ? ` ${listSources(selfContradicting)} also lists it as approved: its trial-failure label counts ${SOURCE_RELIABILITY.self_contradicted}.` : ""}`
        : `Approved (${listSources(approvals)}) and no source flags it withdrawn or failed; similar compounds alone cannot make it amber.`;
  } else {
    risk = 1 - (1 - claimsRisk) * (1 - structureRisk);
    explanation = `Recorded by ${listSources([...failures, ...boxed])}; sources weighed by reliability and combined with the risk of similar compounds.`;
  }
  if (boxed.length && risk <= RISK_RED) explanation += ` Boxed warning per ${listSources(boxed)}: at least amber.`;

  const conflict = approved && failures.length > 0 && !documented;
  return {
    risk_score: risk,
    risk_level: riskLevel(risk),
    approved,
    documented_withdrawal: Boolean(documented),
    claims_risk: claimsRisk,
    structure_risk: structureRisk,
    conflict,
    conflict_note: conflict
      ? `Sources disagree: approved in ${listSources(approvals)}; ${[...new Set(failures.map((c) => `${sourceDisplayName(c.source)}: ${c.statement}`))].join(" ")}`
      : null,
    explanation,
  };
}

export interface ScreenDecision {
  keep: boolean;
  /** Why it is kept despite its risk, or why it is filtered; null when kept under the threshold. */
  reason: string | null;
}

/**
 * Whether a screen keeps a compound at a risk threshold. An approved compound is never removed
 * unless a dated withdrawal is on record: above the threshold it is kept and flagged, with the reason.
 */
export function screenDecision(verdict: Verdict, threshold: number): ScreenDecision {
  if (verdict.risk_score <= threshold) return { keep: true, reason: null };
  const risk = `reconciled negatome risk ${verdict.risk_score.toFixed(2)} (${verdict.risk_level}) is above ${threshold}`;
  if (verdict.approved && !verdict.documented_withdrawal)
    return { keep: true, reason: `kept: approved drug, never filtered; ${risk}: ${verdict.explanation}` };
  return { keep: false, reason: `${risk}: ${verdict.explanation}` };
}
