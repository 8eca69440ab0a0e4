import type { Polarity, TriggeredRelation } from "../types";

/**
 * Trigger words that name the relation between two entities of a sentence, grouped by relation type,
 * and NegEx-style negation and speculation cues (Chapman et al., "A simple algorithm for identifying
 * negated findings and diseases in discharge summaries", J. Biomed. Inform. 34:301–310, 2001; the
 * speculation list follows the BioScope hedge cues, Vincze et al., BMC Bioinformatics 9(S11), 2008).
 * Patterns match lower-cased text at word starts; stems cover inflections ("induc" → induces,
 * induced, inducing, induction).
 */
export const TRIGGERS: Record<TriggeredRelation, RegExp> = {
  causes:
    /\b(?:induc\w*|caus\w*|provok\w*|elicit\w*|precipitat\w*|produc\w*|evok\w*|result\w* in|lead\w* to|led to|gave rise|develop\w*|trigger\w*|toxicit\w*|side effects?|adverse|complications?|associated with the use|following|after)\b/,
  treats:
    /\b(?:treat\w*|therap\w*|prevent\w*|protect\w*|amelior\w*|attenuat\w*|alleviat\w*|revers\w*|improv\w*|reliev\w*|cure\w*|efficac\w*|effective|management of|prophyla\w*|antagoni\w*)\b/,
  inhibits:
    /\b(?:inhibit\w*|block\w*|suppress\w*|down-?regulat\w*|decreas\w*|reduc\w*|diminish\w*|abolish\w*|impair\w*|attenuat\w*|antagonist)\b/,
  activates:
    /\b(?:activat\w*|up-?regulat\w*|increas\w*|enhanc\w*|stimulat\w*|elevat\w*|potentiat\w*|agonist|overexpress\w*|promot\w*)\b/,
  binds: /\b(?:bind\w*|bound to|ligand\w*|affinit\w*|dock\w*|occup\w*|interact\w* (?:with|between))\b/,
  biomarker_of:
    /\b(?:marker\w*|biomarker\w*|predictor\w*|prognostic|diagnostic|levels? (?:of|in)|expression (?:of|in)|concentrations? (?:of|in)|elevated in|overexpressed in)\b/,
  associated_with:
    /\b(?:associat\w*|correlat\w*|link\w*|relat\w*|involv\w*|implicat\w*|mutation\w*|variant\w*|polymorphism\w*|susceptib\w*|risk)\b/,
};

/** Relation types that make sense for each pair of entity types (head–tail). */
export const RELATIONS_FOR_PAIR: Record<string, TriggeredRelation[]> = {
  "chemical-disease": ["causes", "treats", "biomarker_of", "associated_with"],
  "gene-disease": ["causes", "biomarker_of", "treats", "associated_with"],
  "chemical-gene": ["inhibits", "activates", "binds", "associated_with"],
  "gene-gene": ["inhibits", "activates", "binds", "associated_with"],
};

const NEGATION =
  /\b(?:no|not|non|nor|neither|without|absence of|absent|lack\w* of|fail\w* to|did not|does not|do not|was not|were not|cannot|can not|could not|unrelated|unlikely|rul\w* out|no evidence|free of|negative for)\b/;
const SPECULATION =
  /\b(?:may|might|could|can|possibl\w*|potential\w*|suggest\w*|whether|hypothes\w*|propos\w*|putative\w*|perhaps|likely|appear\w*|presum\w*|speculat\w*|question\w*|unclear|unknown|investigat\w*|examin\w*|evaluat\w*|assess\w*|to determine)\b/;
/** NegEx pseudo-triggers and scope terminators: a cue does not reach past these. */
const PSEUDO =
  /\b(?:no (?:further|significant change|increase|doubt)|not only|not necessarily|without (?:any )?doubt)\b/g;
const TERMINATOR = /\b(?:but|however|although|though|whereas|while|except|yet)\b|[;:]/;
/**
 * Upper-case "NO" is nitric oxide in biomedical text ("the role of NO in ADR-induced nephrosis"), never the
 * determiner "no", which the cues match once the text is lower-cased.
 */
const NITRIC_OXIDE = /\bNO\b/g;
/** A negation that modifies the noun phrase right after it ("no ENTITY-induced ENTITY", "without ENTITY"). */
const PHRASE_NEGATION = /\b(?:no|not|non|without|absence of|absent|lack\w* of|free of|negative for)\s*$/;

export interface TriggerHit {
  relation: TriggeredRelation;
  trigger: string;
  /** Where the trigger is: between the two entities, or in the clause around them. */
  where: "between" | "around";
}

/** The trigger closest to the entities among the relation types allowed for the pair, or null. */
export function findTrigger(between: string, around: string, allowed: TriggeredRelation[]): TriggerHit | null {
  const b = between.toLowerCase();
  let best: { hit: TriggerHit; at: number } | null = null;
  for (const relation of allowed) {
    const m = TRIGGERS[relation].exec(b);
    if (m && (!best || m.index < best.at)) best = { hit: { relation, trigger: m[0], where: "between" }, at: m.index };
  }
  if (best) return best.hit;
  const a = around.toLowerCase();
  for (const relation of allowed) {
    const m = TRIGGERS[relation].exec(a);
    if (m) return { relation, trigger: m[0], where: "around" };
  }
  return null;
}

/**
 * NegEx-style scope: a negation cue counts when it appears in the clause that holds the pair (the
 * text from the start of the clause of the first entity to the second entity), not cut off by a
 * terminator ("but", "however", ";") and not a pseudo-negation ("not only", "no significant change").
 */
export function isNegated(clause: string): boolean {
  return negationCue(clause) !== null;
}

export function isSpeculative(clause: string): boolean {
  return speculationCue(clause) !== null;
}

/** The negation cue in scope ("did not", "without"), lower-cased, or null. */
export function negationCue(clause: string): string | null {
  return NEGATION.exec(scopeOf(clause))?.[0] ?? null;
}

/**
 * The negation cue of a noun phrase, from the text before it: only a cue that modifies the phrase itself ("no
 * cocaine-induced seizures"). An agent-induced compound ("ketamine-induced tachycardia") presupposes its relation,
 * so a negation of the clause's verb does not deny it ("failed to inhibit the ketamine-induced tachycardia").
 */
export function phraseNegationCue(before: string): string | null {
  return PHRASE_NEGATION.exec(scopeOf(before))?.[0].trim() ?? null;
}

/** The speculation (hedge) cue in scope ("may", "suggest"), lower-cased, or null. */
export function speculationCue(clause: string): string | null {
  return SPECULATION.exec(scopeOf(clause))?.[0] ?? null;
}

/**
 * Negative when a negation cue is in scope ("did not cause", "may not cause"), else positive: a hedge ("may cause")
 * does not set the polarity but lowers the confidence (evidence-model.ts `SentenceEvidence.polarity`).
 */
export function polarityOf(reading: { negated: boolean }): Polarity {
  return reading.negated ? "negative" : "positive";
}

function scopeOf(clause: string): string {
  const lower = clause.replace(NITRIC_OXIDE, "nitric oxide").toLowerCase().replace(PSEUDO, " ");
  const parts = lower.split(TERMINATOR);
  return parts[parts.length - 1] ?? lower;
}
