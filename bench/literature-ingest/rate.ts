// Issue 23 item 5: literature ingestion through HTTP with extraction, in batches of 500 abstracts, as abstracts per
// second and as server CPU per abstract (main thread, compute threads and the rest apart, from /proc), so that a
// change can be judged on a machine other processes share. A real server (`apps/api/src/server.ts`, PGlite in its
// own DATA_DIR) in a child process; the 500 CDR development abstracts POSTed to /v1/nlp/ingest/docs, each round under
// new source names.
// Usage: node --import tsx bench/literature-ingest/rate.ts [rounds=5]
// BENCH_BASELINE_ROOT: a checkout of the code before a change (with node_modules); a server of each runs side by side
// and the rounds alternate between them (which goes first alternates too), so load from other processes falls on
// both; the stored documents of both are then read back with GET /v1/nlp/documents and compared.
// BENCH_BASELINE_NOTE says what that code is, BENCH_CONDITIONS how the machine was used, BENCH_RESULTS_SUFFIX names
// the results file (bench/results/literature-ingest-rate<suffix>.md).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toLiteratureDocument } from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { readCorpus, referenceDataDir, requireSharedData } from "../literature/corpora";
import { cpuSeconds, startServer, stopServer, threadCpuSeconds } from "./server-process";
import { median } from "../lib/stats";

requireSharedData();
const rounds = Number(process.argv[2] ?? 5);
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const baselineRoot = process.env.BENCH_BASELINE_ROOT;
const computeThreads = availableParallelism();

const batchOf = (docs: ReturnType<typeof readCorpus>, source: string) =>
  JSON.stringify({
    docs: docs.map((d) => {
      const doc = toLiteratureDocument(d, source);
      return { source, external_id: doc.external_id, title: doc.title, text: doc.text };
    }),
  });
const cdrDev = readCorpus("cdrDev");
const warmUp = readCorpus("cdrTrain").slice(0, 100);

interface Server {
  code: string;
  process: ChildProcess;
  base: string;
  token: string;
  dataDir: string;
  /** The compute threads' ids: the threads other than the main one that worked most during the warm-up. */
  computeTids: Set<number>;
}

async function call(server: Server, method: string, path: string, body?: string) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(server.token ? { authorization: `Bearer ${server.token}` } : {}),
    },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function open(code: string, root: string, port: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "sieve-bench-rate-"));
  const child = await startServer(root, dataDir, port, {
    REFERENCE_DATA_DIR: referenceDataDir(),
    COMPUTE_THREADS: String(computeThreads),
  });
  const server: Server = {
    code,
    process: child,
    base: `http://127.0.0.1:${port}`,
    token: "",
    dataDir,
    computeTids: new Set(),
  };
  const signup = await call(
    server,
    "POST",
    "/v1/auth/signup",
    JSON.stringify({ email: `bench-${code}@example.org`, password: "bench orbit lantern staple", name: "Bench" }),
  );
  server.token = signup.access_token as string;
  // Each compute thread builds its dictionaries on its first task: a one-off cost, not ingestion.
  const before = threadCpuSeconds(child.pid!);
  await call(server, "POST", "/v1/nlp/ingest/docs", batchOf(warmUp, "warm-up"));
  const worked = [...threadCpuSeconds(child.pid!)]
    .filter(([tid]) => tid !== child.pid)
    .map(([tid, s]) => [tid, s - (before.get(tid) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1]);
  server.computeTids = new Set(worked.slice(0, computeThreads).map(([tid]) => tid));
  return server;
}

/** One batch of the 500 CDR development abstracts: wall seconds and the server's CPU seconds by thread kind. */
async function measure(server: Server, round: number): Promise<BenchRow> {
  const pid = server.process.pid!;
  const body = batchOf(cdrDev, `bc5cdr-${round}`);
  const load = loadavg()[0]!;
  const threadsBefore = threadCpuSeconds(pid);
  const processBefore = cpuSeconds(pid);
  const started = performance.now();
  const outcome = await call(server, "POST", "/v1/nlp/ingest/docs", body);
  const wall = (performance.now() - started) / 1000;
  const processCpu = cpuSeconds(pid) - processBefore;
  if (outcome.inserted !== cdrDev.length) throw new Error(`inserted ${String(outcome.inserted)}`);
  let main = 0;
  let compute = 0;
  // PGlite's thread: the busiest of the others (the garbage collector's helpers each use a fraction of it).
  let database = 0;
  for (const [tid, seconds] of threadCpuSeconds(pid)) {
    const used = seconds - (threadsBefore.get(tid) ?? 0);
    if (tid === pid) main += used;
    else if (server.computeTids.has(tid)) compute += used;
    else database = Math.max(database, used);
  }
  const perAbstractMs = (s: number) => (s * 1000) / cdrDev.length;
  const row: BenchRow = {
    code: server.code,
    round,
    abstracts_per_s: cdrDev.length / wall,
    batch_s: wall,
    cpu_ms_per_abstract: perAbstractMs(processCpu),
    main_ms_per_abstract: perAbstractMs(main),
    compute_ms_per_abstract: perAbstractMs(compute),
    database_ms_per_abstract: perAbstractMs(database),
    // The garbage collector's and compiler's helper threads, and threads that ended during the batch.
    other_ms_per_abstract: perAbstractMs(processCpu - main - compute - database),
    load_avg_1min: load,
  };
  console.error(JSON.stringify(row));
  return row;
}

/** A document as GET /v1/nlp/documents serves it, without what differs between two servers (ids, times, row order of ties). */
async function storedDocument(server: Server, source: string, externalId: string): Promise<string> {
  const query = new URLSearchParams({ source, external_id: externalId, min_confidence: "0" });
  const answer = (await call(server, "GET", `/v1/nlp/documents?${query}`)) as {
    document: Record<string, unknown>;
    passages: { passage_id: string; index: number }[];
    mentions: unknown[];
    triples: { passage_id: string | null }[];
  };
  const passageIndex = new Map(answer.passages.map((p) => [p.passage_id, p.index]));
  const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();
  return JSON.stringify({
    document: { ...answer.document, created_at: null },
    passages: answer.passages.map(({ passage_id: _id, ...rest }) => rest),
    mentions: sorted(answer.mentions),
    triples: sorted(
      answer.triples.map((t) => ({ ...t, passage_id: t.passage_id === null ? null : passageIndex.get(t.passage_id) })),
    ),
  });
}

const loadAtStart = loadavg()[0]!;
const servers = [await open("this", repoRoot, 18_790)];
if (baselineRoot) servers.push(await open("baseline", baselineRoot, 18_791));
const rows: BenchRow[] = [];
let compared = "";
try {
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? servers : [...servers].reverse();
    for (const server of order) rows.push(await measure(server, round));
  }
  if (servers.length === 2) {
    let same = 0;
    const differing: string[] = [];
    const tally = { passages: 0, mentions: 0, triples: 0 };
    for (const d of cdrDev) {
      const [a, b] = await Promise.all(servers.map((s) => storedDocument(s, "bc5cdr-1", d.pmid)));
      if (a === b) same++;
      else differing.push(d.pmid);
      const stored = JSON.parse(a!) as Record<keyof typeof tally, unknown[]>;
      for (const key of Object.keys(tally) as (keyof typeof tally)[]) tally[key] += stored[key].length;
    }
    compared = `Stored results: GET /v1/nlp/documents (min_confidence=0) of the first round's ${cdrDev.length} documents compared between the two servers (passage ids as passage indexes, created_at left out, mentions and triples as sorted sets; ${tally.passages} passages, ${tally.mentions} mentions, ${tally.triples} triples on this code's side): ${same} identical${differing.length ? `, ${differing.length} differ (${differing.slice(0, 10).join(", ")})` : ""}.`;
  }
} finally {
  for (const server of servers) {
    await stopServer(server.process);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const columns = [
  "abstracts_per_s",
  "cpu_ms_per_abstract",
  "main_ms_per_abstract",
  "compute_ms_per_abstract",
  "database_ms_per_abstract",
  "other_ms_per_abstract",
  "load_avg_1min",
] as const;
const summaries = servers.map(({ code }) => {
  const mine = rows.filter((r) => r.code === code);
  const row: BenchRow = { code, round: `median (range) of ${mine.length}` };
  for (const column of columns) {
    const values = mine.map((r) => r[column] as number);
    row[column] =
      `${median(values).toFixed(column === "abstracts_per_s" ? 1 : 2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  }
  return row;
});
writeBenchReport(
  `literature-ingest-rate${process.env.BENCH_RESULTS_SUFFIX ?? ""}`,
  "Literature ingestion through HTTP with extraction: abstracts per second and server CPU per abstract",
  [...rows, ...summaries],
  [
    `Method: a server process per code (apps/api/src/server.ts, PGlite in a new DATA_DIR, COMPUTE_THREADS ${computeThreads}, the reference folder and gene_info lexicon of the server's defaults); after a warm-up batch of 100 CDR Train abstracts (the compute threads build their dictionaries), each round POSTs the ${cdrDev.length} CDR development abstracts as one batch (source, external_id = PMID, title, text = title + newline + abstract) to /v1/nlp/ingest/docs under a new source name. abstracts_per_s: the batch over the wall time of its HTTP request. CPU: the server process's utime + stime over the request, from /proc/<pid>/stat and /proc/<pid>/task/<tid>/stat; main = the event loop's thread; compute = the ${computeThreads} threads that worked most during the warm-up; database = the busiest of the other threads during the batch (PGlite's, which runs every statement); other = the rest (V8's helper threads: concurrent garbage collection and compilation for every thread).`,
    ...(baselineRoot
      ? [
          `code = baseline: ${process.env.BENCH_BASELINE_NOTE ?? "the code before the change"}. Both servers run side by side; each round measures one then the other, the first alternating, so load from other processes falls on both. Judge by CPU per abstract first: wall time depends on what else the machine runs.`,
        ]
      : []),
    ...(compared ? [compared] : []),
    `1-minute load average ${loadAtStart.toFixed(2)} when the run started; each row has the load average when its batch started.`,
    ...(process.env.BENCH_CONDITIONS ? [process.env.BENCH_CONDITIONS] : []),
  ],
);
