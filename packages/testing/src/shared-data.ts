import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The shared reference data live beside the repository (`../shared/data` from its root) and are read
 * in place, never copied. A test that needs a file fails when it is absent, so that a run without
 * the data can never look green; `.ci/run` checks the same list first and names what is missing.
 */
const SHARED_DATA = new URL("../../../../shared/data/", import.meta.url);
export const SHARED_DATA_DIR = fileURLToPath(SHARED_DATA);

/** The files tests may require, from shared-data-files.txt (one path a line, `#` comments). */
export const SHARED_DATA_FILES: readonly string[] = readFileSync(
  new URL("../shared-data-files.txt", import.meta.url),
  "utf8",
)
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

export function sharedDataFile(relative: string): string {
  return fileURLToPath(new URL(relative, SHARED_DATA));
}

/** Whether every file is present: for benchmarks and optional inputs, never to skip a test. */
export function hasSharedData(...relatives: string[]): boolean {
  return relatives.every((relative) => existsSync(sharedDataFile(relative)));
}

/**
 * Throws, naming each missing file, unless every file is present; a test calls it before it reads
 * them (at the top of the file or in a `beforeAll`), so missing data fails the run.
 */
export function requireSharedData(...relatives: string[]): void {
  const unlisted = relatives.filter((relative) => !SHARED_DATA_FILES.includes(relative));
  if (unlisted.length > 0)
    throw new Error(
      `${unlisted.join(", ")}: not in packages/testing/shared-data-files.txt; list every shared file a test reads there`,
    );
  const missing = relatives.filter((relative) => !existsSync(sharedDataFile(relative)));
  if (missing.length > 0)
    throw new Error(
      `shared data missing under ${SHARED_DATA_DIR}: ${missing.join(", ")} (the tests read ../shared/data beside the repository; see its README)`,
    );
}

/** A required shared file's text (throws when it is absent, as requireSharedData). */
export function readSharedData(relative: string): string {
  requireSharedData(relative);
  return readFileSync(sharedDataFile(relative), "utf8");
}
