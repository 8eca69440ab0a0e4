import type { Dictionary } from "./ner/dictionary";
import { tagMentions } from "./ner/tag-document";
import { buildPassages, type PassageOptions } from "./passages";
import { sentenceCandidates, type PairCandidate } from "./relations/candidates";
import { documentConfidences, pairConfidence, type ConfidenceModel } from "./relations/confidence";
import { CONFIDENCE_MODEL } from "./relations/confidence-weights";
import { sentenceEvidence, type SentenceEvidence } from "./relations/evidence-model";
import type { LogisticModel } from "./relations/logistic";
import { splitSentences } from "./sentences";
import type { EntityRef, LiteratureDocument, Mention, Passage, Triple } from "./types";

export interface ExtractOptions {
  passages?: PassageOptions;
  /** Triples below this evidence score are left out (default 0: keep every candidate, let the caller filter). */
  minEvidence?: number;
  /** Evidence model override (default: the committed BioRED-fitted weights). */
  evidenceModel?: LogisticModel;
  /** Confidence model override (default: the committed one, relations/confidence-weights.ts). */
  confidenceModel?: ConfidenceModel;
}

export interface Extraction {
  passages: Passage[];
  mentions: Mention[];
  triples: Triple[];
}

export const EXTRACTION_METHOD =
  "sieve-dictionary-ner+trigger-rules+logistic-evidence+calibrated-document-confidence/2";

/**
 * The one call ingestion makes per document: sentences and passages with offsets, dictionary NER
 * with abbreviation propagation, and one triple per (head, relation, tail) and document. A triple's
 * head is the chemical (chemical–disease, chemical–gene) or the gene (gene–disease); relation type
 * from the nearest trigger (associated_with when none), polarity from NegEx-style cues, evidence
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
  const documentLevel = documentConfidences(confidenceModel, { text: doc.text, sentences, mentions });
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
  triples.sort((a, b) => b.confidence - a.confidence || a.sentence.start - b.sentence.start);
  return { passages, mentions, triples };
}

function entityRef(m: Mention): EntityRef {
  return { name: m.name, type: m.type, id: m.id, xrefs: m.xrefs };
}
