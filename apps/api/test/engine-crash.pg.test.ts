import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchPostgres } from "./context";

/**
 * Real server processes on a real PostgreSQL: a job survives a kill -9 of the process running it or
 * of the one delivering it, and two instances sharing one database never run the same job twice.
 */
const SERVER = new URL("../src/server.ts", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "sieve-crash-"));
let database: Awaited<ReturnType<typeof createScratchPostgres>>;
const processes: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: "crash-test-secret-0123456789abcdef0123456789abcdef",
      ENGINE_HEARTBEAT_TIMEOUT_S: "3",
      COMPUTE_THREADS: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: "ignore",
  });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${url}/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, process: child };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

interface Job {
  id: string;
  status: string;
  attempts: number;
  run_id: string;
  progress: { generation?: number } | null;
}

async function api<T>(
  url: string,
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await response.json()) as T;
}

async function waitForJob(
  url: string,
  token: string,
  id: string,
  predicate: (job: Job) => boolean,
  timeoutMs = 90_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api<Job>(url, `/v1/engine/jobs/${id}`, token);
    if (predicate(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  database = await createScratchPostgres();
});
async function stopAll(): Promise<void> {
  await Promise.all(
    processes.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}

afterAll(async () => {
  await stopAll();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("engine on PostgreSQL with real processes", () => {
  it("retries a job whose worker process was killed with SIGKILL, and finishes it", { timeout: 180_000 }, async () => {
    const first = await startServer();
    const { access_token: token } = await api<{ access_token: string }>(first.url, "/v1/auth/signup", null, {
      method: "POST",
      body: { email: "crash@example.org", password: "crash orbit lantern staple", name: "Crash Test" },
    });
    const project = await api<{ id: number }>(first.url, "/v1/projects", token, {
      method: "POST",
      body: { name: "Crash", ruo_ack: true },
    });
    const job = await api<Job>(first.url, `/v1/projects/${project.id}/runs/molecular`, token, {
      method: "POST",
      body: {
        smiles: ["CC(=O)Oc1ccccc1C(=O)O", "c1ccc2ccccc2c1", "CCN(CC)CCOC(=O)c1ccc(N)cc1"],
        population_size: 40,
        max_generations: 30,
        seed: 1,
      },
    });
    await waitForJob(first.url, token, job.id, (j) => j.status === "running" && (j.progress?.generation ?? 0) >= 1);
    first.process.kill("SIGKILL");

    const second = await startServer();
    const finished = await waitForJob(
      second.url,
      token,
      job.id,
      (j) => j.status === "completed" || j.status === "failed",
    );
    expect(finished.status).toBe("completed");
    expect(finished.attempts).toBe(2);
    const run = await api<{ status: string }>(second.url, `/v1/runs/${finished.run_id}`, token);
    expect(run.status).toBe("completed");
  });

  it(
    "runs queued jobs whose delivery was lost when a process died between two steps",
    { timeout: 180_000 },
    async () => {
      await stopAll();
      // No embedded worker: the jobs stay queued with their deliveries waiting, until we break them.
      const submitter = await startServer({ ENGINE_EMBEDDED: "false" });
      const { access_token: token } = await api<{ access_token: string }>(submitter.url, "/v1/auth/signup", null, {
        method: "POST",
        body: { email: "stranded@example.org", password: "stranded orbit lantern staple", name: "Lost Deliveries" },
      });
      const project = await api<{ id: number }>(submitter.url, "/v1/projects", token, {
        method: "POST",
        body: { name: "Stranded", ruo_ack: true },
      });
      const submit = async (seed: number) =>
        (
          await api<Job>(submitter.url, `/v1/projects/${project.id}/runs/molecular`, token, {
            method: "POST",
            body: { smiles: ["CCO", "c1ccccc1O"], population_size: 20, max_generations: 10, seed },
          })
        ).id;
      const [unsent, acknowledged] = [await submit(1), await submit(2)];
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        // Killed between creating the job row and sending it: pg-boss has no delivery at all.
        await client.query("delete from pgboss.job where data->>'jobId' = $1", [unsent]);
        // Killed between taking the delivery (acknowledged at once) and claiming the job.
        await client.query(
          "update pgboss.job set state = 'completed', started_on = now(), completed_on = now() where data->>'jobId' = $1",
          [acknowledged],
        );
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from pgboss.job where data->>'jobId' = any($1) and state in ('created', 'retry')",
          [[unsent, acknowledged]],
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await client.end();
      }
      for (const id of [unsent, acknowledged])
        expect((await api<Job>(submitter.url, `/v1/engine/jobs/${id}`, token)).status).toBe("queued");
      submitter.process.kill("SIGKILL");

      const restarted = await startServer();
      const jobs = await Promise.all(
        [unsent, acknowledged].map((id) =>
          waitForJob(restarted.url, token, id, (j) => j.status === "completed" || j.status === "failed", 60_000),
        ),
      );
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
        ["completed", 1],
        ["completed", 1],
      ]);
    },
  );

  it("runs each job exactly once when two instances share the queue", { timeout: 180_000 }, async () => {
    await stopAll(); // only the two instances below may take jobs
    const [a, b] = [await startServer(), await startServer()];
    const { access_token: token } = await api<{ access_token: string }>(a.url, "/v1/auth/signup", null, {
      method: "POST",
      body: { email: "concurrent@example.org", password: "concurrent orbit lantern staple", name: "Two Instances" },
    });
    const project = await api<{ id: number }>(a.url, "/v1/projects", token, {
      method: "POST",
      body: { name: "Concurrent", ruo_ack: true },
    });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const url = i % 2 ? a.url : b.url;
      ids.push(
        (
          await api<Job>(url, `/v1/projects/${project.id}/runs/molecular`, token, {
            method: "POST",
            body: { smiles: ["CCO", "c1ccccc1O"], population_size: 20, max_generations: 10, seed: i },
          })
        ).id,
      );
    }
    const jobs = await Promise.all(
      ids.map((id) => waitForJob(b.url, token, id, (j) => j.status === "completed" || j.status === "failed")),
    );
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(ids.map(() => ["completed", 1]));
    // Both instances took work (each has one compute thread, and the jobs take seconds each).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(distinct worker_id)::int as n from engine_jobs where id = any($1)",
      [ids],
    );
    await client.end();
    expect(rows[0]!.n).toBe(2);
  });
});
