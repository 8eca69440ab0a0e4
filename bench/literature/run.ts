import { Bm25Index, buildDictionary, extractDocument, toLiteratureDocument, type Extraction } from "@sieve/literature";
import { percentile, writeBenchReport, type BenchRow } from "../lib/report";
import { readCorpus, loadServerReference, requireSharedData } from "./corpora";

// npm run bench literature: (1) ingestion of the 1,000 CDR abstracts (train + dev) with extraction,
// dictionary building included; (2) BM25 query latency over 100,000 passages.
requireSharedData();
const INGEST_TARGET_S = 10;
const SEARCH_TARGET_P95_MS = 50;
const PASSAGES = 100_000;
const REPEATS = 3;

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

// --- 1. Ingestion ----------------------------------------------------------------------------
const cdr = [...readCorpus("cdrTrain"), ...readCorpus("cdrDev")].map((d) => toLiteratureDocument(d, "bc5cdr"));
const bioredTrain = readCorpus("bioredTrain");
const cdrTrain = readCorpus("cdrTrain");
const ingestRuns: { dict: number; extract: number; total: number; cpu: number; mentions: number; triples: number }[] =
  [];
let extractions: Extraction[] = [];
for (let r = 0; r < REPEATS; r++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const reference = loadServerReference();
  const dictionary = buildDictionary(reference, {
    corpora: [
      { documents: cdrTrain, types: ["chemical", "disease"] },
      { documents: bioredTrain, types: ["gene", "chemical", "disease"] },
    ],
  });
  const dict = seconds(t0);
  const t1 = performance.now();
  extractions = cdr.map((doc) => extractDocument(doc, dictionary));
  const extract = seconds(t1);
  ingestRuns.push({
    dict,
    extract,
    total: seconds(t0),
    cpu: cpuSeconds(process.cpuUsage(cpu0)),
    mentions: extractions.reduce((n, x) => n + x.mentions.length, 0),
    triples: extractions.reduce((n, x) => n + x.triples.length, 0),
  });
}
ingestRuns.sort((a, b) => a.total - b.total);
const ingest = ingestRuns[Math.floor(REPEATS / 2)]!;

// --- 2. BM25 at 100k passages ------------------------------------------------------------------
const base = extractions.flatMap((x, i) =>
  x.passages.map((p) => ({
    passage_id: p.passage_id,
    text: p.text,
    entity_ids: [...new Set(x.mentions.filter((m) => m.start >= p.start && m.end <= p.end).map((m) => m.id))],
    doc: i,
  })),
);
const copies = Math.ceil(PASSAGES / base.length);
const t2 = performance.now();
const index = new Bm25Index();
for (let c = 0; c < copies && index.size < PASSAGES; c++) {
  for (const p of base) {
    if (index.size >= PASSAGES) break;
    index.add({ passage_id: `${p.passage_id}#${c}`, text: p.text, entity_ids: p.entity_ids });
  }
}
const buildSeconds = seconds(t2);

// Queries from the corpus itself: for every 4th document, its first chemical and first disease
// (words plus their ids), the disease alone as a quoted phrase, and the chemical's id alone.
const queries: { text: string; entityIds?: string[] }[] = [];
extractions.forEach((x, i) => {
  if (i % 4 !== 0) return;
  const chem = x.mentions.find((m) => m.type === "chemical");
  const dis = x.mentions.find((m) => m.type === "disease");
  if (chem && dis) queries.push({ text: `${chem.text} ${dis.text}`, entityIds: [chem.id, dis.id] });
  if (dis) queries.push({ text: `"${dis.text}"` });
  if (chem) queries.push({ text: "", entityIds: [chem.id] });
});
for (const q of queries.slice(0, 50)) index.search(q); // warm-up
const latencies = queries.map((q) => {
  const t = performance.now();
  index.search({ ...q, topK: 10 });
  return performance.now() - t;
});
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;

const rows: BenchRow[] = [
  {
    benchmark: "ingest 1,000 CDR abstracts (train + dev)",
    measure: "wall seconds, median of 3",
    value: ingest.total,
    target: INGEST_TARGET_S,
    meets_target: ingest.total < INGEST_TARGET_S,
    detail: `dictionary ${ingest.dict.toFixed(2)} s + extraction ${ingest.extract.toFixed(2)} s; CPU ${ingest.cpu.toFixed(2)} s; ${ingest.mentions} mentions, ${ingest.triples} triples`,
  },
  {
    benchmark: "BM25 query, 100k passages",
    measure: "p50 ms",
    value: percentile(latencies, 50),
    target: null,
    meets_target: null,
    detail: `${queries.length} queries, top 10`,
  },
  {
    benchmark: "BM25 query, 100k passages",
    measure: "p95 ms",
    value: percentile(latencies, 95),
    target: SEARCH_TARGET_P95_MS,
    meets_target: percentile(latencies, 95) < SEARCH_TARGET_P95_MS,
    detail: "",
  },
  {
    benchmark: "BM25 query, 100k passages",
    measure: "p99 ms",
    value: percentile(latencies, 99),
    target: null,
    meets_target: null,
    detail: `max ${Math.max(...latencies).toFixed(1)} ms`,
  },
  {
    benchmark: "BM25 index build, 100k passages",
    measure: "seconds",
    value: buildSeconds,
    target: null,
    meets_target: null,
    detail: `heap after build ${heapMb.toFixed(0)} MiB`,
  },
];
writeBenchReport("literature", "Literature ingestion and search speed", rows, [
  `Ingestion: loadReferenceDir (HGNC, Disease Ontology, DrugCentral) + buildDictionary with names mined from CDR train and BioRED train (pruning included) + extractDocument (sentences, passages, NER, abbreviations, triples with evidence) on each of the 1,000 abstracts, one thread; median of ${REPEATS} full runs.`,
  `100k passages: the ${base.length} passages extracted from the 1,000 CDR abstracts, replicated ${copies} times with the copy number appended to each passage id (identical texts, so document frequencies scale with the copies), cut at ${PASSAGES}. Entity ids per passage from the extracted mentions.`,
  `Queries: ${queries.length} built from the corpus (chemical + disease words with their ids; a quoted disease phrase; a chemical id alone), 50 warm-up queries first, single-threaded, wall time per query including highlights of the top 10.`,
  `The machine's two cores are shared with other work; timings vary between runs.`,
]);
