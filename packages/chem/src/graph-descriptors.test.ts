import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReferenceDocument } from "../test/reference-compare";
import { everyNth, readDrugCentral, readTox21Smiles } from "../test/shared-data";
import { analyzeMolecule } from "./analyze";
import { graphDescriptors } from "./graph-descriptors";
import { readMolGraph } from "./morgan-environments";
import { parseSmiles } from "./parse";
import { loadRDKit, type RDKitModule } from "./rdkit";
import { readRDKitDescriptors, type RDKitDescriptors } from "./rdkit-descriptors";

/**
 * `graphDescriptors` replaces RDKit.js's `get_descriptors()` for speed; it must give the very
 * same numbers (same doubles, not just close ones) for every field we use.
 */
const reference = JSON.parse(
  readFileSync(new URL("../test/reference-values.json", import.meta.url), "utf8"),
) as ReferenceDocument;

const FIELDS: (keyof RDKitDescriptors)[] = [
  "amw",
  "exactmw",
  "CrippenClogP",
  "tpsa",
  "NumHBD",
  "NumHBA",
  "lipinskiHBD",
  "lipinskiHBA",
  "NumRotatableBonds",
  "NumRings",
  "NumAromaticRings",
  "NumHeavyAtoms",
  "NumAtoms",
  "FractionCSP3",
];

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

/** Every field where ours differs from get_descriptors(), as text; molecules we do not model are counted apart. */
function differences(smiles: string[]): { compared: number; notModelled: string[]; differences: string[] } {
  const result = { compared: 0, notModelled: [] as string[], differences: [] as string[] };
  for (const s of smiles) {
    const parsed = parseSmiles(rdkit, s);
    if (!parsed.ok) continue;
    try {
      const ours = graphDescriptors(rdkit, readMolGraph(parsed.mol));
      if (!ours) {
        result.notModelled.push(s);
        continue;
      }
      result.compared++;
      const theirs = readRDKitDescriptors(parsed.mol);
      for (const field of FIELDS) {
        if (!Object.is(ours[field], theirs[field]))
          result.differences.push(`${s} ${field}: ours ${ours[field]}, get_descriptors ${theirs[field]}`);
      }
    } finally {
      parsed.mol.delete();
    }
  }
  return result;
}

describe("graphDescriptors equals RDKit.js get_descriptors() exactly", () => {
  it("on every reference molecule", () => {
    const { compared, notModelled, differences: found } = differences(reference.molecules.map((r) => r.smiles_in));
    expect(found).toEqual([]);
    // Only the dummy-atom entry ("*c1ccccc1") is left to get_descriptors().
    expect(notModelled.every((s) => s.includes("*"))).toBe(true);
    expect(compared).toBeGreaterThan(300);
  });

  it("on every DrugCentral structure and an eighth of Tox21", () => {
    const smiles = [...readDrugCentral().map((row) => row.smiles), ...everyNth(readTox21Smiles(), 8)];
    const { compared, notModelled, differences: found } = differences(smiles);
    console.info(
      `graphDescriptors vs get_descriptors(): ${compared} molecules compared, ${notModelled.length} left to get_descriptors()`,
    );
    expect(found).toEqual([]);
    expect(notModelled.length).toBeLessThan(10);
  }, 300_000);

  it("leaves molecules with dummy atoms or dative bonds to get_descriptors(), and analyzeMolecule still describes them", () => {
    for (const smiles of ["*c1ccccc1", "N->[Pt](<-N)(Cl)Cl"]) {
      const parsed = parseSmiles(rdkit, smiles);
      if (!parsed.ok) throw new Error(parsed.error);
      try {
        expect(graphDescriptors(rdkit, readMolGraph(parsed.mol))).toBeNull();
        const expected = readRDKitDescriptors(parsed.mol);
        const analysis = analyzeMolecule(rdkit, smiles, { inchi: false });
        if (!analysis.ok) throw new Error(analysis.error);
        expect(analysis.descriptors.mw).toBe(expected.amw);
        expect(analysis.descriptors.logp).toBe(expected.CrippenClogP);
        expect(analysis.descriptors.tpsa).toBe(expected.tpsa);
        expect(analysis.descriptors.hba).toBe(expected.NumHBA);
      } finally {
        parsed.mol.delete();
      }
    }
  });

  it("handles isotopes, charges, explicit hydrogens and three-membered rings", () => {
    const { compared, differences: found } = differences([
      "[2H]C([2H])([2H])OC1=CC=CC=C1",
      "[13CH3]C(=O)O",
      "[NH4+].[Cl-]",
      "C[N+](C)(C)C.[O-]S(=O)(=O)C",
      "C1CO1",
      "C1CN1C",
      "[O-][N+](=O)c1ccccc1",
      "[Fe+3].[O-2].[O-2].[OH-]",
      "O",
      "[H][H]",
      "C#N",
      "O=C=O",
      "c1cc[nH]c1",
      "OS(=O)(=O)O",
      "P(=O)(O)(O)O",
      "C[Se]C",
      "B(O)(O)c1ccccc1",
      "[Si](C)(C)(C)C",
    ]);
    expect(found).toEqual([]);
    expect(compared).toBe(18);
  });
});
