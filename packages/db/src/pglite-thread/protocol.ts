/**
 * Messages between the main thread and the thread that owns a PGlite instance (`thread.mjs`).
 * Everything crosses by structured clone, which keeps what PGlite's parsers return (Date, bigint,
 * Uint8Array, parsed JSON, arrays); functions cannot cross, so a query's `parsers` travel as the
 * type OIDs to leave as text, and the main thread applies the functions (`client.ts`).
 */

import type { PGliteOptions } from "@electric-sql/pglite";

/** A compiled WebAssembly.Module (ES2023's lib, without the DOM's, does not declare WebAssembly; Node has it). */
export type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;

export interface ThreadStart {
  /** A data directory on disk, or null for an in-memory database (empty or from `snapshot`). */
  dataDir: string | null;
  /** A `dumpDataDir()` tarball to start the in-memory database from. */
  snapshot: ArrayBuffer | null;
  /** Compiled once per process and shared by every thread, so that each open does not compile them again. */
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
}

export type Request =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      textTypes: number[];
      tx: number | null;
    }
  | { id: number; op: "exec"; sql: string; tx: number | null }
  | { id: number; op: "begin" }
  | { id: number; op: "commit" | "rollback"; tx: number }
  | { id: number; op: "dump" }
  | { id: number; op: "close" };

/** A request before the client numbers it. */
export type Call = Request extends infer Each ? (Each extends Request ? Omit<Each, "id"> : never) : never;

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult {
  rows: unknown[];
  fields: Field[];
  affectedRows?: number;
}

/** A thrown value as it crosses: the message and every plain field (PostgreSQL's code, detail, constraint…). */
export interface ThrownError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { ready: true }
  | { ready: false; error: ThrownError }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ThrownError };
