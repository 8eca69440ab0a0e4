import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "@sieve/db";
import { EngineQueue } from "../src/modules/engine/queue";

/**
 * The databases API test files start from. The API suite runs twice: on PGlite (always) and, with
 * SIEVE_TEST_DB=postgres, on a real PostgreSQL where every test file gets a database of its own,
 * dropped afterwards. That server is SIEVE_TEST_PG_ADMIN_URL's, else DATABASE_URL's (same
 * credentials), else 127.0.0.1:5432, as in scripts/test.mjs.
 *
 * Migrating and creating pg-boss's schema cost more than anything else a file does before its first
 * test, so `global-setup.ts` does it once per run: a PGlite snapshot (`dumpDataDir`) that each file
 * loads, and a PostgreSQL template database that each file's database is created from.
 */
export const onPostgres = process.env.SIEVE_TEST_DB === "postgres";
export const postgresAdminUrl =
  process.env.SIEVE_TEST_PG_ADMIN_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (global-setup.ts). */
    pgliteSnapshot?: string;
    /** A migrated PostgreSQL database to create each file's database from (global-setup.ts). */
    postgresTemplate?: string;
  }
}

/** What every file's database holds before its first test: the migrations and pg-boss's schema. */
async function prepare(database: DatabaseHandle): Promise<void> {
  const queue = await EngineQueue.start(database);
  await queue.stop();
}

export async function createPgliteSnapshot(): Promise<Blob> {
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await prepare(database);
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createScratchPostgres(undefined, null);
  try {
    const database = await openDatabase({ kind: "postgres", url: template.url });
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}

let snapshot: Blob | undefined;

/** An in-memory PGlite database, loaded from the run's snapshot when there is one. */
export function pgliteOptions(): DatabaseOptions {
  const file = inject("pgliteSnapshot");
  if (file) snapshot ??= new Blob([readFileSync(file)]);
  return { kind: "pglite", dataDir: null, ...(snapshot ? { snapshot } : {}) };
}

/**
 * A fresh, uniquely named database on the test PostgreSQL server (through `databaseUrl`'s host when
 * given), a copy of the run's template database unless `template` is null.
 */
export async function createScratchPostgres(
  connectThrough?: string,
  template: string | null | undefined = inject("postgresTemplate"),
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `sieve_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(connectThrough ?? postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
