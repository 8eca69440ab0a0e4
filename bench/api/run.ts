// Issue 4 §8, §10: the analysis API against the single-thread chemistry core, and /health while a
// 10,000-molecule request runs. In-process server on an in-memory database; real HTTP on loopback.
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { AddressInfo } from "node:net";
import { analyzeMolecule, loadRDKit } from "@sieve/chem";
import { openDatabase } from "@sieve/db";
import { ComputePool } from "@sieve/worker/pool";
import { buildApp } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { percentile, writeBenchReport } from "../lib/report";

const DRUGCENTRAL = new URL("../../../shared/data/drugcentral/structures.smiles.tsv", import.meta.url);
if (!existsSync(DRUGCENTRAL)) {
  console.log("bench/api: ../shared/data/drugcentral/structures.smiles.tsv is absent; skipped.");
  process.exit(0);
}
const allSmiles = readFileSync(DRUGCENTRAL, "utf8")
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t")[0]!)
  .filter(Boolean);
const thousand = allSmiles.slice(0, 1000);
const tenThousand = Array.from({ length: 10_000 }, (_, i) => allSmiles[i % allSmiles.length]!);

// Single thread, same descriptors (all incl. QED and SA, no SVG), same molecules.
const rdkit = await loadRDKit();
for (const smiles of thousand.slice(0, 50)) analyzeMolecule(rdkit, smiles);
let started = performance.now();
for (const smiles of thousand) analyzeMolecule(rdkit, smiles);
const singleThreadRate = thousand.length / ((performance.now() - started) / 1000);

const threads = availableParallelism();
const config = {
  ...loadConfig({ DATA_DIR: "/tmp/sieve-bench-api", JWT_SECRET: "bench-0123456789abcdef0123456789abcdef" }),
  logLevel: "warn",
  webDist: null,
  engine: { embedded: false, heartbeatTimeoutS: 30, heartbeatMs: 1000, reapIntervalMs: 60_000 },
};
const database = await openDatabase({ kind: "pglite", dataDir: null });
const compute = new ComputePool(threads);
const app = await buildApp({ config, database, compute, engine: config.engine, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const signup = (await (
  await fetch(`${base}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.org", password: "bench orbit lantern staple", name: "Bench" }),
  })
).json()) as { access_token: string };
const analyze = (smiles: string[]) =>
  fetch(`${base}/v1/molecules/analyze`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${signup.access_token}` },
    body: JSON.stringify({ smiles }),
  }).then((r) => r.json());

while (compute.liveThreads < threads) await new Promise((r) => setTimeout(r, 100));
await analyze(thousand.slice(0, 200)); // warm the threads
const rates: number[] = [];
for (let i = 0; i < 3; i++) {
  started = performance.now();
  await analyze(thousand);
  rates.push(thousand.length / ((performance.now() - started) / 1000));
}
const apiRate = rates.sort((a, b) => a - b)[1]!;

// /health latency while a 10,000-molecule request is being analysed.
const healthLatencies: number[] = [];
let bigDone = false;
const big = analyze(tenThousand).then(() => (bigDone = true));
while (!bigDone) {
  const t = performance.now();
  await fetch(`${base}/health`).then((r) => r.text());
  healthLatencies.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 50));
}
await big;
await app.close();
await compute.close();
await database.close();

writeBenchReport(
  "api-analysis",
  "Molecule analysis: API on the compute pool vs the single-thread core",
  [
    { measure: "single-thread analyzeMolecule (molecules/s)", value: singleThreadRate, target: "" },
    {
      measure: `POST /v1/molecules/analyze, 1,000 SMILES per request, ${threads} threads (molecules/s, median of 3)`,
      value: apiRate,
      target: "",
    },
    { measure: "API / single thread", value: apiRate / singleThreadRate, target: "≥ 1.6" },
    {
      measure: "/health p50 while 10,000 SMILES are analysed (ms)",
      value: percentile(healthLatencies, 50),
      target: "",
    },
    {
      measure: "/health p95 while 10,000 SMILES are analysed (ms)",
      value: percentile(healthLatencies, 95),
      target: "< 100",
    },
    { measure: "/health samples", value: healthLatencies.length, target: "" },
  ],
  [
    "Descriptors: all of analyzeMolecule (incl. QED, SA score, InChIKey), no SVG; first 1,000 rows of DrugCentral structures.smiles.tsv.",
  ],
);
