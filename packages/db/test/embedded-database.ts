import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src";

// A fresh embedded database is created and migrated once for the file: slow on a loaded machine.
const OPEN_TIMEOUT_MS = 240_000;

/** Opens a fresh in-memory PGlite database before the file's tests and closes it after them (closing is idempotent). */
export function embeddedDatabaseForFile(): () => DatabaseHandle {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite", dataDir: null });
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database?.close());
  return () => database!;
}
