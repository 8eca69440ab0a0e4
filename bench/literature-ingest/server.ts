// Issue 21 §1: /health of a real server (`apps/api/src/server.ts`, PGlite in its own DATA_DIR, as
// `npm start` runs it) while it ingests a 25,000-document PubTator file, probed over HTTP from this
// other process every 100 ms. Several runs, each on a fresh data folder; median and range.
// Usage: node --import tsx bench/literature-ingest/server.ts [documents=25000] [runs=3]
// BENCH_NODE_ARGS adds flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/x").
// BENCH_BASELINE_ROOT: a checkout of the code before a change (with node_modules); each run then
// measures it too, alternating which goes first, so that load from other processes falls on both;
// BENCH_BASELINE_NOTE says what that code is, BENCH_CONDITIONS how the machine was used, and BENCH_RESULTS_SUFFIX names the results file
// (bench/results/literature-ingest-health<suffix>.md) so that one comparison does not replace another.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readSharedData } from "@sieve/testing";
import { parsePubTator } from "@sieve/literature";
import { percentile, writeBenchReport, type BenchRow } from "../lib/report";
import { cpuSeconds, startServer, stopServer } from "./server-process";
import { median } from "../lib/stats";

const total = Number(process.argv[2] ?? 25_000);
const runs = Number(process.argv[3] ?? 3);
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

// Short documents like the probe's file (3.4 MB for 25,000): real CDR titles with the start of their
// abstracts, cycled, each under its own PMID. BENCH_FULL=1: whole CDR abstracts with every gold
// mention and relation line (about 50 rows each to store), cycled the same way.
const full = process.env.BENCH_FULL === "1";
const corpus = ["bc5cdr/CDR_TrainingSet.PubTator.txt", "bc5cdr/CDR_DevelopmentSet.PubTator.txt"].map(readSharedData);
const seeds = corpus.flatMap((text) => parsePubTator(text));
const blocks = corpus.flatMap((text) => text.split(/\n\s*\n/).filter((block) => block.trim()));
const pubtator = (prefix: number) =>
  Array.from({ length: total }, (_, i) => {
    const pmid = prefix + i;
    if (full) return blocks[i % blocks.length]!.trim().replace(/^\d+/gm, String(pmid)) + "\n";
    const seed = seeds[i % seeds.length]!;
    return `${pmid}|t|${seed.title}\n${pmid}|a|${seed.abstract.slice(0, 60)}\n`;
  }).join("\n");

const delay = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/** One ingest on a fresh server: /health latencies (from when each probe was due) and the timings. */
async function measureOnce(run: number, code: string, root: string): Promise<BenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), "sieve-bench-ingest-"));
  const port = 18_700 + run * 2 + (code === "baseline" ? 1 : 0);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(root, dataDir, port);
  try {
    const signup = (await (
      await fetch(`${base}/v1/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `bench${run}@example.org`,
          password: "bench orbit lantern staple",
          name: "Bench",
        }),
      })
    ).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${signup.access_token}` };
    // Warm the threads' reference data and the literature tables with a short file first.
    const upload = (text: string, source: string) => {
      const form = new FormData();
      form.append("source", source);
      form.append("file", new Blob([text]), "bench.pubtator");
      return fetch(`${base}/v1/nlp/ingest/pubtator`, { method: "POST", headers: auth, body: form });
    };
    const warm = await upload(pubtator(70_000_000).split("\n\n").slice(0, 3).join("\n\n"), "bench-warm-up");
    if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status} ${await warm.text()}`);

    const latencies: number[] = [];
    const load = loadavg()[0]!;
    let finished = false;
    const probing = (async () => {
      while (!finished) {
        const due = performance.now() + 100;
        await delay(100);
        const response = await fetch(`${base}/health`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
        latencies.push(performance.now() - due);
      }
    })();
    const started = performance.now();
    const cpuBefore = cpuSeconds(server.pid!);
    const accepted = await upload(pubtator(90_000_000 + run * 1_000_000), "bench-job");
    const acceptedMs = performance.now() - started;
    if (accepted.status !== 202) throw new Error(`ingest answered ${accepted.status} ${await accepted.text()}`);
    const { job_id } = (await accepted.json()) as { job_id: string };
    let job: { status: string; error_message: string | null; result?: unknown };
    for (;;) {
      job = (await (await fetch(`${base}/v1/engine/jobs/${job_id}`, { headers: auth })).json()) as typeof job;
      if (job.status !== "running") break;
      await delay(500);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(server.pid!) - cpuBefore;
    finished = true;
    await probing;
    if (job.status !== "completed") throw new Error(`job ${job.status}: ${job.error_message}`);
    const row: BenchRow = {
      code,
      run: run + 1,
      documents: total,
      health_samples: latencies.length,
      health_p50_ms: percentile(latencies, 50),
      health_p99_ms: percentile(latencies, 99),
      health_max_ms: Math.max(...latencies),
      answered_202_ms: acceptedMs,
      ingest_wall_s: wallSeconds,
      server_cpu_s: serverCpu,
      load_avg_1min_start: load,
      load_avg_1min_end: loadavg()[0]!,
    };
    console.error(JSON.stringify(row));
    return row;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const baselineRoot = process.env.BENCH_BASELINE_ROOT;
const rows: BenchRow[] = [];
for (let run = 0; run < runs; run++) {
  const sides: [string, string][] = [["this", repoRoot]];
  if (baselineRoot) sides.push(["baseline", baselineRoot]);
  if (run % 2) sides.reverse();
  for (const [code, root] of sides) rows.push(await measureOnce(run, code, root));
}
const summary = (code: string, key: string) => {
  const values = rows.filter((r) => r.code === code).map((r) => r[key] as number);
  return `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
};
const summaryRow = (code: string): BenchRow => ({
  code,
  run: "median (range)",
  documents: total,
  health_p50_ms: summary(code, "health_p50_ms"),
  health_p99_ms: summary(code, "health_p99_ms"),
  health_max_ms: summary(code, "health_max_ms"),
  answered_202_ms: summary(code, "answered_202_ms"),
  ingest_wall_s: summary(code, "ingest_wall_s"),
  server_cpu_s: summary(code, "server_cpu_s"),
});
writeBenchReport(
  (full ? "literature-ingest-health-full" : "literature-ingest-health") + (process.env.BENCH_RESULTS_SUFFIX ?? ""),
  `/health of a PGlite server through a ${total.toLocaleString("en")}-document PubTator ingest (${full ? "whole annotated abstracts" : "short documents"})`,
  [...rows, summaryRow("this"), ...(baselineRoot ? [summaryRow("baseline")] : [])],
  [
    `Method: for each run a fresh server process (apps/api/src/server.ts, PGlite in a new DATA_DIR, COMPUTE_THREADS = cores, as npm start runs it) ingests a ${total}-document PubTator file sent to POST /v1/nlp/ingest/pubtator (the 202 job path) after a 3-document warm-up; this bench process probes GET /health over HTTP 100 ms after each answer, latency counted from when the probe was due (a blocked event loop delays the answer, and that counts), until the job has completed. server_cpu_s: the server process's CPU (main and compute threads) during the ingest, from /proc.`,
    full
      ? "Documents: whole CDR training and development abstracts with all their gold mention and relation lines, cycled, each under its own PMID."
      : "Documents: real CDR training and development titles with the first 60 characters of their abstracts, cycled, each under its own PMID (about 3.4 MB for 25,000, like the issue's file).",
    ...(baselineRoot
      ? [
          `code = baseline: the same bench against the code before the change (${process.env.BENCH_BASELINE_NOTE ?? "rows per transaction unbounded at 10 documents, whole-file parse in the request, a heartbeat per batch"}), run alternately with this code in each round (which goes first alternates).`,
        ]
      : []),
    "Load average (1 min) at the start and end of each ingest is recorded: other processes on the 2 cores inflate wall times and latencies and make single runs noisy.",
    ...(process.env.BENCH_CONDITIONS ? [process.env.BENCH_CONDITIONS] : []),
    "Target (issue 21): /health p99 < 200 ms through the ingest.",
  ],
);
