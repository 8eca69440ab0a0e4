import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeProtein, mulberry32, randomProteinSequence } from "@sieve/protein";
import { biopython, noBiopythonReason, runBiopythonScript } from "../../packages/protein/scripts/biopython";
import { writeBenchReport, type BenchRow } from "../lib/report";

// Throughput of analyzeProtein on one thread: seeded random sequences of 300 standard residues,
// every ProtParam quantity computed; Biopython 1.80 ProtParam timed on the same sequences for comparison.
const LENGTH = 300;
const SEED = 42;
const SEQUENCES = 20_000;
const BIOPYTHON_SEQUENCES = 5_000; // Biopython is slower; fewer sequences keep the run short
const REPEATS = 5;
const TARGET_PER_SECOND = 5_000;

const random = mulberry32(SEED);
const sequences = Array.from({ length: SEQUENCES }, () => randomProteinSequence(LENGTH, random));

function timeOnce(): number {
  const start = process.hrtime.bigint();
  let failures = 0;
  for (const sequence of sequences) if (!analyzeProtein(sequence).ok) failures++;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (failures > 0) throw new Error(`${failures} sequences failed`);
  return seconds;
}

timeOnce(); // warm-up: let V8 optimise before measuring
const runs = Array.from({ length: REPEATS }, timeOnce).sort((a, b) => a - b);
const median = runs[Math.floor(REPEATS / 2)]!;

const rows: BenchRow[] = [
  {
    implementation: "@sieve/protein analyzeProtein",
    sequences: SEQUENCES,
    length: LENGTH,
    seconds: median,
    per_second: SEQUENCES / median,
    target_per_second: TARGET_PER_SECOND,
    meets_target: SEQUENCES / median >= TARGET_PER_SECOND,
  },
];
const notes = [
  `Seeded (mulberry32, seed ${SEED}) uniform random sequences of the 20 standard residues, one thread.`,
  `analyzeProtein: median of ${REPEATS} timed passes after one warm-up pass; includes cleaning, composition, MW, pI, GRAVY, instability, aromaticity, aliphatic index, extinction, fractions.`,
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
      seconds: timed.seconds,
      per_second: timed.sequences / timed.seconds,
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
