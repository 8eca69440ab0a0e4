import type { Mention } from "../types";
import type { PairKind } from "./candidates";
import { documentPairs, type DocumentInput, type DocumentPairOptions } from "./document-relations";
import { fitLogistic, predictLogistic, type Features, type LogisticModel } from "./logistic";
import { buildPriors, priorFeatures, type PriorDocument, type RelationPriors } from "./priors";

/** A training document: its text, sentences and (gold) mentions, and its gold pairs `head\ttail`. */
export interface LabelledDocument extends DocumentInput {
  gold: Set<string>;
}

/**
 * Document-level relation classifier (e.g. CDR chemical-induced disease, BioRED gene–disease) over
 * entities keyed by `corpusKey` (NCBI Gene ids for genes, MeSH ids otherwise):
 * logistic regression over `documentPairs` features plus training-split priors. The decision
 * threshold is the one that maximises F1 over 5-fold cross-validated predictions on the training
 * documents (folds by document position, deterministic); the final model is then fitted on all of them.
 */
export interface DocumentRelationModel {
  kind: PairKind;
  model: LogisticModel;
  priors: RelationPriors | null;
  /** External knowledge features (e.g. known indications, knowledge.ts), if any. */
  knowledge: ((head: string, tail: string) => Features) | null;
  pairOptions: DocumentPairOptions;
  threshold: number;
  /** F1 of the cross-validated predictions at `threshold` (training split). */
  cvF1: number;
}

export interface DocumentModelOptions {
  usePriors?: boolean;
  l2?: number;
  folds?: number;
  knowledge?: (head: string, tail: string) => Features;
  /** Disease hierarchy for the `tail_has_descendant` feature (knowledge.ts meshAncestors). */
  ancestors?: Map<string, Set<string>>;
}

export function fitDocumentRelationModel(
  train: LabelledDocument[],
  kind: PairKind,
  options: DocumentModelOptions = {},
): DocumentRelationModel {
  const keyOf = corpusKey;
  const usePriors = options.usePriors ?? true;
  const folds = options.folds ?? 5;
  const pairOptions: DocumentPairOptions = options.ancestors ? { ancestors: options.ancestors } : {};
  const prepared = train.map((d) => ({
    pairs: documentPairs(d, kind, keyOf, pairOptions),
    gold: d.gold,
    prior: priorDocument(d, kind, keyOf),
  }));
  const knowledge = options.knowledge ?? null;
  const examples = (docs: typeof prepared, priors: RelationPriors | null, leaveOut: boolean) =>
    docs.flatMap((d) =>
      d.pairs.map((p) => ({
        x: {
          ...p.features,
          ...(priors ? priorFeatures(priors, p.head, p.tail, leaveOut ? d.prior : undefined) : {}),
          ...(knowledge ? knowledge(p.head, p.tail) : {}),
        },
        y: d.gold.has(`${p.head}\t${p.tail}`) ? 1 : 0,
      })),
    );

  // Cross-validated scores, to choose the threshold without looking at held-out labels.
  const scored: { score: number; y: number }[] = [];
  let goldTotal = 0;
  for (let f = 0; f < folds; f++) {
    const fit = prepared.filter((_, i) => i % folds !== f);
    const held = prepared.filter((_, i) => i % folds === f);
    const priors = usePriors ? buildPriors(fit.map((d) => d.prior)) : null;
    const model = fitLogistic(examples(fit, priors, true), { l2: options.l2 ?? 1 });
    for (const e of examples(held, priors, false)) scored.push({ score: predictLogistic(model, e.x), y: e.y });
    goldTotal += held.reduce((n, d) => n + d.gold.size, 0);
  }
  const { threshold, f1 } = bestThreshold(scored, goldTotal);
  const priors = usePriors ? buildPriors(prepared.map((d) => d.prior)) : null;
  const model = fitLogistic(examples(prepared, priors, true), { l2: options.l2 ?? 1 });
  return { kind, model, priors, knowledge, pairOptions, threshold, cvF1: f1 };
}

export interface ScoredPair {
  head: string;
  tail: string;
  score: number;
  sentences: number;
}

/** Scores every document-level pair; those with `score >= model.threshold` are the predicted relations. */
export function scoreDocumentPairs(model: DocumentRelationModel, doc: DocumentInput): ScoredPair[] {
  return documentPairs(doc, model.kind, corpusKey, model.pairOptions).map((p) => ({
    head: p.head,
    tail: p.tail,
    sentences: p.sentences,
    score: predictLogistic(model.model, {
      ...p.features,
      ...(model.priors ? priorFeatures(model.priors, p.head, p.tail) : {}),
      ...(model.knowledge ? model.knowledge(p.head, p.tail) : {}),
    }),
  }));
}

export function predictDocumentRelations(model: DocumentRelationModel, doc: DocumentInput): ScoredPair[] {
  return scoreDocumentPairs(model, doc).filter((p) => p.score >= model.threshold);
}

/** The id corpora normalise to: NCBI Gene for genes (BioRED), MeSH for chemicals and diseases (CDR, BioRED). */
export function corpusKey(m: Mention): string | null {
  return (m.type === "gene" ? m.xrefs.ncbigene : m.xrefs.mesh) ?? null;
}

function priorDocument(d: LabelledDocument, kind: PairKind, keyOf: (m: Mention) => string | null): PriorDocument {
  const [headType, tailType] = kind.split("-");
  const keys = (type: string | undefined) =>
    new Set(
      d.mentions
        .filter((m) => m.type === type)
        .map(keyOf)
        .filter((k): k is string => k !== null),
    );
  return { heads: keys(headType), tails: keys(tailType), gold: d.gold };
}

/** The threshold maximising F1 when every score ≥ threshold is predicted; gold pairs never proposed count as misses. */
export function bestThreshold(
  scored: { score: number; y: number }[],
  goldTotal: number,
): { threshold: number; f1: number } {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  let tp = 0;
  let best = { threshold: 0.5, f1: 0 };
  for (let i = 0; i < sorted.length; i++) {
    tp += sorted[i]!.y;
    const f1 = (2 * tp) / (i + 1 + goldTotal);
    const next = sorted[i + 1]?.score ?? -Infinity;
    if (f1 > best.f1 && next < sorted[i]!.score) best = { threshold: sorted[i]!.score, f1 };
  }
  return best;
}

/**
 * A threshold written with three decimals, rounded down: rounded to the nearest, the F1-maximising threshold 0.3047
 * would become 0.305 and drop the very pairs it was chosen at.
 */
export function thresholdToThreeDecimals(threshold: number): number {
  return Math.floor(threshold * 1000 + 1e-9) / 1000;
}
