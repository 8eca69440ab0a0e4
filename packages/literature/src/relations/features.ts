import type { TriggeredRelation } from "../types";
import type { PairCandidate } from "./candidates";
import {
  findTrigger,
  negationCue,
  phraseNegationCue,
  RELATIONS_FOR_PAIR,
  speculationCue,
  TRIGGERS,
  type TriggerHit,
} from "./cues";
import type { Features } from "./logistic";

/**
 * Features of one sentence-level candidate, read by the evidence model (evidence-model.ts) and,
 * aggregated per document, by the document-level relation models (document-relations.ts).
 * Lexical patterns are the classic CDR ones (e.g. "C-induced D", "D induced by C", "D after C";
 * cf. Lowe et al. and the rule-based systems in the BioCreative V CDR overview, Wei et al. 2016).
 */
export interface CandidateReading {
  features: Features;
  trigger: TriggerHit | null;
  negated: boolean;
  speculative: boolean;
  /** The negation and speculation cues in the pair's scope, as the sentence writes them (lower-cased). */
  negationCue: string | null;
  speculationCue: string | null;
}

const CAUSE_ADJACENT = /^\s*-?\s*(?:induced|associated|related|evoked|mediated|dependent|triggered|caused|provoked)\b/i;
/**
 * The pair is one agent-induced noun phrase, whose relation the sentence presupposes: a compound, possibly with
 * modifiers before the disease ("ketamine-induced tachycardia", "sulpiride-induced tardive dystonia"), or the
 * disease followed by its agent ("hyperactivity induced by amphetamine").
 */
const AGENT_COMPOUND =
  /^-(?:induced|associated|related|evoked|mediated|triggered|caused|provoked)\s+(?:[a-z][\w-]*\s+){0,2}$/i;
const AGENT_AFTER_DISEASE =
  /^\s*(?:induced|caused|produced|evoked|provoked|elicited|triggered|precipitated)\s+by\s+(?:[\w-]+,?\s+){0,4}$/i;
/** A predicate that denies the noun phrase exists ("cocaine-induced seizures were not observed"). */
const DENYING_PREDICATE =
  /^\s*(?:(?:was|were|is|are)\s+(?:not|never)|(?:has|have|had)\s+(?:not|never)\s+been)\s+(?:\w+\s+)?(?:observed|seen|found|detected|noted|present|evident)\b|^\s*(?:did|does|do)\s+not\s+(?:occur|develop|appear)\b/i;
const BY_AGENT =
  /\b(?:induced|caused|produced|provoked|elicited|evoked|precipitated|triggered)\s+(?:\w+\s+){0,2}(?:by|with)\b/i;
const AFTER_AGENT = /\b(?:after|following|during|due to|secondary to|from|with|on)\b(?:\s+\S+){0,4}\s*$/i;
const PATIENTS_TAKING =
  /\b(?:patients?|subjects?|cases?|women|men|children|rats?|mice)\s+(?:\w+\s+){0,2}(?:receiving|treated|taking|given|on|exposed|using|administered)\b/i;
const TOXICITY_OF =
  /^\s*-?\s*(?:toxicity|poisoning|overdose|intoxication|abuse|use|exposure|administration|treatment|therapy|infusion|injection|withdrawal)\b/i;
const TREAT_PATTERN = /\b(?:treat\w*|therap\w*|management)\s+(?:of|for|with|in)\b/i;
/**
 * The chemical is the agent of a treatment aimed at the disease: "C was given to treat D", "C (…) used to prevent the
 * D", "C was effective in reversing D", "C for the treatment of D" (chemical first); "treatment of D with C", "D was
 * successfully treated with C" (disease first). Read only when no clause break and no other mention stands between the
 * agent and the treatment: "C to prevent X-induced D" reads C as treating D, and the pair (X, D) keeps its
 * "X-induced D".
 */
const TREATING =
  "(?:treat|prevent|manage|control|relieve|reverse|alleviate|suppress|abort|terminate)|(?:treat|prevent|manag|controll|reliev|revers|alleviat|suppress|abort|terminat)ing";
const TREATMENT = "(?:treatment|management|prevention|prophylaxis|therapy|control|relief|reversal)";
const AGENT_TREATS_DISEASE = new RegExp(
  `(?:\\b(?:to|in|for)\\s+(?:${TREATING})|\\b(?:for|in)\\s+(?:the\\s+)?${TREATMENT}\\s+of)\\s+(?:[\\w-]+\\s+){0,2}$`,
  "i",
);
const TREATMENT_OF_DISEASE = new RegExp(`\\b(?:${TREATMENT}\\s+(?:of|for)|treating)\\s+(?:[\\w-]+\\s+){0,2}$`, "i");
const WITH_AGENT = /^\s*(?:[\w-]+\s+){0,3}?(?:with|by|using)\s+(?:[\w-]+\s+){0,2}$/i;
const TREATED_WITH_AGENT =
  /^\s*(?:(?:was|were|is|are|has been|have been|had been)\s+)?(?:\w+ly\s+)?(?:treated|managed|controlled|prevented|reversed|relieved|alleviated|suppressed|aborted|terminated|abolished)\s+(?:[\w-]+\s+){0,2}?(?:with|by)\s+(?:[\w-]+\s+){0,2}$/i;
const CLAUSE_BREAK = /[;:]|\b(?:but|however|whereas|while|although|though)\b/i;
const MUTATION =
  /\b(?:mutation\w*|variant\w*|polymorphism\w*|deletion\w*|allele\w*|genotype\w*|carrier\w*|deficien\w*|loss)\b/i;

export function readCandidate(c: PairCandidate): CandidateReading {
  const allowed: TriggeredRelation[] = RELATIONS_FOR_PAIR[c.kind] ?? ["associated_with"];
  const trigger = findTrigger(c.between, c.around, allowed);
  const headFirst = c.head.start < c.tail.start;
  const compound = headFirst ? AGENT_COMPOUND.test(c.between) : AGENT_AFTER_DISEASE.test(c.between);
  const negation = compound ? agentPhraseNegation(c) : negationCue(c.clause);
  const speculation = speculationCue(c.clause);
  const negated = negation !== null;
  const speculative = speculation !== null;
  const words = c.between.trim() === "" ? 0 : c.between.trim().split(/\s+/).length;
  const f: Features = {
    [`kind:${c.kind}`]: 1,
    head_first: headFirst ? 1 : 0,
    log_words_between: Math.log1p(words),
    adjacent: words <= 2 ? 1 : 0,
    log_entities_between: Math.log1p(c.entityOffsetsBetween.length),
    title: c.inTitle ? 1 : 0,
    negated: negated ? 1 : 0,
    speculative: speculative ? 1 : 0,
    parenthesis_between: /[()]/.test(c.between) ? 1 : 0,
  };
  for (const relation of allowed) {
    if (TRIGGERS[relation].test(c.between.toLowerCase())) f[`between:${relation}`] = 1;
    else if (TRIGGERS[relation].test(c.around.toLowerCase())) f[`around:${relation}`] = 1;
  }
  if (trigger) f[`trigger:${trigger.relation}`] = 1;
  if (c.kind === "chemical-disease") {
    if (headFirst && CAUSE_ADJACENT.test(c.between)) f.pattern_agent_induced = 1;
    if (!headFirst && BY_AGENT.test(c.between)) f.pattern_induced_by_agent = 1;
    const agentTreats = agentTreatsDisease(c, headFirst);
    // "treatment of D with C" is no "D with C".
    if (!headFirst && !agentTreats && AFTER_AGENT.test(c.between)) f.pattern_after_agent = 1;
    if (PATIENTS_TAKING.test(c.between) || PATIENTS_TAKING.test(c.around)) f.pattern_patients_taking = 1;
    if (headFirst && TOXICITY_OF.test(c.between)) f.pattern_agent_toxicity = 1;
    if (TREAT_PATTERN.test(c.between)) f.pattern_treatment = 1;
    if (agentTreats) f.pattern_agent_treats = 1;
  }
  if (c.kind === "gene-disease" && (MUTATION.test(c.between) || MUTATION.test(c.around))) f.pattern_mutation = 1;
  return { features: f, trigger, negated, speculative, negationCue: negation, speculationCue: speculation };
}

/**
 * The negation of an agent-induced noun phrase: a cue that modifies the phrase ("no cocaine-induced seizures") or a
 * predicate that denies it ("seizures induced by cocaine were not observed"); a negated verb that governs the phrase
 * does not deny its relation ("failed to affect hyperactivity induced by amphetamine").
 */
function agentPhraseNegation(c: PairCandidate): string | null {
  const phrase = phraseNegationCue(c.leading);
  if (phrase) return phrase;
  const trailing = c.around.slice(c.around.lastIndexOf(" … ") + 3);
  return DENYING_PREDICATE.exec(trailing)?.[0].trim().toLowerCase() ?? null;
}

function agentTreatsDisease(c: PairCandidate, headFirst: boolean): boolean {
  if (CLAUSE_BREAK.test(c.between)) return false;
  if (!headFirst)
    return (
      c.entityOffsetsBetween.length === 0 &&
      ((TREATMENT_OF_DISEASE.test(c.leading) && WITH_AGENT.test(c.between)) || TREATED_WITH_AGENT.test(c.between))
    );
  // Another mention may name what the disease is induced by ("C to prevent X-induced D"), not the agent.
  const treating = AGENT_TREATS_DISEASE.exec(c.between);
  return treating !== null && c.entityOffsetsBetween.every((offset) => offset >= treating.index);
}
