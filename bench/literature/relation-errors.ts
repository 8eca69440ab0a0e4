// Where document-level relation F1 is lost end to end on a development split (issue 23): chemical-induced disease
// (CID) on CDR dev, gene–disease on BioRED dev. The committed confidence model at its default threshold over the
// mentions the server's dictionary extracts, then the same with one kind of mention error repaired from the gold
// annotation at a time (an oracle: how much each kind of error costs), the best threshold in hindsight, and the
// misses and false positives sorted by cause. Never the test split.
// Run: node --import tsx bench/literature/relation-errors.ts [chemical-disease|gene-disease]   (default: both)
import {
  bestThreshold,
  buildDictionary,
  calibrate,
  CONFIDENCE_MODEL,
  corpusKey,
  extractDocument,
  rawPairScores,
  referenceKnowledge,
  type EntityRef,
  type EntityType,
  type Mention,
  type PubTatorDocument,
} from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { readCorpus, loadServerReference, requireSharedData } from "./corpora";
import { goldPairs, prepare, type PreparedDocument } from "./eval-tasks";
import { prfColumns, SetScorer } from "./metrics";

type Kind = "chemical-disease" | "gene-disease";
const TASKS: Record<Kind, { report: string; title: string; corpus: "cdrDev" | "bioredDev"; label: string }> = {
  "chemical-disease": {
    report: "literature-cid-errors",
    title: "Chemical-induced disease on CDR dev: where F1 is lost",
    corpus: "cdrDev",
    label: "CDR development split (500 abstracts)",
  },
  "gene-disease": {
    report: "literature-gd-errors",
    title: "Gene–disease on BioRED dev: where F1 is lost",
    corpus: "bioredDev",
    label: "BioRED development split (100 abstracts)",
  },
};

requireSharedData();
const reference = loadServerReference();
const corpus = (docs: PubTatorDocument[], types: EntityType[]) => ({ documents: docs, types });
// The compute threads' dictionary (as in fit-confidence.ts): reference names plus names mined from both training splits.
const dictionary = buildDictionary(reference, {
  corpora: [
    corpus(readCorpus("cdrTrain"), ["chemical", "disease"]),
    corpus(readCorpus("bioredTrain"), ["gene", "chemical", "disease"]),
  ],
});
const knowledge = referenceKnowledge(reference, dictionary);
/** NCBI Gene ids of human genes (HGNC): a gold gene id outside it is another organism's (BioRED: mouse, rat). */
const humanGenes = new Set(reference.genes.map((g) => g.ncbigene).filter((id): id is string => id !== null));

type Repair = (d: PreparedDocument, type: EntityType) => Mention[];
const overlaps = (a: Mention, b: Mention) => a.start < b.end && b.start < a.end;
const sameSpan = (a: Mention, b: Mention) => a.start === b.start && a.end === b.end;
const withGoldId = (m: Mention, g: Mention): Mention =>
  m.type === "gene"
    ? { ...m, xrefs: { ...m.xrefs, ncbigene: g.xrefs.ncbigene } }
    : { ...m, xrefs: { ...m.xrefs, mesh: g.xrefs.mesh } };
/** Extracted mentions of `type` whose span overlaps a gold mention of that type `accepts` take its id. */
const goldIds =
  (accepts: (g: Mention, m: Mention) => boolean): Repair =>
  (d, type) =>
    d.predicted.map((m) => {
      const g = m.type === type ? d.gold.find((x) => x.type === type && overlaps(x, m) && accepts(x, m)) : undefined;
      return g ? withGoldId(m, g) : m;
    });
const REPAIRS: [string, Repair][] = [
  ["extracted mentions (document model, every polarity)", (d) => d.predicted],
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
const GENE_REPAIRS: [string, Repair][] = [
  ["gold id where it is a human gene's (HGNC)", goldIds((g) => humanGenes.has(g.xrefs.ncbigene ?? ""))],
  ["gold id where it is another organism's (mouse, rat)", goldIds((g) => !humanGenes.has(g.xrefs.ncbigene ?? ""))],
];

/**
 * The claims a user reads from GET /v1/nlp/documents at the default threshold, made in process with the compute
 * threads' extraction: positive triples of the pair kind, keyed by MeSH or NCBI Gene id, else by the entity's own id
 * (a triple whose entity has no corpus id is a claim no gold pair can match). Unlike the document model's pairs, a
 * pair stated only in negated sentences is not claimed, and pairs of entities without a corpus id are (their
 * confidence is the sentence evidence's, relations/confidence.ts).
 */
function apiClaims(d: PreparedDocument, kind: Kind, threshold: number): string[] {
  const [headType, tailType] = kind.split("-") as [EntityType, EntityType];
  const key = (e: EntityRef) => (e.type === "gene" ? e.xrefs.ncbigene : e.xrefs.mesh) ?? e.id;
  const { triples } = extractDocument({ source: "dev", external_id: d.doc.pmid, text: d.doc.text }, dictionary, {
    knowledge,
  });
  return triples
    .filter((t) => t.head.type === headType && t.tail.type === tailType)
    .filter((t) => t.polarity === "positive" && t.confidence >= threshold)
    .map((t) => `${key(t.head)}\t${key(t.tail)}`);
}

function analyse(kind: Kind): void {
  const task = TASKS[kind];
  const dev = prepare(readCorpus(task.corpus), dictionary);
  const model = CONFIDENCE_MODEL.pairs.find((p) => p.kind === kind)!;
  const threshold = CONFIDENCE_MODEL.defaultMinConfidence[kind];
  const [headType, tailType] = kind.split("-") as [EntityType, EntityType];
  const goldTotal = dev.reduce((n, d) => n + goldPairs(d, kind).size, 0);

  /** Calibrated confidence of every pair, with its gold label. */
  const scored = (mentionsOf: (d: PreparedDocument) => Mention[]) =>
    dev.flatMap((d) => {
      const gold = goldPairs(d, kind);
      const input = { text: d.doc.text, sentences: d.sentences, mentions: mentionsOf(d) };
      return [...rawPairScores(model, input, knowledge)].map(([key, s]) => ({
        key,
        score: calibrate(model.calibration, s),
        y: gold.has(key) ? 1 : 0,
      }));
    });
  const at = (pairs: { score: number; y: number }[], t: number) => {
    const scorer = new SetScorer();
    const kept = pairs.filter((p) => p.score >= t);
    scorer.tp = kept.filter((p) => p.y === 1).length;
    scorer.fp = kept.length - scorer.tp;
    scorer.fn = goldTotal - scorer.tp;
    return scorer.result();
  };
  const rows: BenchRow[] = [];
  const row = (mentions: string, setting: string, r: ReturnType<SetScorer["result"]>) =>
    rows.push({
      table: "oracle",
      mentions,
      setting,
      ...prfColumns(r),
    });

  for (const type of [tailType, headType])
    for (const [setting, repair] of [...REPAIRS, ...(type === "gene" ? GENE_REPAIRS : [])]) {
      if (type === headType && setting.startsWith("extracted")) continue;
      row(
        setting.startsWith("extracted") ? "both" : type,
        setting,
        at(
          scored((d) => repair(d, type)),
          threshold,
        ),
      );
    }
  const goldBoth = scored((d) => d.gold);
  row("both", "gold mentions of both types", at(goldBoth, threshold));
  row("both", "gold mentions of both types, every pair (no threshold)", at(goldBoth, -Infinity));
  const extracted = scored((d) => d.predicted);
  const hindsight = bestThreshold(extracted, goldTotal).threshold;
  row("both", `extracted mentions, best threshold in hindsight (${hindsight.toFixed(3)})`, at(extracted, hindsight));
  row("both", "extracted mentions, every pair (no threshold)", at(extracted, -Infinity));
  const served = new SetScorer();
  for (const d of dev) served.add(apiClaims(d, kind, threshold), goldPairs(d, kind));
  row("both", "extracted mentions, positive triples as GET /v1/nlp/documents serves them", served.result());

  // Misses and false positives of the extracted-mention run, by cause.
  const causes = new Map<string, number>();
  const count = (cause: string) => causes.set(cause, (causes.get(cause) ?? 0) + 1);
  const isGold = (d: PreparedDocument, type: EntityType, id: string) =>
    d.gold.some((g) => g.type === type && corpusKey(g) === id);
  for (const d of dev) {
    const gold = goldPairs(d, kind);
    const named = new Set(d.predicted.map(corpusKey));
    const scores = rawPairScores(model, { text: d.doc.text, sentences: d.sentences, mentions: d.predicted }, knowledge);
    const goldHeads = new Set([...gold].map((k) => k.split("\t")[0]));
    const goldTails = new Set([...gold].map((k) => k.split("\t")[1]));
    /** Why a gold entity was not extracted with its id: nothing at its spans, or something with another id. */
    const why = (type: EntityType, id: string) => {
      const spans = d.gold.filter((g) => g.type === type && corpusKey(g) === id);
      const at = d.predicted.some((m) => m.type === type && spans.some((g) => overlaps(g, m)));
      const organism = type === "gene" ? (humanGenes.has(id) ? " (human gene)" : " (another organism's gene)") : "";
      return `${type} ${at ? "tagged with another id" : "not tagged"}${organism}`;
    };
    for (const key of gold) {
      const [head, tail] = key.split("\t") as [string, string];
      const s = scores.get(key);
      if (s !== undefined && calibrate(model.calibration, s) >= threshold) continue;
      if (s !== undefined) count("miss: both entities extracted, confidence below the threshold");
      else if (!named.has(head) && !named.has(tail)) count(`miss: neither entity extracted with its id`);
      else count(`miss: ${named.has(head) ? why(tailType, tail) : why(headType, head)}`);
    }
    for (const [key, s] of scores) {
      if (gold.has(key) || calibrate(model.calibration, s) < threshold) continue;
      const [head, tail] = key.split("\t") as [string, string];
      const spurious = [
        ...(isGold(d, headType, head) ? [] : [headType]),
        ...(isGold(d, tailType, tail) ? [] : [tailType]),
      ];
      count(
        spurious.length > 0
          ? `false positive: ${spurious.join(" and ")} id not in the gold annotation`
          : goldHeads.has(head)
            ? goldTails.has(tail)
              ? "false positive: both in other gold pairs"
              : `false positive: a gold pair's ${headType} with an annotated ${tailType} no gold pair names`
            : goldTails.has(tail)
              ? `false positive: a gold pair's ${tailType} with an annotated ${headType} no gold pair names`
              : "false positive: both annotated, neither in a gold pair",
      );
    }
  }
  for (const [cause, n] of [...causes].sort(([a], [b]) => (a < b ? -1 : 1)))
    rows.push({ table: "causes", setting: cause, pairs: n });

  writeBenchReport(task.report, task.title, rows, [
    `Method: ${task.label}, tagged in process with the compute threads' dictionary (reference names plus names mined from CDR Train and BioRED Train); the committed confidence model (relations/confidence-model.json) at the API's default threshold ${threshold}. The API run (literature-api-relations) scores the same pairs through HTTP. Gold pairs: ${goldTotal}.`,
    "The first row scores the document model's pairs whatever the polarity of their sentences, and only pairs whose entities carry a MeSH or NCBI Gene id. What a user reads through the API (literature-api-relations) is the row 'positive triples as GET /v1/nlp/documents serves them', the same extraction in process: it drops the pairs every sentence of which negates them, and adds the triples of entities without a corpus id (a Disease Ontology term with no MeSH cross-reference, a ChEMBL-only chemical), whose confidence is the sentence evidence's through the isotonic table of the pair kind's sentence pairs in its training split (relations/confidence.ts); those never match a gold pair.",
    "Oracle rows repair one kind of mention error from the gold annotation and keep everything else extracted; the F1 each gains over the first row is what that kind of error costs. They are upper bounds for a fix of that kind, not results. 'Best threshold in hindsight' is chosen on these same pairs.",
    ...(kind === "gene-disease"
      ? [
          "Organism: a gold gene id is a human gene's when HGNC (hgnc/hgnc_mapper.tsv, NCBI Gene ID column) lists it, else another organism's (BioRED normalises mouse and rat genes to their own NCBI Gene ids). The shared data holds no orthology table and no mouse or rat gene_info file, so other organisms' ids come only from names mined from BioRED Train.",
        ]
      : []),
    "Cause rows: every gold pair missed and every false positive of the first row, by whether the extracted mentions name the pair's ids (and, when not, whether something else was tagged at the entity's gold spans) and whether the pair's entities are annotated or take part in other gold pairs.",
  ]);
  console.table(rows);
}

const requested = process.argv[2] as Kind | undefined;
if (requested !== undefined && !(requested in TASKS)) throw new Error(`unknown task ${requested}`);
for (const kind of requested ? [requested] : (Object.keys(TASKS) as Kind[])) analyse(kind);
