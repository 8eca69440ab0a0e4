// `npm run data:load -- [--from <folder>] [--only negatome:clintox,literature:bc5cdr]`
// Loads public reference data (negatome datasets, literature corpora) from a folder in the shared-data layout.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, DataDirLockedError } from "@sieve/db";
import { ComputePool } from "@sieve/compute/pool";
import { loadConfig } from "../config";
import { LiteratureReference } from "../modules/literature/reference";
import { REFERENCE_DATASETS, loadReferenceDatasets } from "../reference-data/datasets";

const { values } = parseArgs({ options: { from: { type: "string" }, only: { type: "string" } } });
const config = loadConfig();
const root = values.from ? resolve(values.from) : config.referenceDataRoot;
const wanted = values.only
  ? values.only.split(",").map((s) => s.trim())
  : Object.keys(REFERENCE_DATASETS).filter((name) => REFERENCE_DATASETS[name]!.available(root));
const missing = Object.keys(REFERENCE_DATASETS).filter((name) => !REFERENCE_DATASETS[name]!.available(root));
if (missing.length) console.log(`Not in ${root} (skipped): ${missing.join(", ")}`);

try {
  const database = await openDatabase(config.database);
  const pool = new ComputePool(config.computeThreads);
  try {
    const started = Date.now();
    const results = await loadReferenceDatasets(
      {
        db: database.db,
        pool,
        root,
        literature: new LiteratureReference(root, config.geneInfoDir),
        geneNamesSqlite: config.geneNamesSqlite,
      },
      wanted,
    );
    console.table(
      results.map(({ dataset, inserted, skipped, rejected }) => ({
        dataset,
        inserted,
        skipped,
        rejected: rejected.length,
      })),
    );
    for (const { dataset, rejected } of results)
      for (const r of rejected) console.log(`${dataset}: line ${r.line ?? "-"} refused: ${r.reason}`);
    console.log(`Loaded from ${root} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await pool.close();
    await database.close();
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
