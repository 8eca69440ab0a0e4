import type { Dictionary } from "./ner/dictionary";
import { tagMentions } from "./ner/tag-document";
import { buildPassages, type PassageOptions } from "./passages";
import { sentenceCandidates, type PairCandidate } from "./relations/candidates";
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
}

export interface Extraction {
  passages: Passage[];
  mentions: Mention[];
  triples: Triple[];
}

export const EXTRACTION_METHOD = "sieve-dictionary-ner+trigger-rules+logistic-evidence/1";

/**
 * The one call ingestion makes per document: sentences and passages with offsets, dictionary NER
 * with abbreviation propagation, and one triple per related entity pair and sentence. A triple's
 * head is the chemical (chemical–disease, chemical–gene) or the gene (gene–disease); relation type
 * from the nearest trigger (associated_with when none), polarity from NegEx-style cues, evidence
 * score from the calibrated sentence model. `tri_id` is deterministic:
 * `<source>:<external_id>:s<sentence>:<head id>><tail id>`.
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
  // One triple per entity pair and sentence: the mention pair with the strongest evidence speaks for it.
  const best = new Map<string, { c: PairCandidate; e: SentenceEvidence }>();
  for (const c of sentenceCandidates(doc.text, sentences, mentions)) {
    const e = sentenceEvidence(c, options.evidenceModel);
    const key = `s${c.sentence.index}:${c.head.id}>${c.tail.id}`;
    const prior = best.get(key);
    if (!prior || e.evidence_score > prior.e.evidence_score) best.set(key, { c, e });
  }
  const triples: Triple[] = [];
  for (const [key, { c, e }] of best) {
    if (e.evidence_score < minEvidence) continue;
    triples.push({
      tri_id: `${documentKey}:${key}`,
      head: entityRef(c.head),
      relation: e.relation,
      tail: entityRef(c.tail),
      polarity: e.polarity,
      evidence_score: e.evidence_score,
      passage_id: passageOf.get(c.sentence.index)!,
      sentence: c.sentence,
      trigger: e.trigger,
      method: EXTRACTION_METHOD,
      provenance: "extracted",
    });
  }
  return { passages, mentions, triples };
}

function entityRef(m: Mention): EntityRef {
  return { name: m.name, type: m.type, id: m.id, xrefs: m.xrefs };
}
