// The thread that owns one PGlite instance (protocol.ts describes its messages; client.ts is the main
// thread's side). PGlite is PostgreSQL compiled to WASM and runs each statement synchronously on the
// thread that calls it: here, so that the main thread's event loop keeps answering meanwhile. Requests
// are handled as they come; PGlite's own lock orders them as it did on the main thread (a transaction
// holds it from BEGIN to COMMIT or ROLLBACK).
// Plain JavaScript: a thread starts without the parent's TypeScript loader, and registering one
// (tsx) costs each thread seconds on a loaded machine, which every test file opening databases pays.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @type {import("./protocol").ThreadStart} */
const start = workerData;
/** Open transactions by id: PGlite's transaction object, and how to end its callback. */
const transactions = new Map();
let nextTransaction = 1;
const keepAsText = (value) => value;

/** Why the main thread's transaction callback failed: PGlite rolls back on any throw, this one is ours. */
class RollbackRequested extends Error {}

const database = await PGlite.create({
  ...(start.dataDir ? { dataDir: start.dataDir } : start.snapshot ? { loadDataDir: new Blob([start.snapshot]) } : {}),
  pgliteWasmModule: start.pgliteWasmModule,
  initdbWasmModule: start.initdbWasmModule,
}).catch((error) => {
  parentPort.postMessage({ ready: false, error: thrown(error) });
  return null;
});

if (database) {
  parentPort.on("message", (request) => void answer(request));
  parentPort.postMessage({ ready: true });
}

/** @param {import("./protocol").Request} request */
async function answer(request) {
  try {
    const result = await perform(request);
    parentPort.postMessage({ id: request.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, error: thrown(error) });
  }
}

/** @param {import("./protocol").Request} request */
async function perform(request) {
  switch (request.op) {
    case "query": {
      const target = request.tx === null ? database : transaction(request.tx).tx;
      const parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, keepAsText]));
      return crossing(await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers }));
    }
    case "exec": {
      const target = request.tx === null ? database : transaction(request.tx).tx;
      return (await target.exec(request.sql)).map(crossing);
    }
    case "begin":
      return begin();
    case "commit": {
      const open = transaction(request.tx);
      transactions.delete(request.tx);
      open.commit();
      await open.done;
      return null;
    }
    case "rollback": {
      const open = transaction(request.tx);
      transactions.delete(request.tx);
      open.rollback(new RollbackRequested());
      await open.done.catch((error) => {
        if (!(error instanceof RollbackRequested)) throw error;
      });
      return null;
    }
    case "dump":
      return (await database.dumpDataDir("none")).arrayBuffer();
    case "close":
      await database.close();
      return null;
    default:
      throw new Error(`Unknown request ${request.op}`);
  }
}

/** Starts a PGlite transaction that stays open, holding PGlite's lock, until "commit" or "rollback". */
function begin() {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    const done = database.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          started(id);
        }),
    );
    // Before the callback ran (BEGIN failed) this fails "begin"; afterwards `started` has settled it.
    done.catch(failed);
  });
}

function transaction(id) {
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is closed`);
  return open;
}

/** @returns {import("./protocol").QueryResult} */
function crossing(result) {
  return {
    rows: result.rows,
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: result.affectedRows,
  };
}

/** @returns {import("./protocol").ThrownError} */
function thrown(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields = {};
  // PostgreSQL's fields (code, detail, constraint, table…) and PGlite's query and params; not its
  // queryOptions, which hold functions.
  for (const [key, value] of Object.entries(error))
    if (typeof value !== "function" && typeof value !== "object") fields[key] = value;
  if (Array.isArray(error.params)) fields.params = error.params;
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
