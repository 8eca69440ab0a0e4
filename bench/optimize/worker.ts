import { parentPort, workerData } from "node:worker_threads";
import { loadRDKit } from "@sieve/chem";
import { BENCH_DIMENSION, runMethod, type Method } from "./methods";
import { topKAuc } from "./pmo-auc";
import { taskPool } from "./pool";
import { TASKS } from "./tasks";

export interface Job {
  task: string;
  method: Method;
  seed: number;
  budget: number;
}

export interface JobResult extends Job {
  auc: number;
  best: number;
  calls: number;
  seconds: number;
  /** Size of the task's starting pool (records before per-task pools have none). */
  pool_size?: number;
  /** BatchDiversity's embedding size, for graph_ga_batch_diversity (records before it was kept have none). */
  dimension?: number;
  /** When the run ended (records before it was kept have none). */
  measured_at?: string;
  /** Where a record not written by a run comes from (the transcribed lines of optimize-runs.txt). */
  source?: string;
}

const rdkit = await loadRDKit();
const pool = (workerData as { pool: string[] }).pool;

parentPort!.on("message", (job: Job) => {
  const objective = TASKS[job.task]!(rdkit);
  const startingPool = taskPool(rdkit, job.task, objective, pool);
  const fitness: number[] = [];
  const start = performance.now();
  runMethod(rdkit, job.method, objective, startingPool, job.seed, job.budget, (e) => fitness.push(e.fitness));
  const result: JobResult = {
    ...job,
    auc: topKAuc(fitness, job.budget),
    best: Math.max(0, ...fitness),
    calls: fitness.length,
    seconds: (performance.now() - start) / 1000,
    pool_size: startingPool.length,
    ...(job.method === "graph_ga_batch_diversity" ? { dimension: BENCH_DIMENSION } : {}),
    measured_at: new Date().toISOString(),
  };
  parentPort!.postMessage(result);
});
