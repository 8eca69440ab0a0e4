import type { Mention } from "../types";
import type { PairKind } from "./candidates";
import { documentPairs, type DocumentInput } from "./document-relations";
import { corpusKey, type DocumentModelOptions } from "./document-model";
import { calibrate, type CalibrationTable } from "./isotonic";
import { knownPairFeatures } from "./knowledge";
import { predictLogistic, type LogisticModel } from "./logistic";
import { priorFeatures, type RelationPriors } from "./priors";

/**
 * What `confidence` on a triple means: the probability that the document states a true relation
 * between its head and tail. For chemical→disease pairs it is the probability of a
 * chemical-induced disease (the BioCreative V CDR relation), for gene→disease pairs of any BioRED
 * gene–disease relation: the document-level relation model (document-model.ts) over the document's
 * extracted mentions, mapped through an isotonic calibration table fitted on out-of-fold scores of
 * the training split. Other pairs (chemical–gene, gene–gene, or entities without a MeSH or NCBI
 * Gene id) take the sentence evidence score through the isotonic table of their own pair kind, fitted
 * on that kind's sentence pairs of the training split (chemical–disease on CDR train, the others on
 * BioRED train): a table of mechanism pairs would not say how often a gene–disease sentence holds a
 * true relation. The committed model (confidence-model.json) is written by
 * bench/literature/fit-confidence.ts.
 */
export interface PairConfidenceModel {
  kind: Extract<PairKind, "chemical-disease" | "gene-disease">;
  /** Fitted with the reference knowledge features (`PairKnowledge`): then scoring reads them too. */
  knowledge: boolean;
  model: LogisticModel;
  priors: SerializedPriors;
  calibration: CalibrationTable;
}

export interface ConfidenceModel {
  pairs: PairConfidenceModel[];
  /** Isotonic table per pair kind for the sentence evidence score of the pairs the document model does not cover. */
  sentence: Record<PairKind, CalibrationTable>;
  /**
   * The API's default `min_confidence` per pair kind: the threshold maximising F1 on the development
   * split (chemical-induced disease on CDR dev; the other kinds on BioRED dev).
   */
  defaultMinConfidence: Record<PairKind, number>;
}

export type SerializedPriors = { [K in keyof RelationPriors]: Record<string, number> };

export function serializePriors(p: RelationPriors): SerializedPriors {
  const plain = (m: Map<string, number>) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    headDocs: plain(p.headDocs),
    headRelated: plain(p.headRelated),
    tailDocs: plain(p.tailDocs),
    tailRelated: plain(p.tailRelated),
    pairs: plain(p.pairs),
  };
}

function restorePriors(p: SerializedPriors): RelationPriors {
  const map = (r: Record<string, number>) => new Map(Object.entries(r));
  return {
    headDocs: map(p.headDocs),
    headRelated: map(p.headRelated),
    tailDocs: map(p.tailDocs),
    tailRelated: map(p.tailRelated),
    pairs: map(p.pairs),
  };
}

const restored = new WeakMap<SerializedPriors, RelationPriors>();

/**
 * Reference knowledge a document-level model may read (knowledge.ts `referenceKnowledge`): DrugCentral's approved
 * indications as known treatments (`chemical MeSH\tdisease MeSH`), and the MeSH ancestors of each disease along
 * the Disease Ontology (CDR relates the most specific disease a document names). Fitting and scoring read it through
 * `knowledgeOptions`, so both see the same features; scoring without it reads them as 0.
 */
export interface PairKnowledge {
  indications: Set<string>;
  ancestors: Map<string, Set<string>>;
}

export function knowledgeOptions(
  knowledge: PairKnowledge,
): Required<Pick<DocumentModelOptions, "knowledge" | "ancestors">> {
  return { knowledge: knownPairFeatures(knowledge.indications, "known_indication"), ancestors: knowledge.ancestors };
}

/** Raw (uncalibrated) document-level scores of one pair kind, keyed `head\ttail` by corpus ids. */
export function rawPairScores(
  model: PairConfidenceModel,
  doc: DocumentInput,
  knowledge?: PairKnowledge,
): Map<string, number> {
  let priors = restored.get(model.priors);
  if (!priors) restored.set(model.priors, (priors = restorePriors(model.priors)));
  const options = model.knowledge && knowledge ? knowledgeOptions(knowledge) : null;
  const out = new Map<string, number>();
  for (const p of documentPairs(doc, model.kind, corpusKey, options ? { ancestors: options.ancestors } : {}))
    out.set(
      `${p.head}\t${p.tail}`,
      predictLogistic(model.model, {
        ...p.features,
        ...priorFeatures(priors, p.head, p.tail),
        ...(options ? options.knowledge(p.head, p.tail) : {}),
      }),
    );
  return out;
}

/** Calibrated confidence of every document-level pair the model covers, keyed `kind\thead\ttail` (corpus ids). */
export function documentConfidences(
  model: ConfidenceModel,
  doc: DocumentInput,
  knowledge?: PairKnowledge,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of model.pairs)
    for (const [key, score] of rawPairScores(m, doc, knowledge))
      out.set(`${m.kind}\t${key}`, calibrate(m.calibration, score));
  return out;
}

/** The confidence of a head–tail pair: the document-level one when the model covers it, else the sentence one. */
export function pairConfidence(
  model: ConfidenceModel,
  documentLevel: Map<string, number>,
  kind: PairKind,
  head: Mention,
  tail: Mention,
  bestEvidence: number,
): { confidence: number; basis: "document" | "sentence" } {
  const h = corpusKey(head);
  const t = corpusKey(tail);
  const fromDocument = h && t ? documentLevel.get(`${kind}\t${h}\t${t}`) : undefined;
  return fromDocument !== undefined
    ? { confidence: fromDocument, basis: "document" }
    : { confidence: calibrate(model.sentence[kind], bestEvidence), basis: "sentence" };
}
