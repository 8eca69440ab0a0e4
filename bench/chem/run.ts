import {
  analyzeMolecule,
  loadRDKit,
  morganFingerprintOfSmiles,
  parseSmiles,
  SimilarityIndex,
  type AnalyzeOptions,
} from "@sieve/chem";
import { RDKIT_PYTHON, rdkitPythonAvailable } from "@sieve/testing";
import { runRDKitPython } from "../../packages/chem/test/python-reference";
import { everyNth, readDrugCentral, readTox21Smiles } from "../../packages/chem/test/shared-data";
import { percentile, writeBenchReport, type BenchRow } from "../lib/report";

// Single-thread throughput of analyzeMolecule against RDKit Python (Debian python3-rdkit) on the
// same 1,000 DrugCentral molecules, and latency of the similarity index over 10,000 fingerprints.
const MOLECULES = 1_000;
const REPEATS = 3;
const INDEX_SIZE = 10_000;
const QUERIES = 500;
const TOPK = 10;
const SEARCH_ROUNDS = 5;
const TARGET_RATIO = 0.75;
const TARGET_P95_MS = 5;

// Stops, naming the file, when the shared data is absent.
const drugCentral = readDrugCentral();
const rdkit = await loadRDKit();

/** The first parsable rows, as our parser and RDKit Python both see them. */
function firstParsable(smiles: string[], count: number): string[] {
  const chosen: string[] = [];
  for (const s of smiles) {
    if (chosen.length === count) break;
    const parsed = parseSmiles(rdkit, s);
    if (!parsed.ok) continue;
    parsed.mol.delete();
    chosen.push(s);
  }
  return chosen;
}

const median = (values: number[]) => percentile(values, 50);

interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Wall and CPU seconds of analysing every molecule. CPU time is the fair measure on a machine
 * shared with other work: it does not count the time this process waits for a core.
 */
function ourTiming(molecules: string[], options: AnalyzeOptions): Timing {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (const smiles of molecules) analyzeMolecule(rdkit, smiles, options);
  const cpu = process.cpuUsage(cpuStarted);
  return { wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

function pythonTiming(molecules: string[]): Timing {
  const document = runRDKitPython(molecules, ["--time", "--no-qed-properties"]);
  return { wall: document.seconds ?? NaN, cpu: document.cpu_seconds ?? NaN };
}

const molecules = firstParsable(
  drugCentral.map((row) => row.smiles),
  MOLECULES,
);
// "Same descriptors" as the Python side: no InChI (Debian's RDKit has none) and no SVG.
const sameAsPython: AnalyzeOptions = { inchi: false };
// One warm-up pass: WebAssembly functions are tiered up on first use.
ourTiming(molecules, sameAsPython);

const python = rdkitPythonAvailable();
const ours: Timing[] = [];
const oursWithInchi: Timing[] = [];
const theirs: Timing[] = [];
// Interleaved, so that load from other processes on the shared machine hits both sides alike.
for (let r = 0; r < REPEATS; r++) {
  ours.push(ourTiming(molecules, sameAsPython));
  oursWithInchi.push(ourTiming(molecules, {}));
  if (python) theirs.push(pythonTiming(molecules));
}
const perSecond = (timings: Timing[], kind: keyof Timing) => molecules.length / median(timings.map((t) => t[kind]));
const ratio = python ? perSecond(ours, "cpu") / perSecond(theirs, "cpu") : null;

// Similarity index: real fingerprints (DrugCentral, then Tox21), queries spread over the set.
const fingerprints: Uint32Array[] = [];
for (const smiles of [...drugCentral.map((row) => row.smiles), ...readTox21Smiles()]) {
  if (fingerprints.length === INDEX_SIZE) break;
  const fp = morganFingerprintOfSmiles(rdkit, smiles);
  if (fp) fingerprints.push(fp);
}
const index = new SimilarityIndex<number>();
fingerprints.forEach((fp, id) => index.add(id, fp));
const queries = everyNth(fingerprints, Math.max(1, Math.floor(fingerprints.length / QUERIES))).slice(0, QUERIES);
queries.slice(0, 50).forEach((q) => index.search(q, TOPK));
// Each query runs SEARCH_ROUNDS times and keeps its fastest time: on a shared machine a single
// timing also measures how long the process waited for a core. All raw timings are reported too.
const rounds = Array.from({ length: SEARCH_ROUNDS }, () =>
  queries.map((query) => {
    const started = performance.now();
    index.search(query, TOPK);
    return performance.now() - started;
  }),
);
const latencies = queries.map((_, q) => Math.min(...rounds.map((round) => round[q]!)));
const p95 = percentile(latencies, 95);
const rawP95 = percentile(rounds.flat(), 95);

const descriptors = "descriptors + QED + SA (no InChI, no SVG)";
const throughputRow = (benchmark: string, implementation: string, timings: Timing[]): BenchRow => ({
  benchmark,
  implementation,
  value: round(perSecond(timings, "cpu")),
  unit: "molecules per CPU-s",
  wall_value: round(perSecond(timings, "wall")),
  target: null,
  pass: null,
});
const rows: BenchRow[] = [
  throughputRow(descriptors, "Sieve analyzeMolecule, RDKit.js 2026.09", ours),
  python
    ? throughputRow(descriptors, "RDKit Python 2022.09 (Debian)", theirs)
    : { benchmark: descriptors, implementation: "RDKit Python (unavailable)", value: null },
  {
    benchmark: descriptors,
    implementation: "ratio Sieve / RDKit Python",
    value: ratio === null ? null : Number(ratio.toFixed(3)),
    unit: "×",
    target: `≥ ${TARGET_RATIO}`,
    pass: ratio === null ? null : ratio >= TARGET_RATIO,
  },
  throughputRow("full analyzeMolecule (with InChI, no SVG)", "Sieve analyzeMolecule, RDKit.js 2026.09", oursWithInchi),
  {
    benchmark: `similarity search, ${index.size} fingerprints, top ${TOPK}`,
    implementation: "SimilarityIndex p50",
    value: Number(percentile(latencies, 50).toFixed(3)),
    unit: "ms",
    target: null,
    pass: null,
  },
  {
    benchmark: `similarity search, ${index.size} fingerprints, top ${TOPK}`,
    implementation: "SimilarityIndex p95",
    value: Number(p95.toFixed(3)),
    unit: "ms",
    target: `< ${TARGET_P95_MS}`,
    pass: p95 < TARGET_P95_MS,
  },
  {
    benchmark: `similarity search, ${index.size} fingerprints, top ${TOPK}`,
    implementation: "SimilarityIndex p95, every raw timing",
    value: Number(rawP95.toFixed(3)),
    unit: "ms",
    target: null,
    pass: null,
  },
];
writeBenchReport(
  "chem",
  "Chemistry core: analyzeMolecule throughput vs RDKit Python, similarity search latency",
  rows,
  [
    `${molecules.length} molecules: the first parsable rows of DrugCentral structures.smiles.tsv; single thread; median of ${REPEATS} interleaved passes after one warm-up pass of ours.`,
    "Throughput per CPU second (process.cpuUsage / time.process_time), the ratio too, because the machine is shared; wall_value is the same per wall-clock second.",
    "Both sides parse the SMILES and compute canonical SMILES, formula, MW, exact MW, Crippen logP, TPSA, HBD/HBA, Lipinski NHOH/NO counts, rotatable bonds, rings, aromatic rings, heavy atoms, Fsp3, QED (mean weights) and the SA score.",
    `RDKit Python is timed inside the interpreter (scripts/make-reference.py --time, interpreter start and I/O excluded), run as ${RDKIT_PYTHON}. Our CPU time includes Node's GC threads.`,
    "Ours computes the RDKit descriptors from the molecule graph (packages/chem graph-descriptors.ts, equal to RDKit.js get_descriptors() value for value; get_descriptors() itself only for molecules with dummy atoms or unusual bonds) and also the largest fragment of salts.",
    `Similarity: ${queries.length} queries taken from the indexed set (so each finds itself), Morgan radius 2, 2048 bits, Tanimoto; after 50 warm-up queries; p50/p95 of each query's fastest of ${SEARCH_ROUNDS} runs.`,
  ],
);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
