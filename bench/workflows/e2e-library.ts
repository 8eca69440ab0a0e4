import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { describeMolecule, loadRDKit } from "@sieve/chem";
import { RUN_DEFAULTS } from "@sieve/contracts";
import {
  CompoundEvaluator,
  DEFAULT_SCREENING_FILTERS,
  DockingOracle,
  FileDockingCache,
  MemoryDockingCache,
  SyntheticAccessibilityOracle,
  ligandTimeLimitOf,
  mapConcurrent,
} from "@sieve/workflows";
import { writeBenchReport, type BenchRow } from "../lib/report";

/**
 * The five-compound library of the screening e2e test (indinavir and amprenavir among three approved drugs that do not
 * act on HIV-1 protease), docked into 1HSG the way the screen docks them (Vina exhaustiveness 2, seed 42, 22 Å box on
 * MK1, seeded canonical ETKDG conformers), from 1 and from 2 start conformers sharing that exhaustiveness: the
 * per-ligand scores behind the default of 2 start conformers (docs/decisions.md). Settings alternate per ligand, each
 * with a fresh cache, so both see the same load. Each compound is scored as the screen scores it (CompoundEvaluator):
 * its pose's interaction similarity to indinavir's crystal pose, and the fitness under the spec's objectives and under
 * the product's defaults. SETTINGS (default "1,2") lists the start conformers to compare, BENCH_REPORT_NAME the file,
 * BENCH_DOCKING_CACHE a docking cache to reuse.
 */
const SHARED = process.env.SIEVE_SHARED_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "data");
const LIBRARY = ["indinavir", "amprenavir", "loratadine", "metoprolol", "ibuprofen"];
const INHIBITORS = new Set(["indinavir", "amprenavir"]);
const EXHAUSTIVENESS = 2;
const SETTINGS = (process.env.SETTINGS ?? "1,2").split(",").map(Number);
/** A docking cache folder (the enrichment bench's, say) whose results are reused; none: every compound is docked. */
const CACHE_DIR = process.env.BENCH_DOCKING_CACHE;
const SPEC_OBJECTIVES = RUN_DEFAULTS.objectives.filter((o) => o.name !== "interaction_similarity");
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
      cache: CACHE_DIR ? new FileDockingCache(CACHE_DIR) : new MemoryDockingCache(),
      timeLimit: ligandTimeLimitOf(rdkit, FILTERS),
    }),
  );

const jobs = LIBRARY.flatMap((name) => SETTINGS.map((conformers) => ({ name, conformers })));
const synthesis = new SyntheticAccessibilityOracle(rdkit);
/** The compound as the screen scores it, under the given objectives (the oracle's cache answers the second time). */
const evaluate = (oracle: DockingOracle, smiles: string, objectives: typeof SPEC_OBJECTIVES) => {
  const mol = rdkit.get_mol(smiles)!;
  try {
    const profile = describeMolecule(rdkit, mol);
    return new CompoundEvaluator(oracle, synthesis, objectives).evaluate({ smiles, name: null, profile });
  } finally {
    mol.delete();
  }
};
const results = await mapConcurrent(jobs, availableParallelism(), async ({ name, conformers }) => {
  const oracle = oracles.get(conformers)!;
  const docked = await oracle.dock(smilesOf(name));
  const [spec, product] = [
    await evaluate(oracle, smilesOf(name), SPEC_OBJECTIVES),
    await evaluate(oracle, smilesOf(name), RUN_DEFAULTS.objectives),
  ];
  return { name, conformers, docked, spec, product };
});
const rows: BenchRow[] = results.map(({ name, conformers, docked, spec, product }) => ({
  compound: name,
  inhibitor: INHIBITORS.has(name),
  start_conformers: conformers,
  affinity_kcal_mol: docked.affinity,
  winning_conformer: docked.conformer ? `${docked.conformer.index}/${docked.conformer.of}` : docked.placement.method,
  conformer_affinities: docked.conformer?.affinities.join(" / ") ?? "",
  interaction_similarity: product.interaction_similarity ?? null,
  fitness_spec_objectives: spec.fitness,
  fitness_default_objectives: product.fitness,
  wall_s: Math.round(docked.seconds),
}));
for (const oracle of oracles.values()) await oracle.close();

/** The compounds best first by `value` (higher is better), each with its value. */
const order = (conformers: number, value: (r: (typeof results)[number]) => number) =>
  results
    .filter((r) => r.conformers === conformers)
    .sort((a, b) => value(b) - value(a))
    .map((r) => `${r.name} ${Math.abs(value(r))}`)
    .join(", ");
const orders = SETTINGS.map(
  (n) =>
    `From ${n} start conformer${n === 1 ? "" : "s"}, by Vina affinity (−kcal/mol): ${order(n, (r) => -r.docked.affinity)}; by fitness under the spec's objectives (${SPEC_OBJECTIVES.map((o) => `${o.name} w ${o.weight}`).join(", ")}): ${order(n, (r) => r.spec.fitness)}; under the product's defaults (${RUN_DEFAULTS.objectives.map((o) => `${o.name} w ${o.weight}`).join(", ")}): ${order(n, (r) => r.product.fitness)}.`,
);
writeBenchReport(
  process.env.BENCH_REPORT_NAME ?? "workflows-e2e-library",
  `The screening e2e library docked into 1HSG from ${SETTINGS.join(" and ")} start conformers`,
  rows,
  [
    ...orders,
    "Interaction similarity: Tanimoto of the pose's interaction fingerprint (per residue: hydrophobic contact, hydrogen bond donated, accepted) to indinavir's crystal pose (MK1), as the screen computes it.",
    `DockingOracle as the screen builds it: Vina exhaustiveness ${EXHAUSTIVENESS} shared among the start conformers (each docked at ceil(${EXHAUSTIVENESS} / N), at least 1), seed 42, 9 modes, one Vina process per core; ${CACHE_DIR ? "results in the docking cache of the 1HSG enrichment run of the same day reused (same receptor, box, settings and method), the rest docked" : "fresh in-memory caches"}; ${availableParallelism()} ligands at a time.`,
    "Start conformers: at most N, one per ring conformation (the lowest-energy of 4 MMFF94-minimised ETKDG candidates per conformer wanted); every mode scored as `vina --score_only` scores its pose (before 2026-11-27 Vina 1.2.3's own number, whose intramolecular term follows the start conformer's rings).",
    "One run: Vina's seed and the conformers' seed are fixed, so the same builds give the same scores; whether a change between the settings comes from the second start geometry or from the search's own variance, one run cannot tell.",
    `Load average (1, 5, 15 min) ${LOAD_AT_START.join(", ")} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end, on ${availableParallelism()} cores shared with other work: wall times are upper bounds.`,
  ],
);
