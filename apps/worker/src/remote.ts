import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { Agent, fetch } from "undici";
import { readLibraryFile } from "@sieve/chem";
import { ComputePool } from "@sieve/compute/pool";
import { runEngineTask } from "@sieve/compute/engine-task";
import { fromTransport, toTransport } from "@sieve/compute/transport";

export interface RemoteWorkerOptions {
  /** The platform's worker port, e.g. https://sieve.example.org:8443 */
  api: string;
  cert: string | Buffer;
  key: string | Buffer;
  ca: string | Buffer;
  /** Root of the local data this worker may read for `local:` references; nothing outside it. */
  dataDir: string;
  threads: number;
  signal?: AbortSignal;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

interface ClaimedJob {
  id: string;
  domain: string;
  input: Record<string, unknown>;
}

/**
 * A worker on the customer's side. It only ever opens connections to the platform (outbound, mutual
 * TLS) and pulls its organization's jobs. Inputs given as `local:` references are read here and never
 * sent anywhere: the platform receives metrics, curves, result molecules and the SHA-256 of each input.
 */
export async function runRemoteWorker(options: RemoteWorkerOptions): Promise<void> {
  const log =
    options.log ??
    ((message, fields) => console.log(JSON.stringify({ time: new Date().toISOString(), message, ...fields })));
  const dispatcher = new Agent({
    connect: { cert: options.cert, key: options.key, ca: options.ca },
    bodyTimeout: 60_000,
    headersTimeout: 60_000,
  });
  const call = async <T>(path: string, body: unknown = {}): Promise<{ status: number; body: T | null }> => {
    const response = await fetch(new URL(path, options.api), {
      method: "POST",
      dispatcher,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${path} failed: ${response.status} ${text}`);
    return { status: response.status, body: text ? (JSON.parse(text) as T) : null };
  };

  const registration = await call<{ worker_id: string; org_id: number; heartbeat_interval_ms: number }>(
    "/v1/workers/register",
  );
  log("registered", { worker_id: registration.body!.worker_id, org_id: registration.body!.org_id });
  const pool = new ComputePool(options.threads);
  try {
    while (!options.signal?.aborted) {
      let next;
      try {
        next = await call<{ job: ClaimedJob }>("/v1/workers/jobs/next");
      } catch (error) {
        if (options.signal?.aborted) break;
        log("polling failed; retrying", { error: String(error) });
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      if (next.status === 204 || !next.body) continue;
      await executeJob(next.body.job, pool, call, options, registration.body!.heartbeat_interval_ms, log);
    }
  } finally {
    await pool.close();
    await dispatcher.close();
  }
}

async function executeJob(
  job: ClaimedJob,
  pool: ComputePool,
  call: <T>(path: string, body?: unknown) => Promise<{ status: number; body: T | null }>,
  options: RemoteWorkerOptions,
  heartbeatMs: number,
  log: NonNullable<RemoteWorkerOptions["log"]>,
): Promise<void> {
  log("running job", { job_id: job.id, domain: job.domain });
  let local;
  try {
    local = resolveLocalInputs(
      onThisMachine(fromTransport<Record<string, unknown>>(job.input), options.dataDir),
      options.dataDir,
    );
  } catch (error) {
    await call(`/v1/workers/jobs/${job.id}/fail`, { error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const run = await runEngineTask(pool, job.domain, local.input, {
    heartbeatMs,
    heartbeat: async (progress, points) =>
      (await call<{ stop: boolean }>(`/v1/workers/jobs/${job.id}/heartbeat`, { progress, points })).body ?? {
        stop: false,
      },
    onHeartbeatError: (error) => log("heart-beat failed", { job_id: job.id, error: String(error) }),
  });
  if (run.outcome === "completed")
    await call(`/v1/workers/jobs/${job.id}/complete`, {
      output: toTransport(run.output),
      input_hashes: local.inputHashes,
    });
  else if (run.outcome === "failed")
    await call(`/v1/workers/jobs/${job.id}/fail`, { error: run.error }).catch(() => {});
  log(`job ${run.outcome}`, { job_id: job.id });
}

/** Paths the platform chose for its own disk (the docking cache) point into this worker's data folder instead. */
function onThisMachine(input: Record<string, unknown>, dataDir: string): Record<string, unknown> {
  return "cache_dir" in input && input.cache_dir !== null
    ? { ...input, cache_dir: join(resolve(dataDir), ".sieve-cache", "docking") }
    : input;
}

/** Replaces `smiles_source: "local:<path>"` by the structures read from this machine's data folder. */
export function resolveLocalInputs(
  input: Record<string, unknown>,
  dataDir: string,
): { input: Record<string, unknown>; inputHashes: { name: string; sha256: string }[] } {
  const source = input.smiles_source;
  if (typeof source !== "string" || !source.startsWith("local:")) return { input, inputHashes: [] };
  const name = source.slice("local:".length);
  const root = realpathSync(dataDir);
  const path = realpathSync(resolve(root, name));
  const inside = relative(root, path);
  if (inside.startsWith("..") || isAbsolute(inside)) throw new Error(`${source} is outside this worker's data folder`);
  const bytes = readFileSync(path);
  const smiles = readLibraryFile(name, bytes.toString("utf8")).records.map((record) => record.structure);
  return {
    input: { ...input, smiles },
    inputHashes: [{ name: source, sha256: createHash("sha256").update(bytes).digest("hex") }],
  };
}
