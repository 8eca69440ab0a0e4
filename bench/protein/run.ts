import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeProtein, mulberry32, randomProteinSequence } from "@sieve/protein";
import { biopython, noBiopythonReason, runBiopythonScript } from "../../packages/protein/scripts/biopython";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

// Throughput of analyzeProtein on one thread: seeded random sequences of 300 standard residues,
// every ProtParam quantity computed, with and without ids (issue 21: ids made it 1.8x slower);
// Biopython 1.80 ProtParam timed on the same sequences for comparison.
const LENGTH = 300;
const SEED = 42;
const SEQUENCES = 20_000;
const BIOPYTHON_SEQUENCES = 5_000; // Biopython is slower; fewer sequences keep the run short
const REPEATS = 7;
const TARGET_PER_SECOND = 5_000;

const random = mulberry32(SEED);
const sequences = Array.from({ length: SEQUENCES }, () => randomProteinSequence(LENGTH, random));

/** One pass over every sequence, with ids as production passes them (the API and the FASTA parser) or without. */
function timeOnce(withIds: boolean): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let failures = 0;
  for (let i = 0; i < sequences.length; i++)
    if (!analyzeProtein(sequences[i]!, withIds ? `seq-${i}` : undefined).ok) failures++;
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  if (failures > 0) throw new Error(`${failures} sequences failed`);
  return { wall, cpu: (used.user + used.system) / 1e6 };
}

// Both paths warmed, then timed in alternation (with ids first in odd rounds) so that load on the
// machine falls on both alike; CPU time is reported beside wall time because the machine is shared.
timeOnce(true);
timeOnce(false);
const timings = { ids: [] as { wall: number; cpu: number }[], none: [] as { wall: number; cpu: number }[] };
for (let round = 0; round < REPEATS; round++) {
  const order = round % 2 === 0 ? (["ids", "none"] as const) : (["none", "ids"] as const);
  for (const path of order) timings[path].push(timeOnce(path === "ids"));
}
const range = (values: number[]) => `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;

const rows: BenchRow[] = (["ids", "none"] as const).map((path) => {
  const cpu = timings[path].map((t) => t.cpu);
  const wall = timings[path].map((t) => t.wall);
  return {
    implementation: `@sieve/protein analyzeProtein(sequence${path === "ids" ? ", id" : ""})`,
    sequences: SEQUENCES,
    length: LENGTH,
    cpu_seconds_median: median(cpu),
    cpu_seconds_range: range(cpu),
    wall_seconds_median: median(wall),
    wall_seconds_range: range(wall),
    per_cpu_second: SEQUENCES / median(cpu),
    target_per_second: TARGET_PER_SECOND,
    meets_target: SEQUENCES / median(cpu) >= TARGET_PER_SECOND,
  };
});
rows.push({
  implementation: "with id / without (CPU time, median)",
  ratio: median(timings.ids.map((t) => t.cpu)) / median(timings.none.map((t) => t.cpu)),
});
const notes = [
  `Seeded (mulberry32, seed ${SEED}) uniform random sequences of the 20 standard residues, one thread.`,
  `analyzeProtein: ${REPEATS} rounds, each timing one pass with ids (the production path: the API and the FASTA parser pass one) and one without, alternating which goes first, after one warm-up pass of each; median and range (min–max) of CPU and wall time. Includes cleaning, composition, MW, pI, GRAVY, instability, aromaticity, aliphatic index, extinction, fractions.`,
  "The 2-core machine was shared with other developers' test runs while this ran: wall times are inflated; CPU time is the steadier figure.",
];

if (biopython) {
  const dir = mkdtempSync(join(tmpdir(), "sieve-protein-bench-"));
  try {
    const fasta = join(dir, "sequences.fasta");
    writeFileSync(
      fasta,
      sequences
        .slice(0, BIOPYTHON_SEQUENCES)
        .map((s, i) => `>s${i}\n${s}`)
        .join("\n") + "\n",
    );
    const script = join(dirname(fileURLToPath(import.meta.url)), "biopython-rate.py");
    const timed = runBiopythonScript(script, [fasta]) as { biopython: string; sequences: number; seconds: number };
    rows.push({
      implementation: `Biopython ${timed.biopython} ProteinAnalysis`,
      sequences: timed.sequences,
      length: LENGTH,
      wall_seconds_median: timed.seconds,
      per_wall_second: timed.sequences / timed.seconds,
      target_per_second: null,
      meets_target: null,
    });
    notes.push(
      `Biopython timed inside Python (time.perf_counter) on the first ${BIOPYTHON_SEQUENCES} of the same sequences: composition, MW, pI, GRAVY, instability, aromaticity, extinction (it has no aliphatic index or fractions).`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  notes.push(`Biopython not timed: ${noBiopythonReason}.`);
}

writeBenchReport(
  "protein",
  "Protein analysis throughput (sequences of 300 residues per second, one thread)",
  rows,
  notes,
);
