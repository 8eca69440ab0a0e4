import { loadRDKit, medChemAssessment } from "@sieve/chem";
import { molecularRunOptions, runGraphGA } from "@sieve/optimize";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

// Issue #24's acceptance measure: product runs with the form's defaults (80 × 50 generations, seed 42 and
// more), from the e2e starting set and from four common drugs, with med-chem acceptability on (the
// default) and off. For each run: how many of the 10 best molecules pass every filter with SA ≤ 4
// (judged afresh by medChemAssessment, so the unfiltered run is judged by the same rules), and the best
// value of the property objective (fitness without acceptability) against the unfiltered run's.
// `--seeds=N` runs seeds 42, 43, … (default 3).
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const seeds = Array.from({ length: Number(option("seeds") ?? 3) }, (_, i) => 42 + i);
const STARTING_SETS: Record<string, string[]> = {
  "e2e (aspirin, caffeine)": ["CC(=O)Oc1ccccc1C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"],
  "four drugs (aspirin, caffeine, ibuprofen, paracetamol)": [
    "CC(=O)Oc1ccccc1C(=O)O",
    "Cn1cnc2c1c(=O)n(C)c(=O)n2C",
    "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
    "CC(=O)Nc1ccc(O)cc1",
  ],
};
const MAX_SA = 4;

const rdkit = await loadRDKit();
const rows: BenchRow[] = [];
for (const [setName, smiles] of Object.entries(STARTING_SETS)) {
  for (const seed of seeds) {
    const bestProperty: Record<string, number> = {};
    for (const filters of [false, true]) {
      const options = molecularRunOptions(rdkit, {
        smiles,
        seed,
        acceptability: filters ? {} : { filters: false, max_sa_score: 10 },
      });
      const result = runGraphGA(rdkit, options);
      const top = result.final_metrics.best_molecules;
      let passing = 0;
      const saScores: number[] = [];
      for (const molecule of top) {
        const mol = rdkit.get_mol(molecule.smiles)!;
        const { hits, saScore } = medChemAssessment(rdkit, mol);
        mol.delete();
        saScores.push(saScore);
        if (hits.length === 0 && saScore <= MAX_SA) passing++;
      }
      const mode = filters ? "on" : "off";
      bestProperty[mode] = Math.max(...top.map((m) => m.properties.property_fitness ?? m.fitness));
      rows.push({
        starting_set: setName,
        seed,
        acceptability: mode,
        top10_passing: passing,
        top10_sa_median: median(saScores),
        top10_sa_max: Math.max(...saScores),
        best_property_objective: bestProperty[mode]!,
        vs_unfiltered: filters ? bestProperty.on! / bestProperty.off! - 1 : 0,
        oracle_calls: result.final_metrics.oracle_calls,
        wall_s: result.final_metrics.wall_time_s,
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
}
const on = rows.filter((r) => r.acceptability === "on");
const off = rows.filter((r) => r.acceptability === "off");
const share = (rs: BenchRow[]) => rs.reduce((s, r) => s + Number(r.top10_passing), 0) / (10 * rs.length);
const deltas = on.map((r) => Number(r.vs_unfiltered));
writeBenchReport("optimize-acceptability", "Med-chem acceptability of the optimizer's top 10 (issue #24)", rows, [
  `Method: molecularRunOptions defaults (population 80, 50 generations, batch diversity, dimension 10), seeds ${seeds.join(", ")}; 'off' = filters off and SA limit 10.`,
  `Top-10 passing = no PAINS A/B/C, Brenk or unstable-group hit and SA ≤ ${MAX_SA} (docs/medchem-filters.md).`,
  `Acceptability on: ${(100 * share(on)).toFixed(0)} % of top-10 molecules pass (goal ≥ 90 %); off: ${(100 * share(off)).toFixed(0)} %.`,
  `Best property objective with acceptability on vs off: median ${(100 * median(deltas)).toFixed(1)} %, range ${(100 * Math.min(...deltas)).toFixed(1)} to ${(100 * Math.max(...deltas)).toFixed(1)} % (goal: within −5 %).`,
  "wall_s is one thread on a shared 2-core machine; not a throughput figure.",
]);
