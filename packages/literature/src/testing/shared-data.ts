import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The shared data folder (`../shared/data` next to the repository root), for tests that read real files. */
export const SHARED_DATA_DIR = fileURLToPath(new URL("../../../../../shared/data/", import.meta.url));

export function sharedDataFile(rel: string): string {
  return fileURLToPath(new URL(rel, new URL("../../../../../shared/data/", import.meta.url)));
}

export function hasSharedData(...rels: string[]): boolean {
  return rels.every((rel) => existsSync(sharedDataFile(rel)));
}

export function readSharedData(rel: string): string {
  return readFileSync(sharedDataFile(rel), "utf8");
}

export const SKIP_MESSAGE = "../shared/data not found next to the repository: skipping tests on the real corpora";
