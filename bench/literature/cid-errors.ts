// Where chemical-induced disease (CID) F1 is lost end to end, on the CDR development split (issue 23): the committed
// confidence model at its default threshold over the mentions the server's dictionary extracts, then the same with
// one kind of mention error repaired from the gold annotation at a time (an oracle: how much each kind of error
// costs), and the misses and false positives sorted by cause. Never the test split.
// Run: node --import tsx bench/literature/cid-errors.ts
import {
  buildDictionary,
  calibrate,
  CONFIDENCE_MODEL,
  corpusKey,
  loadReferenceDir,
  rawPairScores,
  referenceKnowledge,
  type Mention,
  type PubTatorDocument,
} from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { readCorpus, referenceDataDir, requireSharedData } from "./corpora";
import { goldPairs, prepare, type PreparedDocument } from "./eval-tasks";
import { SetScorer } from "./metrics";

requireSharedData();
const reference = loadReferenceDir(referenceDataDir());
const corpus = (docs: PubTatorDocument[], types: ("gene" | "chemical" | "disease")[]) => ({ documents: docs, types });
// The compute threads' dictionary (as in fit-confidence.ts): reference names plus names mined from both training splits.
const dictionary = buildDictionary(reference, {
  corpora: [
    corpus(readCorpus("cdrTrain"), ["chemical", "disease"]),
    corpus(readCorpus("bioredTrain"), ["gene", "chemical", "disease"]),
  ],
});
const knowledge = referenceKnowledge(reference, dictionary);
const dev = prepare(readCorpus("cdrDev"), dictionary);
const model = CONFIDENCE_MODEL.pairs.find((p) => p.kind === "chemical-disease")!;
const threshold = CONFIDENCE_MODEL.defaultMinConfidence["chemical-disease"];

type Repair = (d: PreparedDocument, type: "chemical" | "disease") => Mention[];
const overlaps = (a: Mention, b: Mention) => a.start < b.end && b.start < a.end;
const sameSpan = (a: Mention, b: Mention) => a.start === b.start && a.end === b.end;
/** Extracted mentions of `type` whose span overlaps a gold mention of that type take its MeSH id (`span` picks which). */
const goldIds =
  (span: (g: Mention, m: Mention) => boolean): Repair =>
  (d, type) =>
    d.predicted.map((m) => {
      const g = m.type === type ? d.gold.find((x) => x.type === type && overlaps(x, m) && span(x, m)) : undefined;
      return g ? { ...m, xrefs: { ...m.xrefs, mesh: g.xrefs.mesh } } : m;
    });
const REPAIRS: [string, Repair][] = [
  ["extracted mentions (as the API)", (d) => d.predicted],
  [
    "gold mentions of this type instead",
    (d, type) => [...d.gold.filter((g) => g.type === type), ...d.predicted.filter((m) => m.type !== type)],
  ],
  [
    "+ gold mentions nothing extracted overlaps",
    (d, type) => [...d.predicted, ...d.gold.filter((g) => g.type === type && !d.predicted.some((m) => overlaps(g, m)))],
  ],
  [
    "− extracted mentions overlapping no gold one",
    (d, type) => d.predicted.filter((m) => m.type !== type || d.gold.some((g) => g.type === type && overlaps(g, m))),
  ],
  ["gold id at exactly the gold span", goldIds(sameSpan)],
  ["gold id where the spans only overlap", goldIds((g, m) => !sameSpan(g, m))],
];

function score(mentionsOf: (d: PreparedDocument) => Mention[]) {
  const scorer = new SetScorer();
  for (const d of dev) {
    const scores = rawPairScores(
      model,
      { text: d.doc.text, sentences: d.sentences, mentions: mentionsOf(d) },
      knowledge,
    );
    const claims = [...scores].filter(([, s]) => calibrate(model.calibration, s) >= threshold).map(([k]) => k);
    scorer.add(claims, goldPairs(d, "chemical-disease"));
  }
  return scorer.result();
}

const rows: BenchRow[] = [];
for (const type of ["disease", "chemical"] as const)
  for (const [setting, repair] of REPAIRS) {
    if (type === "chemical" && setting.startsWith("extracted")) continue;
    const r = score((d) => repair(d, type));
    rows.push({
      table: "oracle",
      mentions: setting.startsWith("extracted") ? "both" : type,
      setting,
      P: r.precision,
      R: r.recall,
      F1: r.f1,
      tp: r.tp,
      fp: r.fp,
      fn: r.fn,
    });
  }
const all = score((d) => d.gold);
rows.push({
  table: "oracle",
  mentions: "both",
  setting: "gold mentions of both types",
  P: all.precision,
  R: all.recall,
  F1: all.f1,
  tp: all.tp,
  fp: all.fp,
  fn: all.fn,
});

// Misses and false positives of the extracted-mention run, by cause.
const causes = new Map<string, number>();
const count = (cause: string) => causes.set(cause, (causes.get(cause) ?? 0) + 1);
for (const d of dev) {
  const gold = goldPairs(d, "chemical-disease");
  const named = new Set(d.predicted.map(corpusKey));
  const scores = rawPairScores(model, { text: d.doc.text, sentences: d.sentences, mentions: d.predicted }, knowledge);
  const goldHeads = new Set([...gold].map((k) => k.split("\t")[0]));
  const goldTails = new Set([...gold].map((k) => k.split("\t")[1]));
  for (const key of gold) {
    const [head, tail] = key.split("\t") as [string, string];
    const s = scores.get(key);
    if (s !== undefined && calibrate(model.calibration, s) >= threshold) continue;
    if (s !== undefined) count("miss: both entities extracted, confidence below the threshold");
    else if (!named.has(head) && !named.has(tail)) count("miss: neither entity extracted with its MeSH id");
    else
      count(
        named.has(head)
          ? "miss: disease not extracted with its MeSH id"
          : "miss: chemical not extracted with its MeSH id",
      );
  }
  for (const [key, s] of scores) {
    if (gold.has(key) || calibrate(model.calibration, s) < threshold) continue;
    const [head, tail] = key.split("\t") as [string, string];
    count(
      goldHeads.has(head)
        ? goldTails.has(tail)
          ? "false positive: both in other gold pairs"
          : "false positive: a gold pair's chemical with a disease no gold pair names"
        : goldTails.has(tail)
          ? "false positive: a gold pair's disease with a chemical no gold pair names"
          : "false positive: neither in a gold pair",
    );
  }
}
for (const [cause, n] of [...causes].sort(([a], [b]) => (a < b ? -1 : 1)))
  rows.push({ table: "causes", setting: cause, pairs: n });

writeBenchReport("literature-cid-errors", "Chemical-induced disease on CDR dev: where F1 is lost", rows, [
  `Method: CDR development split (500 abstracts), tagged in process with the compute threads' dictionary (reference names plus names mined from CDR Train and BioRED Train); the committed confidence model (relations/confidence-model.json) at the API's default threshold ${threshold}. The API run (literature-api-relations) scores the same pairs through HTTP.`,
  "Oracle rows repair one kind of mention error from the gold annotation and keep everything else extracted; the F1 each gains over the first row is what that kind of error costs. They are upper bounds for a fix of that kind, not results.",
  "Cause rows: every gold pair missed and every false positive of the first row, by whether the extracted mentions name the pair's MeSH ids and whether the pair's entities take part in other gold pairs.",
]);
