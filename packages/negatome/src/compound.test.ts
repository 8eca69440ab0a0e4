import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareCompound, type PreparedCompound } from "./compound";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function prepared(smiles: string): PreparedCompound {
  const result = prepareCompound(rdkit, smiles);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("prepareCompound", () => {
  it.each([
    ["aspirin sodium", "CC(=O)Oc1ccccc1C(=O)[O-].[Na+]", "CC(=O)Oc1ccccc1C(=O)O"],
    ["aspirin's carboxylate alone (ClinTox line 846)", "CC(=O)Oc1ccccc1C(=O)[O-]", "CC(=O)Oc1ccccc1C(=O)O"],
    ["amphetamine hydrochloride", "C[C@H]([NH3+])Cc1ccccc1.[Cl-]", "C[C@H](N)Cc1ccccc1"],
    [
      "losartan potassium (tetrazolate)",
      "CCCCc1nc(Cl)c(CO)n1Cc1ccc(-c2ccccc2-c2nn[n-]n2)cc1.[K+]",
      "CCCCc1nc(Cl)c(CO)n1Cc1ccc(-c2ccccc2-c2nn[nH]n2)cc1",
    ],
  ])("gives %s the parent's structure, key and fingerprint", (_, salt, parent) => {
    const [fromSalt, fromParent] = [prepared(salt), prepared(parent)];
    expect(fromSalt.smiles).toBe(fromParent.smiles);
    expect(fromSalt.inchi_key).toBe(fromParent.inchi_key);
    expect([...fromSalt.fingerprint]).toEqual([...fromParent.fingerprint]);
  });

  it("keeps charges that belong to the structure: nitro groups, N-oxides and zwitterions with a quaternary N", () => {
    expect(prepared("O=[N+]([O-])c1ccccc1").smiles).toBe("O=[N+]([O-])c1ccccc1");
    expect(prepared("C[N+](C)(C)CC(=O)[O-]").smiles).toBe("C[N+](C)(C)CC(=O)[O-]");
    expect(prepared("C[N+](C)(C)CCO.[Cl-]").smiles).toBe("C[N+](C)(C)CCO");
  });
});
