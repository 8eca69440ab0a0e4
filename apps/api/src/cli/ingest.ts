// `npm run ingest -- --pubtator <file> [--source <name>] [--license <text>]`
// Imports a PubTator file (with its gold mentions and relations, plus Sieve's extraction) as public literature.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, DataDirLockedError } from "@sieve/db";
import { ComputePool } from "@sieve/compute/pool";
import { loadConfig } from "../config";
import { LiteratureReference } from "../modules/literature/reference";
import { ingestPubTator } from "../modules/literature/service";

const { values } = parseArgs({
  options: { pubtator: { type: "string" }, source: { type: "string" }, license: { type: "string" } },
});
if (!values.pubtator) {
  console.error("Usage: npm run ingest -- --pubtator <file> [--source <name>] [--license <text>]");
  process.exit(2);
}
const config = loadConfig();
try {
  const text = readFileSync(values.pubtator, "utf8");
  const database = await openDatabase(config.database);
  const pool = new ComputePool(config.computeThreads);
  try {
    const started = Date.now();
    const source = values.source ?? basename(values.pubtator).split(".")[0]!.toLowerCase();
    const outcome = await ingestPubTator(
      { db: database.db, pool, reference: new LiteratureReference(config.referenceDataRoot, config.geneInfoDir) },
      null,
      text,
      source,
      values.license ?? null,
    );
    console.log(
      `${values.pubtator}: ${outcome.inserted} documents inserted, ${outcome.skipped} already present (source ${source}), in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await pool.close();
    await database.close();
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
