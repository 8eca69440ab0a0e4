import type { PairCandidate } from "./candidates";
import { EVIDENCE_WEIGHTS } from "./evidence-weights";
import { readCandidate, type CandidateReading } from "./features";
import { predictLogistic, type LogisticModel } from "./logistic";
import type { Polarity, RelationType } from "../types";
import { polarityOf, type TriggerHit } from "./cues";

/**
 * Sentence-level evidence: the probability that a sentence states a relation between a head and a
 * tail entity, from a logistic model over `readCandidate` features. The committed weights
 * (evidence-weights.ts) are fitted by scripts/fit-evidence-model.ts on the BioRED training split
 * with distant labels (a sentence pair is positive when the document's gold relations link the two
 * entities, any relation type). BioRED rather than CDR: its relations cover all of Sieve's relation
 * types, whereas CDR marks only chemical-induced disease, so a CDR-fitted model would learn that a
 * "treats" sentence is no evidence. Logistic regression is calibrated in the maximum-likelihood
 * sense; its calibration on the BioRED development split (Brier score, ECE) is in the evaluation.
 */
export interface SentenceEvidence {
  relation: RelationType;
  /**
   * Negative when a negation cue is in the pair's scope, else positive. Speculation ("may", "whether") is not a
   * polarity: it stays an attribute (`reading.speculationCue`) and a feature that lowers the evidence score and the
   * document-level confidence. On the training splits a hedged sentence pair (gold mentions) belongs to a gold
   * relation of its document about as often as a plain one (CDR train CID 0.38 vs 0.41; BioRED train gene–disease
   * 0.81 vs 0.81), so a hedge cannot veto a claim.
   */
  polarity: Polarity;
  evidence_score: number;
  trigger: string | null;
  reading: CandidateReading;
}

export function sentenceEvidence(c: PairCandidate, model: LogisticModel = EVIDENCE_WEIGHTS): SentenceEvidence {
  const reading = readCandidate(c);
  const polarity = polarityOf(reading);
  return {
    relation: relationOf(c.kind, reading.trigger),
    polarity,
    evidence_score: predictLogistic(model, reading.features),
    trigger: reading.trigger?.trigger ?? null,
    reading,
  };
}

/**
 * The relation the trigger names for this pair kind. A treatment trigger between a gene and a disease makes the gene
 * a therapeutic target, not a treatment; "agonist" and "antagonist" between a chemical and a gene name the
 * pharmacology. The evidence features keep the trigger's own type, so these names leave every score unchanged.
 */
function relationOf(kind: PairCandidate["kind"], trigger: TriggerHit | null): RelationType {
  if (!trigger) return "associated_with";
  if (kind === "gene-disease" && trigger.relation === "treats") return "therapeutic_target_for";
  if (kind === "chemical-gene") return CHEMICAL_GENE_PHARMACOLOGY[trigger.trigger] ?? trigger.relation;
  return trigger.relation;
}

const CHEMICAL_GENE_PHARMACOLOGY: Record<string, RelationType> = { agonist: "agonist_of", antagonist: "antagonist_of" };
