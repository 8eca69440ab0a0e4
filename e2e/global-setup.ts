import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureWebBuild, startServer } from "./harness";

/**
 * Once per e2e run: the web build, and a server started on an empty DATA_DIR and stopped, whose embedded database
 * (migrated, with pg-boss's schema) every file's server starts from a copy of.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), "sieve-e2e-template-"));
  const server = await startServer({ template: null, dataDir: dir });
  await server.stop();
  project.provide("e2eDatabaseTemplate", join(dir, "pgdata"));
  return async () => rmSync(dir, { recursive: true, force: true });
}
