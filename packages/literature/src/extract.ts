import type { Dictionary } from "./ner/dictionary";
import { tagMentions } from "./ner/tag-document";
import { buildPassages, type PassageOptions } from "./passages";
import { sentenceCandidates, type PairCandidate } from "./relations/candidates";
import { documentConfidences, pairConfidence, type ConfidenceModel, type PairKnowledge } from "./relations/confidence";
import { CONFIDENCE_MODEL } from "./relations/confidence-weights";
import { sentenceEvidence, type SentenceEvidence } from "./relations/evidence-model";
import type { LogisticModel } from "./relations/logistic";
import { splitSentences } from "./sentences";
import { corpusKey } from "./relations/document-model";
import { negationCue, polarityOf } from "./relations/cues";
import type { EntityRef, EntityType, LiteratureDocument, Mention, Passage, Sentence, Triple } from "./types";

export interface ExtractOptions {
  passages?: PassageOptions;
  /** Triples below this evidence score are left out (default 0: keep every candidate, let the caller filter). */
  minEvidence?: number;
  /** Evidence model override (default: the committed BioRED-fitted weights). */
  evidenceModel?: LogisticModel;
  /** Confidence model override (default: the committed one, relations/confidence-weights.ts). */
  confidenceModel?: ConfidenceModel;
  /**
   * Reference knowledge the confidence model reads (known treatments, disease hierarchy: relations/knowledge.ts
   * `referenceKnowledge`); without it those features read 0.
   */
  knowledge?: PairKnowledge;
}

export interface Extraction {
  passages: Passage[];
  mentions: Mention[];
  triples: Triple[];
}

export const EXTRACTION_METHOD =
  "sieve-dictionary-ner+trigger-rules+logistic-evidence+calibrated-document-confidence/3";

/**
 * The one call ingestion makes per document: sentences and passages with offsets, dictionary NER
 * with abbreviation propagation, and one triple per (head, relation, tail) and document. A triple's
 * head is the chemical (chemical–disease, chemical–gene) or the gene (gene–disease); relation type
 * from the nearest trigger (associated_with when none), polarity from NegEx-style negation cues, evidence
 * score from the sentence model; the triple keeps its best sentence (highest evidence) and counts
 * the sentences that state it. `confidence` is the calibrated probability of the relation
 * (relations/confidence.ts), the same for every relation type of one entity pair when it comes
 * from the document-level model. `tri_id` is deterministic:
 * `<source>:<external_id>:<head id>><relation>><tail id>`.
 */
export function extractDocument(
  doc: Pick<LiteratureDocument, "source" | "external_id" | "text">,
  dictionary: Dictionary,
  options: ExtractOptions = {},
): Extraction {
  const documentKey = `${doc.source}:${doc.external_id}`;
  const sentences = splitSentences(doc.text);
  const passages = buildPassages(documentKey, doc.text, options.passages, sentences);
  const passageOf = new Map<number, string>();
  for (const p of passages) for (const s of p.sentences) passageOf.set(s.index, p.passage_id);
  const mentions = tagMentions(doc.text, dictionary, sentences);
  const minEvidence = options.minEvidence ?? 0;
  const confidenceModel = options.confidenceModel ?? CONFIDENCE_MODEL;
  const documentLevel = documentConfidences(
    confidenceModel,
    { text: doc.text, sentences, mentions },
    options.knowledge,
  );
  // One triple per (head, relation, tail): the sentence with the strongest evidence speaks for it.
  const best = new Map<string, { c: PairCandidate; e: SentenceEvidence; sentences: Set<number> }>();
  for (const c of sentenceCandidates(doc.text, sentences, mentions)) {
    const e = sentenceEvidence(c, options.evidenceModel);
    const key = `${c.head.id}>${e.relation}>${c.tail.id}`;
    const prior = best.get(key);
    if (!prior) best.set(key, { c, e, sentences: new Set([c.sentence.index]) });
    else {
      prior.sentences.add(c.sentence.index);
      if (e.evidence_score > prior.e.evidence_score) Object.assign(prior, { c, e });
    }
  }
  const triples: Triple[] = [];
  for (const [key, { c, e, sentences: supporting }] of best) {
    if (e.evidence_score < minEvidence) continue;
    const { confidence } = pairConfidence(confidenceModel, documentLevel, c.kind, c.head, c.tail, e.evidence_score);
    triples.push({
      tri_id: `${documentKey}:${key}`,
      head: entityRef(c.head),
      relation: e.relation,
      tail: entityRef(c.tail),
      polarity: e.polarity,
      evidence_score: e.evidence_score,
      confidence,
      supporting_sentences: supporting.size,
      passage_id: passageOf.get(c.sentence.index)!,
      sentence: c.sentence,
      trigger: e.trigger,
      method: EXTRACTION_METHOD,
      provenance: "extracted",
      attributes: { negation_cue: e.reading.negationCue, speculation_cue: e.reading.speculationCue },
    });
  }
  // Every pair some sentence names, whether or not its evidence passed `minEvidence`: only the others are the
  // document model's alone.
  const stated = new Set(
    [...best.values()].map(({ c }) => `${c.head.type}-${c.tail.type}\t${corpusKey(c.head)}\t${corpusKey(c.tail)}`),
  );
  triples.push(...documentLevelTriples(documentKey, doc.text, sentences, mentions, documentLevel, stated, passageOf));
  triples.sort((a, b) => b.confidence - a.confidence || a.sentence.start - b.sentence.start);
  return { passages, mentions, triples };
}

/**
 * Triples for the pairs the document-level model scores but no sentence names together: about a third of
 * CDR's chemical-induced diseases are stated across sentences ("Lidocaine was given. Seizures followed.").
 * Relation `associated_with` (no trigger), `supporting_sentences` 0, no evidence score (no sentence
 * states it), attribute `basis: "document"`; the sentence shown is the tail mention's sentence nearest
 * to a head mention, so the reader sees where the two meet. Their confidence is the same calibrated
 * document-level probability as for any other triple of the pair.
 */
function documentLevelTriples(
  documentKey: string,
  text: string,
  sentences: Sentence[],
  mentions: Mention[],
  documentLevel: Map<string, number>,
  stated: Set<string>,
  passageOf: Map<number, string>,
): Triple[] {
  const byKey = new Map<string, Mention[]>();
  for (const m of mentions) {
    const key = corpusKey(m);
    if (key !== null) byKey.set(`${m.type}\t${key}`, [...(byKey.get(`${m.type}\t${key}`) ?? []), m]);
  }
  const sentenceOf = (m: Mention) => sentences.find((s) => m.start >= s.start && m.start < s.end) ?? sentences[0]!;
  const out: Triple[] = [];
  for (const [pairKey, confidence] of documentLevel) {
    if (stated.has(pairKey)) continue;
    const [kind, headKey, tailKey] = pairKey.split("\t") as [string, string, string];
    const [headType, tailType] = kind.split("-") as [EntityType, EntityType];
    const heads = byKey.get(`${headType}\t${headKey}`);
    const tails = byKey.get(`${tailType}\t${tailKey}`);
    if (!heads || !tails) continue;
    let best = { head: heads[0]!, tail: tails[0]!, distance: Infinity };
    for (const head of heads)
      for (const tail of tails) {
        const distance = Math.abs(head.start - tail.start);
        if (distance < best.distance) best = { head, tail, distance };
      }
    const sentence = sentenceOf(best.tail);
    // Negative when every mention of the tail is negated in its own sentence ("No seizures occurred").
    const cues = tails.map((tail) => negationCue(text.slice(sentenceOf(tail).start, tail.end)));
    const negation = cues.every((cue) => cue !== null) ? cues[0]! : null;
    out.push({
      tri_id: `${documentKey}:${best.head.id}>associated_with>${best.tail.id}`,
      head: entityRef(best.head),
      relation: "associated_with",
      tail: entityRef(best.tail),
      polarity: polarityOf({ negated: negation !== null }),
      evidence_score: 0,
      confidence,
      supporting_sentences: 0,
      passage_id: passageOf.get(sentence.index)!,
      sentence,
      trigger: null,
      method: EXTRACTION_METHOD,
      provenance: "extracted",
      attributes: { basis: "document", negation_cue: negation, speculation_cue: null },
    });
  }
  return out;
}

function entityRef(m: Mention): EntityRef {
  return { name: m.name, type: m.type, id: m.id, xrefs: m.xrefs };
}
