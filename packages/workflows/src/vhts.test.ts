import { describe, expect, it } from "vitest";
import { loadRDKit } from "@sieve/chem";
import { readSharedData, requireSharedData } from "@sieve/testing";
import { CompoundEvaluator } from "./evaluation";
import { LigandActivityOracle, drugCentralActives } from "./ligand-activity";
import type { MoleculeOracle } from "./oracle";
import { SyntheticAccessibilityOracle } from "./sa-oracle";
import { DEFAULT_SCREENING_FILTERS } from "./screen-filters";
import { libraryReadability } from "./compound-library";
import { runVhts } from "./vhts";

requireSharedData("drugcentral/structures.smiles.tsv");
const rdkit = await loadRDKit();
const FILTERS = DEFAULT_SCREENING_FILTERS;
/** DrugCentral's structure of a drug, by INN. */
function drug(name: string): string {
  const row = readSharedData("drugcentral/structures.smiles.tsv")
    .split("\n")
    .find((line) => line.split("\t")[4] === name);
  if (!row) throw new Error(`${name} is not in DrugCentral's structures`);
  return row.split("\t")[0]!;
}
const OBJECTIVES = [
  { name: "activity", direction: "maximize" as const, weight: 1 },
  { name: "synthetic_accessibility", direction: "minimize" as const, weight: 0.5 },
];
const LIBRARY = [
  "smiles name",
  "CC(=O)Oc1ccccc1C(=O)O aspirin",
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
  "not_a_smiles broken",
  "CC(=O)Nc1ccc(O)cc1 paracetamol",
  "CC(C)Cc1ccc(cc1)C(C)C(O)=O ibuprofen-again",
  `${"C".repeat(90)}(=O)O C90-acid`,
  "OC(=O)c1ccccc1O salicylic-acid",
].join("\n");

function evaluator() {
  const actives = [{ smiles: "CC(=O)Oc1ccccc1C(=O)O", name: "aspirin", source: "user" }];
  return new CompoundEvaluator(
    new LigandActivityOracle(rdkit, actives),
    new SyntheticAccessibilityOracle(rdkit),
    OBJECTIVES,
  );
}

/** The test library's screen: 800 evaluations, no time limit, an 8-dimensional embedding; `changes` override. */
function libraryScreen(changes: Partial<Parameters<typeof runVhts>[2]> = {}): Parameters<typeof runVhts>[2] {
  return {
    library: { name: "lib.smi", text: LIBRARY },
    objectives: OBJECTIVES,
    max_evaluations: 800,
    wallclock_limit_s: 0,
    dimension: 8,
    bounds: [-1, 1],
    filters: FILTERS,
    ...changes,
  };
}

describe("VHTS with ligand-based activity", () => {
  it("reports invalid lines and filtered compounds, dedupes, and ranks the nearest analogue of the active first", async () => {
    const progress: number[] = [];
    const result = await runVhts(rdkit, evaluator(), libraryScreen({ batch_size: 2 }), {
      onBatch: (p) => progress.push(p.evaluated),
    });
    expect(result.invalid).toEqual([expect.objectContaining({ position: 4, input: "not_a_smiles" })]);
    expect(result.counts).toMatchObject({
      valid: 5,
      invalid: 1,
      duplicates: 1,
      filtered: 1,
      candidates: 4,
      evaluated: 4,
    });
    expect(result.filtered).toEqual([
      expect.objectContaining({ name: "C90-acid", reason: "92 heavy atoms is more than the limit of 80" }),
    ]);
    expect(result.hits[0]).toMatchObject({ name: "aspirin", activity: 1, activity_kind: "ligand_similarity" });
    expect(result.hits.map((h) => h.fitness)).toEqual([...result.hits.map((h) => h.fitness)].sort((a, b) => b - a));
    expect(result.stop_reason).toBe("library_exhausted");
    expect(progress).toEqual([2, 4]);
  });

  it("leaves interaction similarity out of the fitness, saying why, when there is no docked pose to compare", async () => {
    const actives = [{ smiles: "CC(=O)Oc1ccccc1C(=O)O", name: "aspirin", source: "user" }];
    const withInteractions = [
      ...OBJECTIVES,
      { name: "interaction_similarity", direction: "maximize" as const, weight: 1 },
    ];
    const scored = new CompoundEvaluator(
      new LigandActivityOracle(rdkit, actives),
      new SyntheticAccessibilityOracle(rdkit),
      withInteractions,
    );
    expect(scored.objectives).toEqual(OBJECTIVES);
    expect(scored.objectivesNotScored).toEqual([
      { name: "interaction_similarity", reason: "activity is scored by ligand similarity: there is no docked pose" },
    ]);
    const [withTerm, without] = await Promise.all([scored, evaluator()].map((e) => runVhts(rdkit, e, libraryScreen())));
    // Not counted as 0: the fitness is the same as without the objective.
    expect(withTerm!.hits.map((h) => h.fitness)).toEqual(without!.hits.map((h) => h.fitness));
  });

  it("reports 0 of N scored once the candidates are known, then each compound as it is scored (issue 20)", async () => {
    const scored: string[] = [];
    const batches: number[] = [];
    await runVhts(rdkit, evaluator(), libraryScreen({ batch_size: 8 }), {
      onScored: (p) => scored.push(`${p.evaluated} of ${p.candidates}`),
      onBatch: (p) => batches.push(p.evaluated),
    });
    // The whole library is one batch: without onScored nothing would be said until every compound was scored.
    expect(batches).toEqual([4]);
    expect(scored).toEqual(["0 of 4", "1 of 4", "2 of 4", "3 of 4", "4 of 4"]);
  });

  it("tells a library RDKit reads nothing of from one it reads something of, before any screen", () => {
    expect(libraryReadability(rdkit, "lib.smi", LIBRARY)).toEqual({ records: 7, readable: true, file_error: null });
    expect(libraryReadability(rdkit, "bad.smi", "not_a_smiles a\nC1CC b")).toEqual({
      records: 2,
      readable: false,
      file_error: null,
    });
    expect(libraryReadability(rdkit, "lib.csv", "name,weight\naspirin,180").file_error).toMatch(/SMILES/);
  });

  it("stops at the evaluation budget and when cancelled", async () => {
    const budget = await runVhts(rdkit, evaluator(), libraryScreen({ max_evaluations: 3, batch_size: 2 }));
    expect(budget.counts.evaluated).toBe(3);
    expect(budget.stop_reason).toBe("budget");
    const cancelled = await runVhts(rdkit, evaluator(), libraryScreen(), { cancelled: () => true });
    expect(cancelled.stop_reason).toBe("cancelled");
    expect(cancelled.counts.evaluated).toBe(0);
    // Cancelled within a batch: the batch's other compounds are not scored.
    const scoring = evaluator();
    const midBatch = await runVhts(rdkit, scoring, libraryScreen({ batch_size: 4 }), {
      cancelled: () => scoring.evaluations >= 1,
    });
    expect(midBatch.stop_reason).toBe("cancelled");
    expect(midBatch.counts.evaluated).toBe(1);
  });

  it("filters out compounds above the negatome risk limit before scoring and flags the rest with their risk", async () => {
    const risks: Record<string, number> = { "CC(=O)Oc1ccccc1C(=O)O": 0.95, "CC(=O)Nc1ccc(O)cc1": 0.5 };
    const screened: string[] = [];
    const result = await runVhts(rdkit, evaluator(), {
      ...libraryScreen(),
      negatome_screen: (smiles) => {
        screened.push(smiles);
        const risk = risks[smiles] ?? 0.1;
        return {
          risk,
          level: risk > 0.7 ? "red" : risk > 0.3 ? "amber" : "green",
          warnings: risk > 0.3 ? [`close to a recorded failure (${risk})`] : [],
        };
      },
    });
    // The size filter runs first: the C90 acid is never screened.
    expect(screened).toHaveLength(4);
    expect(result.counts).toMatchObject({ filtered: 2, candidates: 3, evaluated: 3 });
    expect(result.filtered.find((f) => f.name === "aspirin")?.reason).toBe(
      "negatome safety risk 0.95 is above the limit of 0.7: close to a recorded failure (0.95)",
    );
    const paracetamol = result.hits.find((h) => h.name === "paracetamol")!;
    expect(paracetamol).toMatchObject({ negatome_risk: 0.5, negatome_level: "amber" });
    expect(paracetamol.warnings).toContain("close to a recorded failure (0.5)");
    expect(result.hits.find((h) => h.name === "ibuprofen")).toMatchObject({
      negatome_risk: 0.1,
      negatome_level: "green",
    });
  });

  it("keeps indinavir (614 Da) by default and drops it, saying why, only when the drug-likeness rule is on", async () => {
    const library = { name: "pis.smi", text: `${drug("indinavir")} indinavir\n${drug("ibuprofen")} ibuprofen` };
    const options = {
      library,
      objectives: OBJECTIVES,
      max_evaluations: 10,
      wallclock_limit_s: 0,
      dimension: 8,
      bounds: [-1, 1] as [number, number],
    };
    const byDefault = await runVhts(rdkit, evaluator(), { ...options, filters: FILTERS });
    expect(byDefault.filtered).toEqual([]);
    expect(byDefault.hits.map((h) => h.name).sort()).toEqual(["ibuprofen", "indinavir"]);
    const ruled = await runVhts(rdkit, evaluator(), { ...options, filters: { ...FILTERS, drug_likeness: true } });
    expect(ruled.filtered).toEqual([
      expect.objectContaining({ name: "indinavir", reason: "molecular weight 614 is 600 or more" }),
    ]);
    const small = await runVhts(rdkit, evaluator(), { ...options, filters: { ...FILTERS, max_heavy_atoms: 40 } });
    expect(small.filtered.map((f) => f.reason)).toEqual(["45 heavy atoms is more than the limit of 40"]);
  });

  it("lists a compound an oracle could not score as failed with the oracle's reason, never among the hits", async () => {
    const failing: MoleculeOracle = {
      name: "docking",
      version: "test",
      direction: "minimize",
      unit: "kcal/mol",
      description: "fails on ibuprofen",
      score: async (smiles) =>
        smiles === "CC(C)Cc1ccc(C(C)C(=O)O)cc1"
          ? { value: null, error: "3D build (RDKit ETKDG) timed out after 150 s" }
          : { value: -7 },
    };
    const result = await runVhts(
      rdkit,
      new CompoundEvaluator(failing, new SyntheticAccessibilityOracle(rdkit), OBJECTIVES),
      libraryScreen(),
    );
    expect(result.failed).toEqual([
      {
        smiles: "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
        name: "ibuprofen",
        position: 3,
        reason: "3D build (RDKit ETKDG) timed out after 150 s",
      },
    ]);
    expect(result.counts).toMatchObject({ evaluated: 4, failed: 1 });
    expect(result.hits.map((h) => h.name)).not.toContain("ibuprofen");
    expect(result.hits).toHaveLength(3);
  });

  it("reads DrugCentral actives of a UniProt accession", () => {
    const targets =
      "DRUG_ID\tCHEMBL_ID\tDRUG_NAME\tTARGET_NAME\tTARGET_FAMILY\tUNIPROT\n1\t\taspirin\tCOX1\tEnzyme\tP23219|P35354\n2\t\tother\tX\tY\tQ99999\n";
    const structures =
      "SMILES\tInChI\tInChIKey\tID\tINN\tCAS_RN\nCC(=O)Oc1ccccc1C(=O)O\t\t\t1\taspirin\t\nCCO\t\t\t2\tother\t\n";
    expect(drugCentralActives("p35354", targets, structures)).toEqual([
      { smiles: "CC(=O)Oc1ccccc1C(=O)O", name: "aspirin", source: "drugcentral:P35354" },
    ]);
  });
});
