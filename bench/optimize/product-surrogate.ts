import { loadRDKit } from "@sieve/chem";
import { MOLECULAR_SURROGATE_DEFAULTS } from "@sieve/contracts";
import { molecularRunOptions, runGraphGA } from "@sieve/optimize";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

// Whether surrogate screening of offspring should be on by default in product runs (issue #24): product
// runs with the form's defaults (80 × 50 generations, acceptability on) from four common drugs, with
// the surrogate off and on, interleaved per seed so both see the same machine load. Per run: best and
// top-10 mean fitness at the same budget of objective evaluations, and wall time.
// `--seeds=N` runs seeds 42, 43, … (default 3).
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const seeds = Array.from({ length: Number(option("seeds") ?? 3) }, (_, i) => 42 + i);
const STARTING = [
  "CC(=O)Oc1ccccc1C(=O)O",
  "Cn1cnc2c1c(=O)n(C)c(=O)n2C",
  "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
  "CC(=O)Nc1ccc(O)cc1",
];
const settings = { ...MOLECULAR_SURROGATE_DEFAULTS };

const rdkit = await loadRDKit();
const rows: BenchRow[] = [];
for (const seed of seeds) {
  for (const enabled of seed % 2 ? [true, false] : [false, true]) {
    const options = molecularRunOptions(rdkit, { smiles: STARTING, seed, surrogate: { ...settings, enabled } });
    const { final_metrics: metrics } = runGraphGA(rdkit, options);
    rows.push({
      seed,
      surrogate: enabled ? "on" : "off",
      best_fitness: metrics.best_fitness,
      top10_mean_fitness: metrics.top10_mean_fitness,
      top10_internal_diversity: metrics.internal_diversity,
      oracle_calls: metrics.oracle_calls,
      wall_s: metrics.wall_time_s,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
const paired = seeds.map((seed) => {
  const of = (mode: string) => rows.find((r) => r.seed === seed && r.surrogate === mode)!;
  return {
    top10: Number(of("on").top10_mean_fitness) - Number(of("off").top10_mean_fitness),
    wall: Number(of("on").wall_s) / Number(of("off").wall_s),
  };
});
const range = (values: number[], digits: number) =>
  `median ${median(values).toFixed(digits)}, range ${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)}`;
writeBenchReport("optimize-product-surrogate", "Surrogate screening in product runs (issue #24)", rows, [
  `Method: molecularRunOptions defaults (population 80, 50 generations, batch diversity, acceptability on) from aspirin, caffeine, ibuprofen and paracetamol, seeds ${seeds.join(", ")}; surrogate oversample ${settings.oversample}, ${settings.neighbours} neighbours; off and on interleaved per seed.`,
  `Top-10 mean fitness, on − off (same evaluations): ${range(
    paired.map((p) => p.top10),
    4,
  )}.`,
  `Wall time, on ÷ off: ${range(
    paired.map((p) => p.wall),
    2,
  )} (one thread on a shared 2-core machine).`,
]);
