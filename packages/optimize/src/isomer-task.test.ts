import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { similarityObjective, SIMILARITY_TARGETS } from "./guacamol-tasks";
import { formulaCounts, isomerObjective } from "./isomer-task";
import type { Objective } from "./objective";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function fitnessOf(objective: Objective, smiles: string): number {
  const mol = rdkit.get_mol(smiles)!;
  try {
    return objective.score(mol).fitness;
  } finally {
    mol.delete();
  }
}

describe("GuacaMol isomer tasks", () => {
  it("read the element counts of a formula", () => {
    expect(Object.fromEntries(formulaCounts("C9H10N2O2PF2Cl"))).toEqual({ C: 9, H: 10, N: 2, O: 2, P: 1, F: 2, Cl: 1 });
  });

  it("give 1 to an exact isomer and the hand-computed Gaussian product to caffeine", () => {
    const c7h8n2o2 = isomerObjective("C7H8N2O2");
    // 4-methyl-2-nitroaniline is C7H8N2O2.
    expect(fitnessOf(c7h8n2o2, "Cc1ccc(N)c([N+](=O)[O-])c1")).toBe(1);
    // Caffeine C8H10N4O2: C 8 vs 7 → e^−0.5, H 10 vs 8 → e^−2, N 4 vs 2 → e^−2, O 2 → 1,
    // 24 atoms vs 19 (σ 2) → e^−3.125; geometric mean of the five = e^(−7.625/5).
    expect(fitnessOf(c7h8n2o2, "Cn1cnc2c1c(=O)n(C)c(=O)n2C")).toBeCloseTo(Math.exp(-7.625 / 5), 12);
  });
});

describe("GuacaMol similarity tasks", () => {
  it("give 1 to the target itself and less to an unrelated drug", () => {
    for (const name of Object.keys(SIMILARITY_TARGETS) as (keyof typeof SIMILARITY_TARGETS)[]) {
      const objective = similarityObjective(rdkit, name);
      expect(fitnessOf(objective, SIMILARITY_TARGETS[name].smiles), name).toBe(1);
      expect(fitnessOf(objective, "CC(=O)Oc1ccccc1C(=O)O"), name).toBeLessThan(0.5);
    }
  });
});
