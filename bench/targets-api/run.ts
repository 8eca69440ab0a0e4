// Issue 8 §10: POST /v1/targets/identify over all genes once the features are loaded (p95 < 300 ms),
// and how long the `targets` engine job that computes a disease's ranking takes. In-process server on
// an in-memory database with the public reference features and the NSCLC STRING network; real HTTP.
import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { openDatabase } from "@sieve/db";
import { ComputePool } from "@sieve/compute/pool";
import { buildApp } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { percentile, writeBenchReport } from "../lib/report";

const SHARED = new URL("../../../shared/data/", import.meta.url);
const STRING_FILE = new URL("string_ppi/nsclc_string_interactions.tsv", SHARED);
if (!existsSync(new URL("hgnc/hgnc_mapper.tsv", SHARED)) || !existsSync(STRING_FILE)) {
  console.log("bench/targets-api: ../shared/data (HGNC, Disease Ontology, DrugCentral, STRING) is absent; skipped.");
  process.exit(0);
}

const config = {
  ...loadConfig({ DATA_DIR: "/tmp/sieve-bench-targets", JWT_SECRET: "bench-0123456789abcdef0123456789abcdef" }),
  logLevel: "warn",
  webDist: null,
};
const database = await openDatabase({ kind: "pglite", dataDir: null });
const compute = new ComputePool(2);
const app = await buildApp({ config, database, compute, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const json = { "content-type": "application/json" };
const { access_token: token } = (await (
  await fetch(`${base}/v1/auth/signup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "bench@example.org", password: "bench orbit lantern staple", name: "Bench" }),
  })
).json()) as { access_token: string };
const auth = { authorization: `Bearer ${token}` };

let started = performance.now();
const load = await fetch(`${base}/v1/admin/reference-data/load`, {
  method: "POST",
  headers: { ...json, ...auth },
  body: JSON.stringify({
    datasets: [
      "reference:genes",
      "reference:diseases",
      "targets:drugcentral",
      "targets:jensenlab",
      "targets:withdrawn",
    ],
  }),
});
if (!load.ok) throw new Error(`reference load failed: ${load.status} ${await load.text()}`);
const loadSeconds = (performance.now() - started) / 1000;
const form = new FormData();
form.set("file", new Blob([readFileSync(STRING_FILE)]), "nsclc_string_interactions.tsv");
const upload = await fetch(`${base}/v1/targets/ingest/string/upload`, { method: "POST", headers: auth, body: form });
if (!upload.ok) throw new Error(`STRING upload failed: ${upload.status} ${await upload.text()}`);

const identify = (disease: string, limit: number) =>
  fetch(`${base}/v1/targets/identify`, {
    method: "POST",
    headers: { ...json, ...auth },
    body: JSON.stringify({ disease, limit }),
  });

/** Asks, waits for the engine job on 202, and returns the job's wall time. */
async function computeRanking(disease: string): Promise<{ jobSeconds: number; genes: number }> {
  const t = performance.now();
  const first = await identify(disease, 10);
  if (first.status === 202) {
    const { detail } = (await first.json()) as { detail: { engine_job_id: string } };
    for (;;) {
      const job = (await (await fetch(`${base}/v1/engine/jobs/${detail.engine_job_id}`, { headers: auth })).json()) as {
        status: string;
        error_message: string | null;
      };
      if (job.status === "completed") break;
      if (job.status === "failed") throw new Error(job.error_message ?? "failed");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const body = (await (await identify(disease, 10)).json()) as { genes_ranked: number };
  return { jobSeconds: (performance.now() - t) / 1000, genes: body.genes_ranked };
}

const diseases = [
  "lung cancer",
  "Alzheimer's disease",
  "type 2 diabetes mellitus",
  "rheumatoid arthritis",
  "breast cancer",
];
const jobs = [];
for (const disease of diseases) jobs.push({ disease, ...(await computeRanking(disease)) });

const latencies: Record<number, number[]> = { 10: [], 1000: [] };
for (const limit of [10, 1000]) {
  for (let i = 0; i < 5; i++) await identify(diseases[i % diseases.length]!, limit).then((r) => r.arrayBuffer());
  for (let i = 0; i < 100; i++) {
    started = performance.now();
    const response = await identify(diseases[i % diseases.length]!, limit);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`identify answered ${response.status}`);
    latencies[limit]!.push(performance.now() - started);
  }
}
await app.close();
await compute.close();
await database.close();

writeBenchReport(
  "targets-api",
  "Target identification: cached rankings over all genes, and the ranking job",
  [
    ...[10, 1000].flatMap((limit) => [
      {
        measure: `POST /v1/targets/identify, limit ${limit}, p50 (ms)`,
        value: percentile(latencies[limit]!, 50),
        target: "",
      },
      {
        measure: `POST /v1/targets/identify, limit ${limit}, p95 (ms)`,
        value: percentile(latencies[limit]!, 95),
        target: "< 300",
      },
    ]),
    ...jobs.map((j) => ({
      measure: `ranking job for ${j.disease}: 202 → 200 (s), ${j.genes} genes ranked`,
      value: j.jobSeconds,
      target: "",
    })),
    {
      measure: "reference load: genes, diseases, DrugCentral, JensenLab, withDRAWN (s)",
      value: loadSeconds,
      target: "",
    },
  ],
  [
    "100 requests per limit, rotating over the five diseases; each answer is the full JSON read to the end.",
    "Embedded PGlite in memory; 2 compute threads; the NSCLC STRING subset uploaded as the network.",
  ],
);
