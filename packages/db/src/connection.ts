import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import * as schema from "./schema/index";
import { acquireDataDirLock } from "./data-dir-lock";
import { ThreadedPglite } from "./pglite-thread/client";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

/** One open database, whichever driver is behind it. */
export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs raw SQL (parameterised with $1…): the escape hatch for libraries that bring their own SQL. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `snapshot` starts another database from. */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  // dataDir null: in memory (tests), empty or from a snapshot (a `dumpDataDir()` tarball) made earlier.
  { kind: "pglite"; dataDir: string | null; snapshot?: Blob } | { kind: "postgres"; url: string };

const migrationsFolder = join(fileURLToPath(new URL(".", import.meta.url)), "..", "migrations");
// Arbitrary constant shared by every instance: migrations run one instance at a time.
const MIGRATION_LOCK_KEY = 727_114_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "pglite" ? openPglite(options.dataDir, options.snapshot) : openPostgres(options.url);
}

/** How recent an answer from PGlite's thread must be for `ping` to count it instead of asking again. */
const RECENT_ANSWER_MS = 1000;

async function openPglite(dataDir: string | null, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir && snapshot) throw new Error("a PGlite snapshot only starts an in-memory database");
  const lock = dataDir ? acquireDataDirLock(dataDir) : null;
  try {
    // PGlite runs in a thread of its own: on this one, each statement would block the event loop.
    const client = await ThreadedPglite.open(dataDir ? join(dataDir, "pgdata") : null, snapshot);
    // drizzle's pglite session calls only `query` and `transaction` (drizzle-orm/pglite/session.js),
    // which the threaded client implements with PGlite's signatures and results.
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder }).catch(async (error: unknown) => {
      await client.close();
      throw error;
    });
    return {
      kind: "pglite",
      db,
      async executeSql(text, values) {
        if (!values?.length) {
          // PGlite's exec runs several statements at once but takes no parameters.
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows as Record<string, unknown>[] };
      },
      async ping() {
        // PGlite runs one statement or transaction at a time: behind a long ingest, a "select 1" waits its turn.
        // A statement answered within the last second already shows the database works.
        if (client.answeredWithin(RECENT_ANSWER_MS)) return;
        await client.query("select 1");
      },
      dumpDataDir: () => client.dumpDataDir(),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits here; without a listener the process would crash.
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(migrationClient, { schema }), { migrationsFolder });
  } finally {
    await migrationClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    migrationClient.release();
  }
  return {
    kind: "postgres",
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
