import { writeFileSync } from "node:fs";
import {
  bestThreshold,
  thresholdToThreeDecimals,
  buildDictionary,
  CONFIDENCE_MODEL,
  calibrate,
  fitDocumentRelationModel,
  fitIsotonic,
  knowledgeOptions,
  referenceKnowledge,
  rawPairScores,
  reliability,
  sentenceCandidates,
  serializePriors,
  sentenceEvidence,
  corpusKey,
  type ConfidenceModel,
  type PairConfidenceModel,
  type PubTatorDocument,
} from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { readCorpus, loadServerReference, requireSharedData } from "./corpora";
import { crossFitted, goldPairs, labelled, prepare, type PreparedDocument } from "./eval-tasks";
import { prf } from "./metrics";

// Fits the calibrated `confidence` of triples (issue 23) on the training splits and writes
// packages/literature/src/relations/confidence-model.json; measures calibration (ECE, reliability
// table) and the default threshold on the development splits; writes bench/results/literature-confidence.*.
// Run: node --import tsx bench/literature/fit-confidence.ts [pair kind ...]
// Pair kinds named refit only those (their document model, sentence table and default threshold); the others keep the
// committed model's, so a change for one kind is not judged by another kind's refit noise. Default: every kind.
requireSharedData();
const FOLDS = 5;
const reference = loadServerReference();
const cdrTrainDocs = readCorpus("cdrTrain");
const bioredTrainDocs = readCorpus("bioredTrain");
const corpus = (docs: PubTatorDocument[], types: ("gene" | "chemical" | "disease")[]) => ({ documents: docs, types });
// The compute threads' dictionary (apps/worker literature.ts): names mined from both training splits.
const serverDictionary = buildDictionary(reference, {
  corpora: [corpus(cdrTrainDocs, ["chemical", "disease"]), corpus(bioredTrainDocs, ["gene", "chemical", "disease"])],
});
// The reference knowledge the compute threads give the chemical-induced disease model (packages/compute literature.ts).
const knowledge = referenceKnowledge(reference, serverDictionary);
// Training documents tagged as the server would tag unseen text: each fold by a dictionary mined from
// the other folds (and from the other training split without the fold's documents).
const cdrTrain = crossFitted(cdrTrainDocs, reference, ["chemical", "disease"], {}, [
  corpus(bioredTrainDocs, ["gene", "chemical", "disease"]),
]);
const bioredTrain = crossFitted(bioredTrainDocs, reference, ["gene", "chemical", "disease"], {}, [
  corpus(cdrTrainDocs, ["chemical", "disease"]),
]);
const cdrDev = prepare(readCorpus("cdrDev"), serverDictionary);
const bioredDev = prepare(readCorpus("bioredDev"), serverDictionary);

type Kind = PairConfidenceModel["kind"];
type Scored = { score: number; y: number };
type SentenceKind = keyof ConfidenceModel["sentence"];
const KINDS: SentenceKind[] = ["chemical-disease", "gene-disease", "chemical-gene", "gene-gene"];
const requested = process.argv.slice(2) as SentenceKind[];
for (const k of requested) if (!KINDS.includes(k)) throw new Error(`unknown pair kind ${k}`);
const refits = (kind: SentenceKind) => requested.length === 0 || requested.includes(kind);
const committedPair = (kind: Kind) => CONFIDENCE_MODEL.pairs.find((p) => p.kind === kind)!;

// Every document-level pair is a triple (extract.ts: those no sentence states as document-level ones), so every
// pair is calibrated and counted.
function scorePairs(model: PairConfidenceModel | Omit<PairConfidenceModel, "calibration">, docs: PreparedDocument[]) {
  const kind = model.kind;
  const out: Scored[] = [];
  let goldTotal = 0;
  for (const d of labelled(docs, kind, "predicted")) {
    goldTotal += d.gold.size;
    for (const [key, score] of rawPairScores(
      { ...model, calibration: { scores: [], probabilities: [] } },
      d,
      knowledge,
    ))
      out.push({ score, y: d.gold.has(key) ? 1 : 0 });
  }
  return { scored: out, goldTotal };
}

/**
 * Document-level model fitted on gold mentions; calibrated on out-of-fold scores of extracted mentions. `withKnowledge`:
 * fitted with the reference knowledge features (chosen by training-split cross-validation: CID F1 0.479 → 0.486 with
 * them; gene–disease unchanged with JensenLab associations, so it goes without).
 */
function fitKind(
  kind: Kind,
  train: PreparedDocument[],
  withKnowledge: boolean,
): { model: PairConfidenceModel; oof: Scored[]; goldTotal: number } {
  const gold = labelled(train, kind, "gold");
  const options = withKnowledge ? knowledgeOptions(knowledge) : {};
  const oof: Scored[] = [];
  let goldTotal = 0;
  for (let f = 0; f < FOLDS; f++) {
    const fitted = fitDocumentRelationModel(
      gold.filter((_, i) => i % FOLDS !== f),
      kind,
      options,
    );
    const held = train.filter((_, i) => i % FOLDS === f);
    const part = { kind, knowledge: withKnowledge, model: fitted.model, priors: serializePriors(fitted.priors!) };
    const scored = scorePairs(part, held);
    oof.push(...scored.scored);
    goldTotal += scored.goldTotal;
  }
  const final = fitDocumentRelationModel(gold, kind, options);
  const calibration = fitIsotonic(oof);
  const priors = serializePriors(final.priors!);
  return { model: { kind, knowledge: withKnowledge, model: final.model, priors, calibration }, oof, goldTotal };
}

const cidFit = fitKind("chemical-disease", cdrTrain, true);
const gdFit = fitKind("gene-disease", bioredTrain, false);
const cid = refits("chemical-disease") ? cidFit : { ...cidFit, model: committedPair("chemical-disease") };
const gd = refits("gene-disease") ? gdFit : { ...gdFit, model: committedPair("gene-disease") };

// Sentence evidence of the other pair kinds, calibrated on BioRED train (cross-fitted mentions, distant labels).
const sentenceExamples: { score: number; y: number }[] = [];
for (const d of bioredTrain) {
  const related = new Set(d.doc.relations.flatMap((r) => [`${r.id1}\t${r.id2}`, `${r.id2}\t${r.id1}`]));
  for (const c of sentenceCandidates(d.doc.text, d.sentences, d.predicted)) {
    if (c.kind !== "chemical-gene" && c.kind !== "gene-gene") continue;
    sentenceExamples.push({
      score: sentenceEvidence(c).evidence_score,
      y: related.has(`${corpusKey(c.head)}\t${corpusKey(c.tail)}`) ? 1 : 0,
    });
  }
}
const sentenceTable = fitIsotonic(sentenceExamples);

/**
 * Sentence evidence of a disease pair kind, calibrated on its own training split (cross-fitted mentions): one example
 * per document and entity pair at its best sentence's evidence, as extraction gives a triple, labelled by the gold
 * relation of the kind. Only pairs of entities with a corpus id can be labelled; the table then scores the triples of
 * entities without one (a Disease Ontology term with no MeSH cross-reference), which the document model cannot.
 */
function diseaseSentenceExamples(kind: Kind, train: PreparedDocument[]): Scored[] {
  const out: Scored[] = [];
  for (const d of train) {
    const gold = goldPairs(d, kind);
    const best = new Map<string, number>();
    for (const c of sentenceCandidates(d.doc.text, d.sentences, d.predicted)) {
      const head = corpusKey(c.head);
      const tail = corpusKey(c.tail);
      if (c.kind !== kind || !head || !tail) continue;
      const key = `${head}\t${tail}`;
      best.set(key, Math.max(best.get(key) ?? 0, sentenceEvidence(c).evidence_score));
    }
    for (const [key, score] of best) out.push({ score, y: gold.has(key) ? 1 : 0 });
  }
  return out;
}
const cidSentenceExamples = diseaseSentenceExamples("chemical-disease", cdrTrain);
const gdSentenceExamples = diseaseSentenceExamples("gene-disease", bioredTrain);
const fittedSentenceTables = {
  "chemical-disease": fitIsotonic(cidSentenceExamples),
  "gene-disease": fitIsotonic(gdSentenceExamples),
  "chemical-gene": sentenceTable,
  "gene-gene": sentenceTable,
};
const sentenceTables = Object.fromEntries(
  KINDS.map((k) => [k, refits(k) ? fittedSentenceTables[k] : CONFIDENCE_MODEL.sentence[k]]),
) as ConfidenceModel["sentence"];

// Development split: calibrated confidence of the pairs; threshold maximising CID F1.
const devCalibrated = (m: PairConfidenceModel, docs: PreparedDocument[]) => {
  const { scored, goldTotal } = scorePairs(m, docs);
  const pairs = scored.map((s) => ({ ...s, p: calibrate(m.calibration, s.score) }));
  return { pairs, goldTotal };
};
const cidDev = devCalibrated(cid.model, cdrDev);
const gdDev = devCalibrated(gd.model, bioredDev);
const devThreshold = (pairs: { p: number; y: number }[], goldTotal: number) =>
  thresholdToThreeDecimals(
    bestThreshold(
      pairs.map((s) => ({ score: s.p, y: s.y })),
      goldTotal,
    ).threshold,
  );

/**
 * Mechanism pairs of BioRED dev (chemical–gene, gene–gene), one per document and entity pair, at the
 * calibrated evidence of their best sentence, as extraction gives them; gold: any BioRED relation of the two.
 */
function sentencePairsDev(kind: "chemical-gene" | "gene-gene") {
  const pairs: { p: number; y: number }[] = [];
  let goldTotal = 0;
  for (const d of bioredDev) {
    const typeOf = new Map(d.gold.map((m) => [corpusKey(m), m.type]));
    const [a, b] = kind.split("-");
    const gold = new Set(
      d.doc.relations
        .filter((r) => {
          const t = [typeOf.get(r.id1), typeOf.get(r.id2)].sort().join("-");
          return t === [a, b].sort().join("-");
        })
        .flatMap((r) => [`${r.id1}\t${r.id2}`, `${r.id2}\t${r.id1}`]),
    );
    goldTotal += new Set([...gold].map((k) => k.split("\t").sort().join("\t"))).size;
    const best = new Map<string, number>();
    for (const c of sentenceCandidates(d.doc.text, d.sentences, d.predicted)) {
      if (c.kind !== kind) continue;
      const key = `${corpusKey(c.head)}\t${corpusKey(c.tail)}`;
      best.set(key, Math.max(best.get(key) ?? 0, sentenceEvidence(c).evidence_score));
    }
    for (const [key, score] of best)
      pairs.push({ p: calibrate(sentenceTables[kind], score), y: gold.has(key) ? 1 : 0 });
  }
  return { pairs, goldTotal };
}
const cgDev = sentencePairsDev("chemical-gene");
const ggDev = sentencePairsDev("gene-gene");
const devPairs = { "chemical-disease": cidDev, "gene-disease": gdDev, "chemical-gene": cgDev, "gene-gene": ggDev };
const defaultMinConfidence = Object.fromEntries(
  KINDS.map((k) => [
    k,
    refits(k) ? devThreshold(devPairs[k].pairs, devPairs[k].goldTotal) : CONFIDENCE_MODEL.defaultMinConfidence[k],
  ]),
) as ConfidenceModel["defaultMinConfidence"];
const at = (pairs: { p: number; y: number }[], goldTotal: number, t: number) => {
  const kept = pairs.filter((s) => s.p >= t);
  const tp = kept.filter((s) => s.y === 1).length;
  return prf(tp, kept.length - tp, goldTotal - tp);
};

const model: ConfidenceModel = { pairs: [cid.model, gd.model], sentence: sentenceTables, defaultMinConfidence };
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const json = JSON.stringify(model, (_k, v: unknown) => (typeof v === "number" ? round(v) : v));
writeFileSync(new URL("../../packages/literature/src/relations/confidence-model.json", import.meta.url), json + "\n");

const rows: BenchRow[] = [];
const prfRow = (task: string, setting: string, r: ReturnType<typeof prf>) =>
  rows.push({ table: "relations", task, setting, P: r.precision, R: r.recall, F1: r.f1, tp: r.tp, fp: r.fp, fn: r.fn });
const t = defaultMinConfidence;
prfRow(
  "CID",
  `CDR dev, confidence ≥ ${t["chemical-disease"]} (default, dev-F1 maximising)`,
  at(cidDev.pairs, cidDev.goldTotal, t["chemical-disease"]),
);
prfRow("CID", "CDR dev, every pair (no threshold)", at(cidDev.pairs, cidDev.goldTotal, 0));
const trainCv = (fit: { oof: Scored[]; goldTotal: number }) => {
  const t = bestThreshold(fit.oof, fit.goldTotal).threshold;
  return at(
    fit.oof.map((o) => ({ p: o.score, y: o.y })),
    fit.goldTotal,
    t,
  );
};
prfRow("CID", "CDR train, 5-fold out-of-fold, F1-maximising threshold", trainCv(cid));
prfRow(
  "gene–disease",
  `BioRED dev, confidence ≥ ${t["gene-disease"]} (default, dev-F1 maximising)`,
  at(gdDev.pairs, gdDev.goldTotal, t["gene-disease"]),
);
prfRow("gene–disease", "BioRED dev, every pair", at(gdDev.pairs, gdDev.goldTotal, 0));
prfRow("gene–disease", "BioRED train, 5-fold out-of-fold, F1-maximising threshold", trainCv(gd));
for (const [kind, dev] of [
  ["chemical–gene", cgDev],
  ["gene–gene", ggDev],
] as const) {
  const threshold = t[kind === "chemical–gene" ? "chemical-gene" : "gene-gene"];
  prfRow(
    `${kind} (any relation)`,
    `BioRED dev, confidence ≥ ${threshold} (default)`,
    at(dev.pairs, dev.goldTotal, threshold),
  );
  prfRow(`${kind} (any relation)`, "BioRED dev, every co-occurring pair", at(dev.pairs, dev.goldTotal, 0));
}
const calibrationRows = (name: string, preds: { p: number; y: number }[]) => {
  const r = reliability(preds);
  rows.push({ table: "ECE", task: name, setting: "10 equal-width bins", ECE: r.ece, pairs: preds.length });
  for (const b of r.rows)
    rows.push({
      table: "reliability",
      task: name,
      setting: `bin ${b.bin}`,
      pairs: b.n,
      mean_confidence: b.mean_confidence,
      observed_rate: b.observed_rate,
    });
};
calibrationRows("CID, CDR dev", cidDev.pairs);
calibrationRows("gene–disease, BioRED dev", gdDev.pairs);
calibrationRows(
  "CID, CDR train out-of-fold",
  cid.oof.map((s) => ({ p: calibrate(cid.model.calibration, s.score), y: s.y })),
);
calibrationRows(
  "sentence (chemical–gene, gene–gene), BioRED train",
  sentenceExamples.map((s) => ({ p: calibrate(sentenceTables["chemical-gene"], s.score), y: s.y })),
);
calibrationRows(
  "sentence (chemical–disease), CDR train",
  cidSentenceExamples.map((s) => ({ p: calibrate(sentenceTables["chemical-disease"], s.score), y: s.y })),
);
calibrationRows(
  "sentence (gene–disease), BioRED train",
  gdSentenceExamples.map((s) => ({ p: calibrate(sentenceTables["gene-disease"], s.score), y: s.y })),
);
const missedNoSentence = (docs: PreparedDocument[], kind: Kind) =>
  docs.reduce((n, d) => n + goldPairs(d, kind).size, 0);
writeBenchReport("literature-confidence", "Calibrated triple confidence: reliability and default threshold", rows, [
  `Refitted in this run: ${requested.length > 0 ? requested.join(", ") : "every pair kind"}${requested.length > 0 ? "; the other kinds keep the committed model's tables and default thresholds, scored here as committed" : ""}.`,
  `Model: the document-level relation model (packages/literature relations/document-model.ts, logistic regression with training-split priors) fitted on the gold mentions of CDR Train (chemical-induced disease, with DrugCentral approved indications as known treatments and the Disease Ontology hierarchy) and BioRED Train (gene–disease), scored on the training documents tagged by 5-fold cross-fitted dictionaries; an isotonic table maps its out-of-fold scores to probabilities. Every document-level pair is a triple (a document-level one when no sentence names both), so every pair is calibrated and counted.`,
  `Dev: CDR and BioRED development splits tagged with the server's dictionary (reference names plus names mined from CDR Train and BioRED Train; BioRED Train holds 44 CDR dev abstracts, whose names are in it). Gold pairs: ${missedNoSentence(cdrDev, "chemical-disease")} CID on CDR dev, ${missedNoSentence(bioredDev, "gene-disease")} gene–disease on BioRED dev; gold pairs the extraction never proposes count as misses.`,
  `Default thresholds, one per pair kind: the confidence maximising F1 on the development split (CID on CDR dev, the others on BioRED dev), so their dev F1 is optimistic for unseen text. Confidence for chemical–gene and gene–gene pairs is the sentence evidence score through an isotonic table fitted on BioRED Train (distant labels: any gold relation of the two entities). Chemical–disease and gene–disease triples the document model does not cover (an entity without a MeSH or NCBI Gene id) take the sentence evidence score through a table of their own kind, fitted on the kind's pairs of CDR Train or BioRED Train (best sentence per document and entity pair, cross-fitted mentions, labelled by the kind's gold relations).`,
]);
console.log("defaultMinConfidence", defaultMinConfidence);
console.table(rows.filter((r) => r.table !== "reliability"));
