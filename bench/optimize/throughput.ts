import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RDKitModule } from "@sieve/chem";
import type { Objective, OptimizationResult } from "@sieve/optimize";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

// Issue #24 item 5: property-oracle calls per second per thread, operators included.
// Settings: (a) the product objective alone on pool molecules, med-chem acceptability off and on; (b) product
// runs (population 40, 10 generations, from the e2e starting set), acceptability off and on; (c) Graph GA with
// PMO's settings on one PMO task (celecoxib rediscovery, 2,000 calls from the benchmark pool), the run PMO's
// protocol repeats. Each per second of this thread's CPU time, which does not depend on what else the machine
// runs, and per second of wall time, which does.
// Every repeat runs in a fresh process (one warm-up round of each setting, not counted, then one measured round).
// `--baseline=DIR` (a checkout of another commit with its node_modules, e.g. `git worktree add` + `npm ci`) also
// measures that code, alternating processes with this checkout's: baseline, current, baseline, current …,
// so that both see the same machine load. `--baseline-label=` names it in the table (e.g. its commit).
const here = dirname(fileURLToPath(import.meta.url));
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const REPEATS = Number(option("repeats") ?? 5);
const SAMPLE = 1_000;
const GA_TASK = "celecoxib_rediscovery";
const GA_BUDGET = 2_000;
const E2E = ["CC(=O)Oc1ccccc1C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"];
const SETTINGS = [
  "objective alone, acceptability off",
  "objective alone, acceptability on",
  "product run 40 × 10, operators included, acceptability off",
  "product run 40 × 10, operators included, acceptability on",
  `Graph GA (PMO settings), ${GA_TASK}, ${GA_BUDGET} calls, operators included`,
] as const;

interface Sample {
  setting: string;
  perCpuS: number;
  perWallS: number;
}

if (process.argv.includes("--sample")) await sampleProcess(option("root")!, option("pool")!, Number(option("repeat")));
else await compare();

/** One process per repeat and code version, interleaved; the table gives median and range per setting. */
async function compare(): Promise<void> {
  const { loadRDKit } = await import("@sieve/chem");
  const { loadStartingPool } = await import("./pool");
  const pool = loadStartingPool(await loadRDKit(), join(here, "..", "..", "..", "shared", "data"), 2_000);
  if (!pool) throw new Error("bench/optimize/throughput: the Tox21/ClinTox/SIDER files are missing");
  const scratch = mkdtempSync(join(tmpdir(), "sieve-throughput-"));
  const poolFile = join(scratch, "pool.json");
  writeFileSync(poolFile, JSON.stringify(pool));
  const baseline = option("baseline");
  const versions = [
    ...(baseline ? [{ label: option("baseline-label") ?? "baseline", root: resolve(baseline) }] : []),
    { label: "this commit", root: resolve(here, "..", "..") },
  ];
  const loadBefore = loadavg();
  const samples = new Map<string, Sample[]>();
  try {
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      for (const version of versions) {
        const output = execFileSync(
          process.execPath,
          [
            "--import",
            "tsx",
            fileURLToPath(import.meta.url),
            "--sample",
            `--root=${version.root}`,
            `--pool=${poolFile}`,
            `--repeat=${repeat}`,
          ],
          // Run from the version's own checkout, so that its tsx and packages resolve.
          { cwd: version.root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 1 << 24 },
        );
        const measured = JSON.parse(output.trim().split("\n").at(-1)!) as Sample[];
        for (const sample of measured) {
          const key = `${version.label}\u0000${sample.setting}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
        console.log(`repeat ${repeat + 1}/${REPEATS} ${version.label}: ${JSON.stringify(measured)}`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const loadAfter = loadavg();
  const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
  const rows: BenchRow[] = SETTINGS.flatMap((setting) =>
    versions.map(({ label }) => {
      const values = samples.get(`${label}\u0000${setting}`) ?? [];
      const cpu = values.map((v) => v.perCpuS);
      const wall = values.map((v) => v.perWallS);
      return {
        setting,
        code: label,
        calls_per_cpu_s_median: Math.round(median(cpu)),
        calls_per_cpu_s_range: range(cpu),
        calls_per_wall_s_median: Math.round(median(wall)),
        calls_per_wall_s_range: range(wall),
      };
    }),
  );
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(", ");
  writeBenchReport(
    "optimize-throughput",
    "Property-oracle throughput per thread, operators included (issue #24)",
    rows,
    [
      `${REPEATS} repeats; each repeat of each code version is a fresh process that runs every setting once unmeasured (warm-up: JIT, SMARTS compilation, SA fragment table) and then once measured; processes alternate between the versions (${versions.map((v) => v.label).join(", ")}), so both see the same load. Median and range over the repeats.`,
      `Objective alone: the product objective (logP, MW, TPSA, QED) scoring ${SAMPLE} benchmark-pool molecules, parse included. Product runs: population 40, 10 generations, BatchDiversity, from aspirin + caffeine, seed 42 + repeat (warm-up 1042 + repeat). Graph GA: population 120, offspring 70, mutation rate 0.067 (PMO), ${GA_BUDGET} calls from the 2,000-molecule benchmark pool, seed = repeat (warm-up 1000 + repeat).`,
      "calls_per_cpu_s: oracle calls per second of the process's CPU time, the quiet-machine figure; calls_per_wall_s: per second of wall time, which the machine's load lowers.",
      `Load average (1, 5, 15 min) at start: ${load(loadBefore)}; at end: ${load(loadAfter)}; on ${cpus().length} cores shared with other work.`,
      "Goal (issue #24): ≥ 200 calls/s per thread, operators included.",
    ],
  );
}

/** Child process: one warm-up and one measured round of every setting, with `root`'s code; prints the samples as JSON. */
async function sampleProcess(root: string, poolFile: string, repeat: number): Promise<void> {
  const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const chem = await load<typeof import("@sieve/chem")>("packages/chem/src/index.ts");
  const optimize = await load<typeof import("@sieve/optimize")>("packages/optimize/src/index.ts");
  const { TASKS } = await load<typeof import("./tasks")>("bench/optimize/tasks.ts");
  const { runMethod } = await load<typeof import("./methods")>("bench/optimize/methods.ts");
  const rdkit: RDKitModule = await chem.loadRDKit();
  const pool = JSON.parse(readFileSync(poolFile, "utf8")) as string[];
  const sample = pool.slice(0, SAMPLE);

  const scoreAll = (objective: Objective) => {
    for (const smiles of sample) {
      const mol = rdkit.get_mol(smiles)!;
      objective.score(mol);
      mol.delete();
    }
    return sample.length;
  };
  const productRun = (filters: boolean, seed: number) => {
    const options = optimize.molecularRunOptions(rdkit, {
      smiles: E2E,
      population_size: 40,
      max_generations: 10,
      seed,
      acceptability: filters ? {} : { filters: false, max_sa_score: 10 },
    });
    const result: OptimizationResult = optimize.runGraphGA(rdkit, options);
    return result.final_metrics.oracle_calls;
  };
  const gaRun = (seed: number) => {
    let calls = 0;
    runMethod(rdkit, "graph_ga", TASKS[GA_TASK]!(rdkit), pool, seed, GA_BUDGET, () => calls++);
    return calls;
  };
  const objective = (filters: boolean) =>
    optimize.withAcceptability(
      rdkit,
      optimize.multiPropertyObjective(rdkit),
      filters ? { filters: true, maxSaScore: 4 } : { filters: false, maxSaScore: 10 },
    );
  // The warm-up round uses other seeds, so that the measured runs do not replay molecules it already met.
  const work = (setting: (typeof SETTINGS)[number], warmUp: boolean): number => {
    const offset = warmUp ? 1_000 : 0;
    switch (setting) {
      case SETTINGS[0]:
        return scoreAll(objective(false));
      case SETTINGS[1]:
        return scoreAll(objective(true));
      case SETTINGS[2]:
        return productRun(false, 42 + repeat + offset);
      case SETTINGS[3]:
        return productRun(true, 42 + repeat + offset);
      default:
        return gaRun(repeat + offset);
    }
  };
  for (const setting of SETTINGS) work(setting, true);
  const samples: Sample[] = SETTINGS.map((setting) => {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const calls = work(setting, false);
    const used = process.cpuUsage(cpu);
    return {
      setting,
      perCpuS: calls / ((used.user + used.system) / 1e6),
      perWallS: calls / ((performance.now() - wall) / 1000),
    };
  });
  console.log(JSON.stringify(samples));
}
