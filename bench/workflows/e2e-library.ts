import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { loadRDKit } from "@sieve/chem";
import {
  DEFAULT_SCREENING_FILTERS,
  DockingOracle,
  MemoryDockingCache,
  ligandTimeLimitOf,
  mapConcurrent,
} from "@sieve/workflows";
import { writeBenchReport, type BenchRow } from "../lib/report";

/**
 * The five-compound library of the screening e2e test (indinavir and amprenavir among three approved drugs that do not
 * act on HIV-1 protease), docked into 1HSG the way the screen docks them (Vina exhaustiveness 2, seed 42, 22 Å box on
 * MK1, seeded canonical ETKDG conformers), from 1 and from 2 start conformers sharing that exhaustiveness: the
 * per-ligand scores behind the default of 2 start conformers (docs/decisions.md). Settings alternate per ligand, each
 * with a fresh cache, so both see the same load.
 */
const SHARED = process.env.SIEVE_SHARED_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "data");
const LIBRARY = ["indinavir", "amprenavir", "loratadine", "metoprolol", "ibuprofen"];
const INHIBITORS = new Set(["indinavir", "amprenavir"]);
const EXHAUSTIVENESS = 2;
const SETTINGS = [1, 2];
/** A long limit per step: on a loaded machine amprenavir's docking alone took 507 s of wall time. */
const FILTERS = { ...DEFAULT_SCREENING_FILTERS, time_limit_base_s: 1800 };
const LOAD_AT_START = loadavg().map((l) => l.toFixed(1));

const rdkit = await loadRDKit();
const structures = readFileSync(join(SHARED, "drugcentral", "structures.smiles.tsv"), "utf8").split("\n");
const smilesOf = (name: string) => {
  const row = structures.find((line) => line.split("\t")[4] === name);
  if (!row) throw new Error(`${name} is not in DrugCentral's structures`);
  return row.split("\t")[0]!;
};
const receptor = readFileSync(join(SHARED, "structures", "1HSG.pdb"), "utf8");
const oracles = new Map<number, DockingOracle>();
for (const conformers of SETTINGS)
  oracles.set(
    conformers,
    await DockingOracle.create({
      receptor,
      format: "pdb",
      box: { kind: "ligand" },
      params: { exhaustiveness: EXHAUSTIVENESS, num_modes: 9, cpu: 1, seed: 42 },
      conformers,
      cache: new MemoryDockingCache(),
      timeLimit: ligandTimeLimitOf(rdkit, FILTERS),
    }),
  );

const jobs = LIBRARY.flatMap((name) => SETTINGS.map((conformers) => ({ name, conformers })));
const results = await mapConcurrent(jobs, availableParallelism(), async ({ name, conformers }) => {
  const docked = await oracles.get(conformers)!.dock(smilesOf(name));
  return { name, conformers, docked };
});
const rows: BenchRow[] = results.map(({ name, conformers, docked }) => ({
  compound: name,
  inhibitor: INHIBITORS.has(name),
  start_conformers: conformers,
  affinity_kcal_mol: docked.affinity,
  winning_conformer: docked.conformer ? `${docked.conformer.index}/${docked.conformer.of}` : docked.placement.method,
  conformer_affinities: docked.conformer?.affinities.join(" / ") ?? "",
  wall_s: Math.round(docked.seconds),
}));
for (const oracle of oracles.values()) await oracle.close();

const order = (conformers: number) =>
  results
    .filter((r) => r.conformers === conformers)
    .sort((a, b) => a.docked.affinity - b.docked.affinity)
    .map((r) => `${r.name} ${r.docked.affinity}`)
    .join(", ");
writeBenchReport(
  "workflows-e2e-library",
  "The screening e2e library docked into 1HSG from 1 and 2 start conformers",
  rows,
  [
    `Order from 1 start conformer: ${order(1)}. From 2: ${order(2)}.`,
    `DockingOracle as the screen builds it: Vina exhaustiveness ${EXHAUSTIVENESS} shared among the start conformers (each docked at ceil(${EXHAUSTIVENESS} / N), at least 1), seed 42, 9 modes, one Vina process per core; fresh in-memory caches; ${availableParallelism()} ligands at a time.`,
    "Start conformers: at most N, one per ring conformation (the lowest-energy of 4 MMFF94-minimised ETKDG candidates per conformer wanted); every mode scored as `vina --score_only` scores its pose (before 2026-11-27 Vina 1.2.3's own number, whose intramolecular term follows the start conformer's rings).",
    "One run: Vina's seed and the conformers' seed are fixed, so the same builds give the same scores; whether a change between the settings comes from the second start geometry or from the search's own variance, one run cannot tell.",
    `Load average (1, 5, 15 min) ${LOAD_AT_START.join(", ")} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end, on ${availableParallelism()} cores shared with other work: wall times are upper bounds.`,
  ],
);
