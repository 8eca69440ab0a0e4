import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Call, QueryResult, Reply, ThreadStart, ThrownError, WasmModule } from "./protocol";

const THREAD_ENTRY = new URL("./thread.mjs", import.meta.url);

type Parser = (value: string, typeId: number) => unknown;
interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, Parser>;
}

/** What drizzle-orm/pglite calls on a client and on a transaction (its session.js), and what we call. */
export interface PgliteQueries {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

export interface PgliteTransaction extends PgliteQueries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** A PostgreSQL error raised in the database thread, with its fields (code, detail, constraint…). */
export class PgliteError extends Error {
  constructor(thrown: ThrownError) {
    super(thrown.message);
    Object.assign(this, thrown.fields);
    this.name = thrown.name;
    if (thrown.stack) this.stack = thrown.stack;
  }
}

const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

let wasmModules: Promise<Pick<ThreadStart, "pgliteWasmModule" | "initdbWasmModule">> | undefined;

/** PGlite's WASM, compiled off the main thread once per process and shared by every database thread. */
function compiledWasm() {
  wasmModules ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ["pglite.wasm", "initdb.wasm"].map(async (file) => WebAssembly.compile(await readFile(join(dist, file)))),
    );
    return { pgliteWasmModule: pgliteWasmModule!, initdbWasmModule: initdbWasmModule! };
  })();
  wasmModules.catch(() => (wasmModules = undefined));
  return wasmModules;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A PGlite database running in a worker thread of its own (`thread.ts`), used from the main thread
 * as if it were the PGlite instance: PGlite executes SQL synchronously on the thread that calls it,
 * so on the main thread every statement blocked the event loop for its whole duration.
 */
export class ThreadedPglite implements PgliteQueries {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set once the thread cannot answer any more: closed by us, or stopped. */
  private stopped: Error | null = null;
  /** When the thread last answered a call (performance.now()), with a result or an SQL error alike. */
  private lastAnswerAt = -Infinity;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      if (!("id" in reply)) return;
      this.lastAnswerAt = performance.now();
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) call.resolve(reply.result);
      else call.reject(new PgliteError(reply.error));
    });
    worker.on("error", (error) => this.stop(new Error(`PGlite's database thread stopped: ${error.message}`)));
    worker.on("exit", (code) => this.stop(new Error(`PGlite's database thread stopped (exit code ${code})`)));
    // An idle database does not keep the process alive, as PGlite on the main thread did not.
    worker.unref();
  }

  /** Opens PGlite in a new thread: on `dataDir`, or in memory (from `snapshot` when given). */
  static async open(dataDir: string | null, snapshot?: Blob): Promise<ThreadedPglite> {
    const start: ThreadStart = {
      dataDir,
      snapshot: snapshot ? await snapshot.arrayBuffer() : null,
      ...(await compiledWasm()),
    };
    const worker = new Worker(THREAD_ENTRY, {
      workerData: start,
      transferList: start.snapshot ? [start.snapshot] : [],
    });
    const listeners: {
      message?: (reply: Reply) => void;
      error?: (error: Error) => void;
      exit?: (code: number) => void;
    } = {};
    try {
      await new Promise<void>((ready, failed) => {
        listeners.message = (reply) =>
          "ready" in reply && reply.ready ? ready() : failed(new PgliteError((reply as { error: ThrownError }).error));
        listeners.error = failed;
        listeners.exit = (code) => failed(new Error(`PGlite's database thread exited (code ${code}) while opening`));
        worker.once("message", listeners.message).once("error", listeners.error).once("exit", listeners.exit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off("message", listeners.message!).off("error", listeners.error!).off("exit", listeners.exit!);
    }
    return new ThreadedPglite(worker);
  }

  /** Whether the thread is open and answered a call within the last `ms` milliseconds: proof that the database works. */
  answeredWithin(ms: number): boolean {
    return !this.stopped && performance.now() - this.lastAnswerAt <= ms;
  }

  async query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.runQuery(sql, params, options, null);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.call({ op: "exec", sql, tx: null });
  }

  /**
   * Runs `callback` in a transaction that holds PGlite's lock in the thread until it settles: committed
   * when it resolves, rolled back when it throws (PGlite's own semantics, which drizzle relies on).
   */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: "begin" });
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: PgliteTransaction = {
      query: async (sql, params = [], options = {}) => (ensureOpen(), this.runQuery(sql, params, options, id)),
      exec: async (sql) => (ensureOpen(), this.call<QueryResult[]>({ op: "exec", sql, tx: id })),
      rollback: async () => {
        ensureOpen();
        closed = true;
        await this.call({ op: "rollback", tx: id });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const value = await callback(tx);
      if (!closed) {
        closed = true;
        await this.call({ op: "commit", tx: id });
      }
      return value;
    } catch (error) {
      if (!closed) {
        closed = true;
        // The callback's error says what went wrong; a rollback failing after it (the thread stopped) would hide it.
        await this.call({ op: "rollback", tx: id }).catch(() => {});
      }
      throw error;
    }
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: "dump" })]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.stop(new Error("PGlite is closed"));
      await this.worker.terminate();
    }
  }

  /**
   * PGlite parses each column with its `parsers`, functions that cannot cross to the thread: there
   * those columns stay text, and the parsers run here on the same text (null stays null, as in PGlite).
   */
  private async runQuery(sql: string, params: unknown[], options: QueryOptions, tx: number | null) {
    const parsers = options.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const rowMode = options.rowMode ?? "object";
    const result = await this.call<QueryResult>({ op: "query", sql, params, rowMode, textTypes, tx });
    result.fields.forEach((field, index) => {
      const parse = parsers[field.dataTypeID];
      if (!parse) return;
      const key = rowMode === "array" ? index : field.name;
      for (const row of result.rows as Record<string | number, unknown>[])
        if (row[key] !== null) row[key] = parse(row[key] as string, field.dataTypeID);
    });
    return result;
  }

  private call<T>(request: Call): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
  }
}
