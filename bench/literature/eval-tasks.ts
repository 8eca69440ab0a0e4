import {
  bestThreshold,
  buildDictionary,
  corpusKey,
  fitDocumentRelationModel,
  goldMentions,
  predictDocumentRelations,
  scoreDocumentPairs,
  splitSentences,
  tagMentions,
  type Dictionary,
  type DictionaryOptions,
  type DocumentModelOptions,
  type DocumentRelationModel,
  type EntityType,
  type LabelledDocument,
  type Mention,
  type PubTatorDocument,
  type ReferenceData,
  type TrainingCorpus,
} from "@sieve/literature";
import { prf, SetScorer, type Prf } from "./metrics";

/** A corpus document with its sentences, gold mentions and the mentions Sieve extracts. */
export interface PreparedDocument {
  doc: PubTatorDocument;
  sentences: ReturnType<typeof splitSentences>;
  gold: Mention[];
  predicted: Mention[];
}

export function prepare(docs: PubTatorDocument[], dict: Dictionary | null): PreparedDocument[] {
  return docs.map((doc) => {
    const sentences = splitSentences(doc.text);
    return { doc, sentences, gold: goldMentions(doc), predicted: dict ? tagMentions(doc.text, dict, sentences) : [] };
  });
}

/**
 * Training documents with realistic extracted mentions: each fold is tagged with a dictionary mined
 * from the other folds only (5-fold jackknife), so a relation model fitted on them sees the NER
 * errors it will meet on new text rather than the near-perfect tagging of names mined from the
 * very same documents.
 */
export function crossFitted(
  docs: PubTatorDocument[],
  reference: ReferenceData,
  types: EntityType[],
  options: DictionaryOptions = {},
  extra: TrainingCorpus[] = [],
  folds = 5,
): PreparedDocument[] {
  const out = prepare(docs, null);
  for (let f = 0; f < folds; f++) {
    const held = docs.filter((_, i) => i % folds === f);
    const corpora = [
      { documents: docs.filter((_, i) => i % folds !== f), types },
      ...extra.map((c) => ({ ...c, documents: excluding(c.documents, held) })),
    ];
    const dict = buildDictionary(reference, { ...options, corpora });
    out.forEach((d, i) => {
      if (i % folds === f) d.predicted = tagMentions(d.doc.text, dict, d.sentences);
    });
  }
  return out;
}

/**
 * `docs` without the documents (same PubMed id) of `evaluated`: the corpora share abstracts (BioRED train holds 44 CDR
 * dev documents).
 */
export function excluding(docs: PubTatorDocument[], evaluated: PubTatorDocument[]): PubTatorDocument[] {
  const ids = new Set(evaluated.map((d) => d.pmid));
  return docs.filter((d) => !ids.has(d.pmid));
}

/**
 * Mention-level NER: a predicted mention is correct when its span and type equal a gold mention's
 * (strict boundaries, as the BioCreative V CDR DNER and BioRED NER evaluations); with `normalised`
 * its id (NCBI Gene for genes, MeSH otherwise) must also be one of the gold mention's ids. With
 * `scope`, only gold mentions having an id it accepts are scored: predictions at the other gold
 * spans count neither way, predictions elsewhere are still false positives.
 */
export function nerScore(
  docs: PreparedDocument[],
  type: EntityType,
  normalised: boolean,
  scope?: (id: string) => boolean,
): Prf {
  const scorer = new SetScorer();
  for (const d of docs) {
    const key = (m: Mention) => `${m.start}:${m.end}` + (normalised ? `:${corpusKey(m) ?? "?"}` : "");
    // A gold composite mention with several ids is found when the prediction names any one of them.
    const goldSpans = new Map<string, Set<string>>();
    for (const m of d.gold.filter((g) => g.type === type)) {
      const span = `${m.start}:${m.end}`;
      const ids = goldSpans.get(span) ?? new Set<string>();
      ids.add(corpusKey(m) ?? "?");
      goldSpans.set(span, ids);
    }
    const outOfScope = new Set(
      [...goldSpans].filter(([, ids]) => scope && ![...ids].some(scope)).map(([span]) => span),
    );
    const gold = new Set<string>();
    const predicted = new Set<string>();
    for (const m of d.predicted.filter((p) => p.type === type)) {
      const span = `${m.start}:${m.end}`;
      if (outOfScope.has(span)) continue;
      const ids = goldSpans.get(span);
      if (ids && (!normalised || ids.has(corpusKey(m) ?? "!"))) predicted.add(span);
      else predicted.add(key(m) + ":wrong");
    }
    for (const span of goldSpans.keys()) if (!outOfScope.has(span)) gold.add(span);
    scorer.add(predicted, gold);
  }
  return scorer.result();
}

/**
 * The best any tagger could score when it finds and normalises exactly the gold mentions whose id
 * `known` accepts (an id from the reference data or the training split) and nothing else: ids it has
 * never seen, it cannot name.
 */
export function nerCeiling(docs: PreparedDocument[], type: EntityType, known: (id: string) => boolean): Prf {
  let reachable = 0;
  let total = 0;
  for (const d of docs) {
    const spans = new Map<string, boolean>();
    for (const m of d.gold.filter((g) => g.type === type)) {
      const span = `${m.start}:${m.end}`;
      spans.set(span, (spans.get(span) ?? false) || known(corpusKey(m) ?? ""));
    }
    total += spans.size;
    for (const ok of spans.values()) if (ok) reachable++;
  }
  return prf(reachable, 0, total - reachable);
}

/** End-to-end relation recall bound: gold pairs both of whose ids the extracted mentions of the document name. */
export function relationCeiling(docs: PreparedDocument[], kind: "chemical-disease" | "gene-disease"): Prf {
  let found = 0;
  let total = 0;
  for (const d of docs) {
    const named = new Set(d.predicted.map(corpusKey));
    for (const pair of goldPairs(d, kind)) {
      total++;
      if (pair.split("\t").every((id) => named.has(id))) found++;
    }
  }
  return prf(found, 0, total - found);
}

/** Document-level normalised entity sets (the BC5CDR DNER measure): ids found anywhere in the document. */
export function documentIdScore(docs: PreparedDocument[], type: EntityType): Prf {
  const scorer = new SetScorer();
  for (const d of docs) {
    const ids = (ms: Mention[]) =>
      ms
        .filter((m) => m.type === type)
        .map(corpusKey)
        .filter((k): k is string => k !== null);
    scorer.add(ids(d.predicted), ids(d.gold));
  }
  return scorer.result();
}

/**
 * Gold document-level pairs of a kind (`head\ttail`): CDR CID relations, or BioRED relations between a gene and a
 * disease.
 */
export function goldPairs(d: PreparedDocument, kind: "chemical-disease" | "gene-disease"): Set<string> {
  const typeOf = new Map<string, EntityType>();
  for (const m of d.gold) typeOf.set(corpusKey(m)!, m.type);
  const [headType, tailType] = kind.split("-") as [EntityType, EntityType];
  const out = new Set<string>();
  for (const r of d.doc.relations) {
    if (kind === "chemical-disease" && r.type !== "CID" && d.doc.relations.some((x) => x.type === "CID")) continue;
    const a = typeOf.get(r.id1);
    const b = typeOf.get(r.id2);
    if (a === headType && b === tailType) out.add(`${r.id1}\t${r.id2}`);
    else if (b === headType && a === tailType) out.add(`${r.id2}\t${r.id1}`);
  }
  return out;
}

export function labelled(
  docs: PreparedDocument[],
  kind: "chemical-disease" | "gene-disease",
  mentions: "gold" | "predicted" = "gold",
): LabelledDocument[] {
  return docs.map((d) => ({
    text: d.doc.text,
    sentences: d.sentences,
    mentions: mentions === "gold" ? d.gold : d.predicted,
    gold: goldPairs(d, kind),
  }));
}

/**
 * A document-level relation model fitted on the training split's gold mentions, or on its cross-fitted extracted
 * mentions.
 */
export function fitRelations(
  train: PreparedDocument[],
  kind: "chemical-disease" | "gene-disease",
  mentions: "gold" | "predicted" = "gold",
  options: DocumentModelOptions = {},
): DocumentRelationModel {
  return fitDocumentRelationModel(labelled(train, kind, mentions), kind, options);
}

/**
 * Chooses, on the training split only, how the end-to-end relation model is fitted: on gold
 * mentions or on cross-fitted extracted mentions. Both are scored by 5-fold cross-validation on the
 * training documents' extracted mentions; the higher F1 wins. The decision threshold for extracted
 * mentions comes from the same cross-validated scores: a model fitted on gold mentions scores the
 * noisier extracted pairs lower, so its own gold-mention threshold would cut too many of them.
 */
export function chooseEndToEndFit(
  train: PreparedDocument[],
  kind: "chemical-disease" | "gene-disease",
  options: DocumentModelOptions = {},
): {
  choice: "gold" | "predicted";
  cv: Record<"gold" | "predicted", number>;
  threshold: Record<"gold" | "predicted", number>;
} {
  const folds = 5;
  const extracted = labelled(train, kind, "predicted");
  const goldTotal = extracted.reduce((n, d) => n + d.gold.size, 0);
  const fitted = (["gold", "predicted"] as const).map((source) => {
    const docs = labelled(train, kind, source);
    const scored: { score: number; y: number }[] = [];
    for (let f = 0; f < folds; f++) {
      const model = fitDocumentRelationModel(
        docs.filter((_, i) => i % folds !== f),
        kind,
        options,
      );
      extracted.forEach((d, i) => {
        if (i % folds === f)
          for (const p of scoreDocumentPairs(model, d))
            scored.push({ score: p.score, y: d.gold.has(`${p.head}\t${p.tail}`) ? 1 : 0 });
      });
    }
    return bestThreshold(scored, goldTotal);
  });
  const [gold, predicted] = fitted as [{ threshold: number; f1: number }, { threshold: number; f1: number }];
  return {
    choice: gold.f1 >= predicted.f1 ? "gold" : "predicted",
    cv: { gold: gold.f1, predicted: predicted.f1 },
    threshold: { gold: gold.threshold, predicted: predicted.threshold },
  };
}

/** Document-level relation P/R/F1 with gold or with extracted mentions. */
export function relationScore(
  model: DocumentRelationModel,
  docs: PreparedDocument[],
  mentions: "gold" | "predicted",
): Prf {
  const scorer = new SetScorer();
  for (const d of docs) {
    const input = { text: d.doc.text, sentences: d.sentences, mentions: mentions === "gold" ? d.gold : d.predicted };
    scorer.add(
      predictDocumentRelations(model, input).map((p) => `${p.head}\t${p.tail}`),
      goldPairs(d, model.kind as "chemical-disease" | "gene-disease"),
    );
  }
  return scorer.result();
}

/** The same-sentence co-occurrence baseline the issue quotes (about 0.44 on CDR with gold entities). */
export function cooccurrenceScore(
  model: DocumentRelationModel,
  docs: PreparedDocument[],
  mentions: "gold" | "predicted",
): Prf {
  const scorer = new SetScorer();
  for (const d of docs) {
    const input = { text: d.doc.text, sentences: d.sentences, mentions: mentions === "gold" ? d.gold : d.predicted };
    scorer.add(
      scoreDocumentPairs(model, input)
        .filter((p) => p.sentences > 0)
        .map((p) => `${p.head}\t${p.tail}`),
      goldPairs(d, model.kind as "chemical-disease" | "gene-disease"),
    );
  }
  return scorer.result();
}

export { prf };
