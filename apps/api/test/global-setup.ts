import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createPgliteSnapshot, createPostgresTemplate, onPostgres } from "./databases";

/** Once per run of the API project: the database every test file starts from (see databases.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (onPostgres) {
    const template = await createPostgresTemplate();
    project.provide("postgresTemplate", template.name);
    return () => template.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), "sieve-api-snapshot-"));
  const file = join(dir, "pgdata.tar");
  writeFileSync(file, new Uint8Array(await (await createPgliteSnapshot()).arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
