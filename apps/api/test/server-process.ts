import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const SERVER = new URL("../src/server.ts", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "sieve-startup-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real server entry with `env` until it exits; a server that starts instead is killed after 60 s. */
export async function startServer(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const { JWT_SECRET: _secret, DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, COMPUTE_THREADS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(guard);
  // Node's own warnings ("(node:123) Warning: …") are not ours to judge.
  const lines = output
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("(node:") && !line.startsWith("(Use `node"));
  return { code, lines };
}

export async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
