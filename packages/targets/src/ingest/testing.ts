import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseHgnc } from "@sieve/literature";
import { GeneIndex } from "../genes";
import { IngestError } from "../types";

/**
 * Test helpers: the shared data folder (`../shared/data` next to the repository root) is read in
 * place, never copied into the repository; tests skip when it is absent.
 */
const SHARED_DATA_URL = new URL("../../../../../shared/data/", import.meta.url);
const FIXTURES_URL = new URL("../../test/fixtures/", import.meta.url);

export function sharedDataFile(rel: string): string {
  return fileURLToPath(new URL(rel, SHARED_DATA_URL));
}

export function hasSharedData(...rels: string[]): boolean {
  return rels.every((rel) => existsSync(sharedDataFile(rel)));
}

export function readSharedData(rel: string): string {
  return readFileSync(sharedDataFile(rel), "utf8");
}

export function readFixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(name, FIXTURES_URL)), "utf8");
}

export const HGNC_FILE = "hgnc/hgnc_mapper.tsv";

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
