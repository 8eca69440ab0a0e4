import { cpus, loadavg } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRDKit } from "@sieve/chem";
import { molecularRunOptions, runGraphGA, withAcceptability, multiPropertyObjective } from "@sieve/optimize";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { loadStartingPool } from "./pool";

// Issue #24 item 5: property-oracle calls per second per thread, with med-chem acceptability on and off.
// (a) the product objective alone on pool molecules; (b) product runs (population 40, 10 generations, from
// the e2e starting set), operators included. Both per second of this single thread's CPU time, which does not
// depend on what else the machine runs, and per second of wall time, which does; settings interleaved, 3 repeats.
const REPEATS = 3;
const SAMPLE = 300;
const here = dirname(fileURLToPath(import.meta.url));
const rdkit = await loadRDKit();
const pool = loadStartingPool(rdkit, join(here, "..", "..", "..", "shared", "data"), SAMPLE);
if (!pool) throw new Error("bench/optimize/throughput: the Tox21/ClinTox/SIDER files are missing");
const E2E = ["CC(=O)Oc1ccccc1C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"];

function measure(work: () => number): { perCpuS: number; perWallS: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const calls = work();
  const used = process.cpuUsage(cpu);
  return { perCpuS: calls / ((used.user + used.system) / 1e6), perWallS: calls / ((performance.now() - wall) / 1000) };
}

const samples: Record<string, { perCpuS: number; perWallS: number }[]> = {};
const add = (name: string, value: { perCpuS: number; perWallS: number }) => (samples[name] ??= []).push(value);
for (let repeat = 0; repeat < REPEATS; repeat++) {
  for (const filters of [false, true]) {
    const acceptability = filters ? { filters: true, maxSaScore: 4 } : { filters: false, maxSaScore: 10 };
    const objective = withAcceptability(rdkit, multiPropertyObjective(rdkit), acceptability);
    add(
      `objective alone, acceptability ${filters ? "on" : "off"}`,
      measure(() => {
        for (const smiles of pool) {
          const mol = rdkit.get_mol(smiles)!;
          objective.score(mol);
          mol.delete();
        }
        return pool.length;
      }),
    );
    add(
      `product run 40 × 10, operators included, acceptability ${filters ? "on" : "off"}`,
      measure(() => {
        const options = molecularRunOptions(rdkit, {
          smiles: E2E,
          population_size: 40,
          max_generations: 10,
          seed: 42 + repeat,
          acceptability: filters ? {} : { filters: false, max_sa_score: 10 },
        });
        return runGraphGA(rdkit, options).final_metrics.oracle_calls;
      }),
    );
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: BenchRow[] = Object.entries(samples).map(([setting, values]) => ({
  setting,
  calls_per_cpu_s_median: Math.round(median(values.map((v) => v.perCpuS))),
  calls_per_cpu_s_range: `${Math.round(Math.min(...values.map((v) => v.perCpuS)))}–${Math.round(Math.max(...values.map((v) => v.perCpuS)))}`,
  calls_per_wall_s_median: Math.round(median(values.map((v) => v.perWallS))),
}));
writeBenchReport("optimize-throughput", "Property-oracle throughput per thread (issue #24)", rows, [
  `${REPEATS} repeats, settings interleaved; objective alone on ${pool.length} pool molecules (parse included); product runs from aspirin + caffeine.`,
  "calls_per_cpu_s: oracle calls per second of this thread's CPU time, the quiet-machine figure; calls_per_wall_s: per second of wall time, which the machine's load lowers.",
  `Load average when written: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${cpus().length} cores shared with other work.`,
  "Goal (issue #24): ≥ 200 calls/s per thread, operators included.",
]);
