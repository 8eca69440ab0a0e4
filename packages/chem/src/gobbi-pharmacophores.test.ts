import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { bitSetTanimoto, GOBBI_FINGERPRINT_SIZE, gobbiPharmacophoreBits } from "./gobbi-pharmacophores";
import { readMolGraph } from "./morgan-environments";
import { loadRDKit, type RDKitModule } from "./rdkit";

// On bits of RDKit's Gen2DFingerprint(mol, Gobbi_Pharm2D.factory) for 24 DrugCentral and 12 ClinTox
// molecules, GuacaMol's deco_hop / scaffold_hop reference and a few unusual molecules, and their Tanimoto
// similarity to that reference, computed by packages/chem/scripts/gobbi-reference.py with RDKit 2022.09.
const reference = JSON.parse(readFileSync(new URL("./gobbi-reference.json", import.meta.url), "utf8")) as {
  rdkit: string;
  size: number;
  reference: string;
  molecules: { smiles: string; bits: number[]; tanimoto: number }[];
};

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function bitsOf(smiles: string): Set<number> {
  const mol = rdkit.get_mol(smiles)!;
  try {
    return gobbiPharmacophoreBits(rdkit, mol, readMolGraph(mol));
  } finally {
    mol.delete();
  }
}

describe("Gobbi 2D pharmacophore fingerprint", () => {
  it("numbers its bits as RDKit's Gobbi signature factory does", () => {
    expect(GOBBI_FINGERPRINT_SIZE).toBe(reference.size);
  });

  it("sets the same bits as RDKit on drugs, ClinTox molecules and unusual groups", () => {
    for (const { smiles, bits } of reference.molecules) {
      expect(
        [...bitsOf(smiles)].sort((a, b) => a - b),
        smiles,
      ).toEqual(bits);
    }
  });

  it("gives RDKit's Tanimoto similarity to GuacaMol's pharmacophore reference", () => {
    const target = bitsOf(reference.reference);
    for (const { smiles, tanimoto } of reference.molecules) {
      expect(Math.abs(bitSetTanimoto(bitsOf(smiles), target) - tanimoto), smiles).toBeLessThanOrEqual(1e-12);
    }
  });
});
