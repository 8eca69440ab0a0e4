import type { Polarity, RelationType } from "../types";
import { harmonicSum } from "./harmonic";

/** One piece of literature evidence for a target (usually a triple). */
export interface PriorEvidence {
  evidence_score: number;
  polarity: Polarity;
  relation: RelationType;
}

export interface TargetPrior {
  /** Literature prior in [0, 1]. */
  prior: number;
  components: {
    evidence_sum: number;
    moa_coverage: number;
    clinical_signal: number;
    refutation_penalty: number;
  };
}

/** Relation types that state a mechanism of action rather than a bare association. */
export const MECHANISTIC_RELATIONS: ReadonlySet<RelationType> = new Set([
  "causes",
  "inhibits",
  "activates",
  "binds",
  "agonist_of",
  "antagonist_of",
  "treats",
  "therapeutic_target_for",
]);
/** Relation types that carry a clinical signal: a treatment, a target of treatment or a marker of the disease. */
export const CLINICAL_RELATIONS: ReadonlySet<RelationType> = new Set([
  "treats",
  "therapeutic_target_for",
  "biomarker_of",
]);

/**
 * Literature prior of a target from its evidence:
 *  - evidence_sum = H(supporting scores): harmonic sum (harmonic.ts) of positive evidence scores,
 *    with neutral evidence (hedged triples stored by extraction before method version 3; a hedge now lowers the
 *    triple's own score instead) counted at half its score;
 *  - moa_coverage = share of the supporting score mass whose relation is mechanistic (causes,
 *    inhibits, activates, binds, agonist_of, antagonist_of, treats, therapeutic_target_for) rather than
 *    associated_with / biomarker_of;
 *  - clinical_signal = H(scores of supporting treats / therapeutic_target_for / biomarker_of evidence);
 *  - refutation_penalty = H(negative) / (H(supporting) + H(negative)): the share of refuting evidence
 *    (0 when there is none);
 *  - prior = evidence_sum · (0.6 + 0.2 · moa_coverage + 0.2 · clinical_signal) · (1 − refutation_penalty).
 * Evidence sum dominates; mechanism and clinical context can raise it by up to two fifths of the
 * base, and refuting evidence scales it down in proportion to its share.
 */
export function targetPrior(evidence: PriorEvidence[]): TargetPrior {
  const support = evidence
    .filter((e) => e.polarity !== "negative")
    .map((e) => ({ ...e, weight: clamp01(e.evidence_score) * (e.polarity === "neutral" ? 0.5 : 1) }));
  const refuting = evidence.filter((e) => e.polarity === "negative").map((e) => clamp01(e.evidence_score));
  const evidenceSum = harmonicSum(support.map((e) => e.weight));
  const mass = support.reduce((s, e) => s + e.weight, 0);
  const moaCoverage =
    mass === 0
      ? 0
      : support.filter((e) => MECHANISTIC_RELATIONS.has(e.relation)).reduce((s, e) => s + e.weight, 0) / mass;
  const clinicalSignal = harmonicSum(support.filter((e) => CLINICAL_RELATIONS.has(e.relation)).map((e) => e.weight));
  const refutedSum = harmonicSum(refuting);
  const refutationPenalty = evidenceSum + refutedSum === 0 ? 0 : refutedSum / (evidenceSum + refutedSum);
  const prior = evidenceSum * (0.6 + 0.2 * moaCoverage + 0.2 * clinicalSignal) * (1 - refutationPenalty);
  return {
    prior: clamp01(prior),
    components: {
      evidence_sum: evidenceSum,
      moa_coverage: moaCoverage,
      clinical_signal: clinicalSignal,
      refutation_penalty: refutationPenalty,
    },
  };
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
