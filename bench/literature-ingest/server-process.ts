// A real API server (`apps/api/src/server.ts`, as `npm start` runs it) in a child process, for benches that
// measure it from outside: its CPU comes from /proc, apart from the bench's own.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const delay = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/**
 * Starts the server of the checkout at `root` on PGlite in `dataDir` and waits for /health. BENCH_NODE_ARGS adds
 * flags to its node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/x"); `env` adds settings.
 */
export async function startServer(
  root: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const extra = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...extra, "--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET: "bench-0123456789abcdef0123456789abcdef",
      LOG_LEVEL: "warn",
      WEB_DIST: join(dataDir, "no-web"),
      SIGNUPS_PER_IP_PER_HOUR: "1000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
    if (up?.ok) return server;
    await delay(250);
  }
  throw new Error("the server did not start");
}

export async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resume) => server.once("exit", resume));
  server.kill("SIGTERM");
  await exited;
}

/** utime + stime of a /proc stat file, in seconds. */
function statSeconds(statFile: string): number {
  const fields = readFileSync(statFile, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds the process has used (all its threads), from /proc. */
export function cpuSeconds(pid: number): number {
  return statSeconds(`/proc/${pid}/stat`);
}

/** CPU seconds of each live thread of the process, by thread id (the main thread's id is the process id). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), statSeconds(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}
