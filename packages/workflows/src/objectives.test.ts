import { describe, expect, it } from "vitest";
import { describeMolecule, loadRDKit } from "@sieve/chem";
import { desirability, fitness, fitnessTerms, type ScoredValues } from "./objectives";

const rdkit = await loadRDKit();
const mol = rdkit.get_mol("CC(C)Cc1ccc(cc1)C(C)C(=O)O")!;
const profile = describeMolecule(rdkit, mol);
mol.delete();
/** The New Job modal's default objectives (spec §9): activity (maximize, weight 1), SA (minimize, weight 0.5). */
const SPEC_DEFAULTS = [
  { name: "activity", direction: "maximize" as const, weight: 1 },
  { name: "synthetic_accessibility", direction: "minimize" as const, weight: 0.5 },
];
const docked = (affinity: number, sa: number): ScoredValues => ({
  interaction_similarity: null,
  activity: affinity,
  activity_kind: "docking",
  synthetic_accessibility: sa,
  profile,
});

describe("synthetic accessibility in the fitness", () => {
  it("does not prefer one easily made molecule over another, and penalises hard ones up to SA 6", () => {
    const sa = (score: number) => desirability("synthetic_accessibility", "minimize", docked(-8, score));
    expect(sa(2.5)).toBe(1);
    expect(sa(3.5)).toBe(1);
    expect(sa(4)).toBe(1);
    expect(sa(5)).toBeCloseTo(0.5, 10);
    expect(sa(6)).toBe(0);
    expect(sa(8)).toBe(0);
    expect(desirability("synthetic_accessibility", "maximize", docked(-8, 5.5))).toBeCloseTo(0.75, 10);
  });

  it("lets the docking score decide between two makeable compounds (SA 2.5 vs 3.5)", () => {
    // The spec's default objectives once ranked a −8.20 kcal/mol compound of SA 2.5 above a −8.27 one of SA 3.5.
    const easier = fitness(SPEC_DEFAULTS, docked(-8.2, 2.5));
    const harder = fitness(SPEC_DEFAULTS, docked(-8.27, 3.5));
    expect(harder).toBeGreaterThan(easier);
    expect(fitness(SPEC_DEFAULTS, docked(-8.27, 5))).toBeLessThan(easier);
  });

  it("says how each objective enters the fitness, with its bounds", () => {
    expect(fitnessTerms([...SPEC_DEFAULTS, { name: "novelty", direction: "maximize", weight: 1 }])).toEqual([
      {
        ...SPEC_DEFAULTS[0],
        desirability:
          "docking: 0 at Vina affinity -4 kcal/mol, 1 at -12 kcal/mol, linear between; ligand similarity: the Tanimoto itself",
      },
      {
        ...SPEC_DEFAULTS[1],
        desirability:
          "1 up to SA 4 (easy to make: no preference among such molecules), 0 from SA 6 (hard to make), linear between",
      },
    ]);
  });
});
