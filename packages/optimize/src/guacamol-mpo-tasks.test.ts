import { readFileSync } from "node:fs";
import { bertzCT, loadRDKit, readMolGraph, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { GUACAMOL_MPO_TASKS } from "./guacamol-mpo-tasks";

// Scores of 30 benchmark-pool molecules, the tasks' reference molecules, valsartan, a few
// unusual groups (sulfoxide, nitro, alkyne; a thioamide and an isothiocyanate without any sp3
// atom, which once crashed the atom pairs), and quinazolines and hops of the hop tasks' reference
// (gefitinib, a decoration hop, two scaffold hops, a molecule without the scaffold), computed by bench/optimize/guacamol-reference.py
// with RDKit 2022.09 in Python, re-implementing GuacaMol's definitions.
const reference = JSON.parse(readFileSync(new URL("./guacamol-mpo-reference.json", import.meta.url), "utf8")) as {
  rdkit: string;
  molecules: { smiles: string; bertz: number; scores: Record<string, number> }[];
};

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

describe("GuacaMol median, MPO and SMARTS tasks", () => {
  for (const task of Object.keys(GUACAMOL_MPO_TASKS)) {
    it(`${task} equals GuacaMol's definition computed by RDKit in Python`, () => {
      const objective = GUACAMOL_MPO_TASKS[task]!(rdkit);
      const differences = reference.molecules.map(({ smiles, scores }) => {
        const mol = rdkit.get_mol(smiles)!;
        try {
          return { smiles, ours: objective.score(mol).fitness, python: scores[task]! };
        } finally {
          mol.delete();
        }
      });
      const worst = differences.reduce((a, b) => (Math.abs(b.ours - b.python) > Math.abs(a.ours - a.python) ? b : a));
      expect(Math.abs(worst.ours - worst.python), worst.smiles).toBeLessThanOrEqual(1e-6);
    });
  }

  it("computes Bertz's complexity as RDKit's BertzCT does", () => {
    for (const { smiles, bertz } of reference.molecules) {
      const mol = rdkit.get_mol(smiles)!;
      try {
        expect(Math.abs(bertzCT(readMolGraph(mol)) - bertz), smiles).toBeLessThanOrEqual(1e-6);
      } finally {
        mol.delete();
      }
    }
  });

  it("finds the valsartan SMARTS in valsartan, which only sitagliptin's properties keep from scoring 1", () => {
    const mol = rdkit.get_mol("CCCCC(=O)N(Cc1ccc(-c2ccccc2-c2nn[nH]n2)cc1)C(C(C)C)C(=O)O")!;
    try {
      const { properties } = GUACAMOL_MPO_TASKS.valsartan_smarts!(rdkit).score(mol);
      expect(properties.smarts_match).toBe(1);
      expect(properties.logp).toBeGreaterThan(3);
    } finally {
      mol.delete();
    }
  });
});
