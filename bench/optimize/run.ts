import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { loadRDKit } from "@sieve/chem";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { METHODS } from "./methods";
import { loadStartingPool } from "./pool";
import { TASKS } from "./tasks";
import type { Job, JobResult } from "./worker";

// PMO-style benchmark of @sieve/optimize: every task × method × seed with a fixed oracle budget,
// scored by the AUC of the top-10 mean against oracle calls. `--quick` is a smoke run.
const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes("--quick");
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
// --seeds=N and --budget=N override the mode's settings (for trying the script out).
const seeds = Array.from({ length: Number(option("seeds") ?? (quick ? 2 : 5)) }, (_, i) => i);
const budget = Number(option("budget") ?? (quick ? 1_000 : 10_000));
const workers = 2;
const POOL_SIZE = 1_500;
const THROUGHPUT_SAMPLE = 1_000;
const dataPath = join(here, "..", "..", "..", "shared", "data", "drugcentral", "structures.smiles.tsv");

const rdkit = await loadRDKit();
const pool = loadStartingPool(rdkit, dataPath, POOL_SIZE);
if (!pool) {
  console.log(`bench/optimize skipped: ${dataPath} is absent (the starting pool comes from DrugCentral in shared/data).`);
  process.exit(0);
}
console.log(`Starting pool: ${pool.length} DrugCentral molecules; ${seeds.length} seeds × ${budget} oracle calls per run.`);

// BatchDiversity is the product's setting, so it is measured on the product's objective only
// (it doubles the per-molecule cost and would push the full run past an hour on two cores).
const methodsOf = (task: string) => METHODS.filter((method) => method !== "graph_ga_batch_diversity" || task === "multi_property");
// Slow jobs first, so the two workers finish together.
const cost = (job: Job) => (job.method === "random_sampling" ? 1 : 0);
const jobs: Job[] = Object.keys(TASKS)
  .flatMap((task) => methodsOf(task).flatMap((method) => seeds.map((seed) => ({ task, method, seed, budget }))))
  .sort((a, b) => cost(a) - cost(b));
const partialPath = join(here, "..", "results", "optimize-runs.jsonl");
mkdirSync(dirname(partialPath), { recursive: true });
writeFileSync(partialPath, "");
const results = await runJobs(jobs);
const throughput = oracleThroughput();

const rows: BenchRow[] = [];
for (const task of Object.keys(TASKS)) {
  for (const method of methodsOf(task)) {
    const runs = results.filter((r) => r.task === task && r.method === method);
    const aucs = runs.map((r) => r.auc);
    const calls = sum(runs.map((r) => r.calls));
    rows.push({
      task,
      method,
      auc_top10: `${mean(aucs).toFixed(3)} ± ${sd(aucs).toFixed(3)}`,
      best_mean: round(mean(runs.map((r) => r.best))),
      best_max: round(Math.max(...runs.map((r) => r.best))),
      oracle_calls: Math.round(calls / runs.length),
      oracle_calls_per_cpu_s: throughput[task]!,
      run_calls_per_s: Math.round(calls / sum(runs.map((r) => r.seconds))),
    });
  }
}
writeBenchReport("optimize", "Graph GA (GB-GA) against baselines, PMO style", rows, [
  `${seeds.length} seeds per cell, budget ${budget} oracle calls per run; AUC top-10 as PMO's top_auc (logged every 100 calls), mean ± sample sd over seeds.`,
  `Starting pool: ${pool.length} DrugCentral molecules (10–40 heavy atoms, neutral, one fragment), without the task references and their analogues (Morgan Tanimoto ≥ 0.5).`,
  "graph_ga: population 120, offspring 70, mutation rate 0.067 (PMO's settings); graph_ga_batch_diversity (the product's setting, run on its objective only) adds BatchDiversity with dimension 8.",
  `oracle_calls_per_cpu_s: the task's objective alone scoring ${THROUGHPUT_SAMPLE} pool molecules on one thread (parse included), per second of that thread's CPU time, measured after the runs; run_calls_per_s: oracle calls over the wall time of whole runs, operators included, while two runs share the machine with other work.`,
  `${workers} worker threads; each run is single-threaded.`,
]);

/** Single-thread oracle calls per CPU second for each task, measured with nothing else running in this process. */
function oracleThroughput(): Record<string, number> {
  const sample = pool!.slice(0, THROUGHPUT_SAMPLE);
  return Object.fromEntries(
    Object.entries(TASKS).map(([task, makeObjective]) => {
      const objective = makeObjective(rdkit);
      const before = process.cpuUsage();
      for (const smiles of sample) {
        const mol = rdkit.get_mol(smiles)!;
        objective.score(mol);
        mol.delete();
      }
      const used = process.cpuUsage(before);
      return [task, Math.round(sample.length / ((used.user + used.system) / 1e6))];
    }),
  );
}

function runJobs(queue: Job[]): Promise<JobResult[]> {
  const done: JobResult[] = [];
  let next = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let running = 0;
    for (let w = 0; w < Math.min(workers, queue.length); w++) {
      const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url), { workerData: { pool } });
      running++;
      const feed = () => {
        if (next < queue.length) return worker.postMessage(queue[next++]);
        void worker.terminate();
        if (--running === 0) resolve(done);
      };
      worker.on("message", (result: JobResult) => {
        done.push(result);
        // Kept as they come, so that a run cut short still leaves its finished runs behind.
        appendFileSync(partialPath, JSON.stringify(result) + "\n");
        const elapsed = ((performance.now() - started) / 1000).toFixed(0);
        console.log(`[${done.length}/${queue.length} ${elapsed}s] ${result.task} ${result.method} seed ${result.seed}: AUC ${result.auc.toFixed(3)}, best ${result.best.toFixed(3)}, ${result.calls} calls in ${result.seconds.toFixed(1)} s`);
        feed();
      });
      worker.on("error", reject);
      worker.on("online", feed);
    }
  });
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}
function mean(values: number[]): number {
  return values.length === 0 ? NaN : sum(values) / values.length;
}
function sd(values: number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(sum(values.map((v) => (v - m) ** 2)) / (values.length - 1));
}
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
