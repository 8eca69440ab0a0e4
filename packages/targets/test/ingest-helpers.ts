import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseHgnc } from "@sieve/literature";
import { readSharedData } from "@sieve/testing";
import { GeneIndex } from "../src/genes";
import { IngestError } from "../src/types";

/** Test helpers for the upload parsers; the shared data folder is read in place (@sieve/testing). */
const FIXTURES_URL = new URL("./fixtures/", import.meta.url);

export function readFixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(name, FIXTURES_URL)), "utf8");
}

const HGNC_FILE = "hgnc/hgnc_mapper.tsv";

let hgncIndex: GeneIndex | undefined;
/** The gene index over the shared HGNC table, built once per test file (47,837 genes). */
export function sharedGeneIndex(): GeneIndex {
  hgncIndex ??= new GeneIndex(parseHgnc(readSharedData(HGNC_FILE)));
  return hgncIndex;
}

/** The IngestError `run` throws (failing the test when it throws nothing or something else). */
export function ingestErrorOf(run: () => unknown): IngestError {
  try {
    run();
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error("expected an IngestError, but nothing was thrown");
}
