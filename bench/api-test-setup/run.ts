import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "@sieve/db";
import { EngineQueue } from "../../apps/api/src/modules/engine/queue";
import {
  createPgliteSnapshot,
  createPostgresTemplate,
  createScratchPostgres,
  postgresAdminUrl,
} from "../../apps/api/test/databases";
import { percentile, writeBenchReport, type BenchRow } from "../lib/report";

// What an API test file spends on its database before its first test, the way apps/api/test/context.ts
// opens it: a fresh database migrated and given pg-boss's schema, against one copied from the run's
// snapshot (PGlite) or template (PostgreSQL). Interleaved rounds after one warm-up of each; wall time
// and the process's CPU time (less sensitive to a loaded machine), median and range.
const ROUNDS = 5;

type Open = () => Promise<{ database: DatabaseHandle; cleanup(): Promise<void> }>;

interface Sample {
  wall: number;
  cpu: number;
}

async function timed(open: Open): Promise<Sample> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const { database, cleanup } = await open();
  const queue = await EngineQueue.start(database);
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  await queue.stop();
  await database.close();
  await cleanup();
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const pglite = (options: DatabaseOptions) => async () => ({
  database: await openDatabase(options),
  cleanup: async () => {},
});
const postgres = (template: string | null) => async () => {
  const scratch = await createScratchPostgres(undefined, template);
  return { database: await openDatabase({ kind: "postgres", url: scratch.url }), cleanup: () => scratch.drop() };
};

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const loadAtStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
const snapshot = await createPgliteSnapshot();
const template = (await postgresReachable()) ? await createPostgresTemplate() : null;
const variants: [string, Open][] = [
  ["PGlite: fresh, migrated", pglite({ kind: "pglite", dataDir: null })],
  ["PGlite: from the run's snapshot", pglite({ kind: "pglite", dataDir: null, snapshot })],
];
if (template)
  variants.push(
    ["PostgreSQL: fresh database, migrated", postgres(null)],
    ["PostgreSQL: copy of the run's template", postgres(template.name)],
  );
const samples = new Map(variants.map(([name]) => [name, [] as Sample[]]));
try {
  for (const [, open] of variants) await timed(open);
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, open] of variants) samples.get(name)!.push(await timed(open));
} finally {
  await template?.drop();
}

const rows: BenchRow[] = variants.map(([name]) => {
  const wall = samples.get(name)!.map((s) => s.wall);
  const cpu = samples.get(name)!.map((s) => s.cpu);
  return {
    setup: name,
    rounds: ROUNDS,
    wall_median_ms: Math.round(percentile(wall, 50)),
    wall_range_ms: `${Math.round(Math.min(...wall))}–${Math.round(Math.max(...wall))}`,
    cpu_median_ms: Math.round(percentile(cpu, 50)),
    cpu_range_ms: `${Math.round(Math.min(...cpu))}–${Math.round(Math.max(...cpu))}`,
  };
});
writeBenchReport("api-test-setup", "API test files: database setup before the first test", rows, [
  `Interleaved, ${ROUNDS} rounds after a warm-up of each variant; time to an open database with pg-boss's schema.`,
  "CPU is this process's (PGlite runs in it; PostgreSQL's own work is in the server and not counted).",
  `Load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} at the end, on 2 cores: wall times on a loaded machine are long; CPU times less so.`,
  template ? "PostgreSQL at " + new URL(postgresAdminUrl).host + "." : "PostgreSQL not reachable: PGlite only.",
]);
