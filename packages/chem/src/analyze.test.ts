import { beforeAll, describe, expect, it } from "vitest";
import { analyzeMolecule, type MoleculeAnalysis, type MoleculeAnalysisSuccess } from "./analyze";
import { MAX_HEAVY_ATOMS } from "./parse";
import { loadRDKit, type RDKitModule } from "./rdkit";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function success(analysis: MoleculeAnalysis): MoleculeAnalysisSuccess {
  if (!analysis.ok) throw new Error(`expected a successful analysis, got: ${analysis.error}`);
  return analysis;
}

// Expected numbers are RDKit Python 2022.09 values (test/reference-values.json), not ours.
describe("analyzeMolecule on known drugs", () => {
  it("describes aspirin as RDKit does", () => {
    const aspirin = success(analyzeMolecule(rdkit, "CC(=O)Oc1ccccc1C(=O)O"));
    expect(aspirin.smiles).toBe("CC(=O)Oc1ccccc1C(=O)O");
    expect(aspirin.formula).toBe("C9H8O4");
    expect(aspirin.inchikey).toBe("BSYNRYMUTXBXSQ-UHFFFAOYSA-N");
    expect(aspirin.inchi).toBe("InChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)");
    const d = aspirin.descriptors;
    expect(d.mw).toBeCloseTo(180.159, 3);
    expect(d.exact_mw).toBeCloseTo(180.042259, 5);
    expect(d.logp).toBeCloseTo(1.3101, 4);
    expect(d.tpsa).toBeCloseTo(63.6, 4);
    expect([d.hbd, d.hba, d.rotatable_bonds, d.rings, d.aromatic_rings, d.heavy_atoms]).toEqual([1, 3, 2, 1, 1, 13]);
    expect(d.fraction_csp3).toBeCloseTo(0.111111, 5);
    expect(d.qed).toBeCloseTo(0.550122, 5);
    expect(d.sa_score).toBeCloseTo(1.58004, 4);
    expect(aspirin.lipinski).toEqual({ donors: 1, acceptors: 4, violations: 0 });
    expect(aspirin.veber_pass).toBe(true);
    expect(aspirin.drug_like).toBe(true);
    expect(aspirin.largest_fragment).toBeUndefined();
    expect(aspirin.svg).toBeUndefined();
  });

  it("describes caffeine as RDKit does", () => {
    const caffeine = success(analyzeMolecule(rdkit, "Cn1cnc2c1c(=O)n(C)c(=O)n2C"));
    expect(caffeine.formula).toBe("C8H10N4O2");
    expect(caffeine.inchikey).toBe("RYYVLZVUVIJVGH-UHFFFAOYSA-N");
    const d = caffeine.descriptors;
    expect(d.mw).toBeCloseTo(194.194, 3);
    expect(d.logp).toBeCloseTo(-1.0293, 4);
    expect(d.tpsa).toBeCloseTo(61.82, 4);
    expect(d.qed).toBeCloseTo(0.538463, 5);
    expect([d.rings, d.aromatic_rings, d.heavy_atoms, d.hbd]).toEqual([2, 2, 14, 0]);
  });

  it("applies Lipinski, Veber and the product's MW < 600 rule", () => {
    const ciclosporin = success(
      analyzeMolecule(
        rdkit,
        "C/C=C/C[C@@H](C)[C@@H](O)[C@H]1C(=O)N[C@@H](CC)C(=O)N(C)CC(=O)N(C)[C@@H](CC(C)C)C(=O)N[C@@H](C(C)C)C(=O)N(C)[C@@H](CC(C)C)C(=O)N[C@@H](C)C(=O)N[C@H](C)C(=O)N(C)[C@@H](CC(C)C)C(=O)N(C)[C@@H](CC(C)C)C(=O)N(C)[C@@H](C(C)C)C(=O)N1C",
      ),
    );
    expect(ciclosporin.descriptors.mw).toBeCloseTo(1202.635, 2);
    expect(ciclosporin.lipinski).toEqual({ donors: 5, acceptors: 23, violations: 2 });
    expect(ciclosporin.veber_pass).toBe(false);
    expect(ciclosporin.drug_like).toBe(false);
  });
});

describe("formula and charges", () => {
  it.each([
    ["[NH3+]CC(=O)[O-]", "C2H5NO2"],
    ["c1cc[nH+]cc1", "C5H6N+"],
    ["CC(=O)[O-]", "C2H3O2-"],
    ["[Ca+2]", "Ca+2"],
    ["[O-]S(=O)(=O)[O-]", "O4S-2"],
    ["O", "H2O"],
    ["[Na+].[Cl-]", "ClNa"],
    ["[2H]C([2H])([2H])O", "CH4O"],
    ["ClCBr", "CH2BrCl"],
  ])("%s has the formula %s", (smiles, formula) => {
    expect(success(analyzeMolecule(rdkit, smiles)).formula).toBe(formula);
  });
});

describe("salts and several fragments", () => {
  it("keeps whole-input values at the top and describes the largest fragment", () => {
    const salt = success(analyzeMolecule(rdkit, "CN[C@H]1CC[C@@H](c2ccc(Cl)c(Cl)c2)c2ccccc12.Cl"));
    expect(salt.formula).toBe("C17H18Cl3N");
    expect(salt.descriptors.mw).toBeCloseTo(342.697, 2);
    expect(salt.inchikey).toBe("BLFQGGGGFNSJKA-XHXSRVRCSA-N");
    const parent = salt.largest_fragment!;
    expect(parent.smiles).toBe("CN[C@H]1CC[C@@H](c2ccc(Cl)c(Cl)c2)c2ccccc21");
    expect(parent.formula).toBe("C17H17Cl2N");
    expect(parent.descriptors.mw).toBeCloseTo(306.236, 2);
    expect(parent.descriptors.heavy_atoms).toBe(20);
  });

  it("breaks a tie in atom count by weight, like LargestFragmentChooser", () => {
    expect(success(analyzeMolecule(rdkit, "[Na+].[Cl-]")).largest_fragment?.smiles).toBe("[Cl-]");
  });

  it("counts hydrogens when ranking fragments", () => {
    // Methane (5 atoms with H) outranks a chloride ion (1 atom) even though it is lighter.
    expect(success(analyzeMolecule(rdkit, "[Cl-].C")).largest_fragment?.smiles).toBe("C");
  });
});

describe("refused input", () => {
  it.each([
    ["", /Empty input/],
    ["   ", /Empty input/],
    ["C1CC(", /Invalid SMILES: SMILES Parse Error/],
    ["c1cccc1", /Invalid SMILES: Can't kekulize/],
    ["C(C)(C)(C)(C)C", /Invalid SMILES: Explicit valence/],
    ["Xx", /Invalid SMILES/],
    ["CCO ethanol", /whitespace at position 4/],
    ["CCO\nCCC", /whitespace/],
    ["C".repeat(20_000), /20000 characters/],
    ["C".repeat(1_200), new RegExp(`1200 atoms, more than the ${MAX_HEAVY_ATOMS}`)],
    ["C".repeat(MAX_HEAVY_ATOMS + 1), /atoms, more than/],
  ])("refuses %j", (input, message) => {
    const analysis = analyzeMolecule(rdkit, input);
    expect(analysis).toMatchObject({ input, ok: false });
    expect(analysis.ok ? "" : analysis.error).toMatch(message);
  });

  it("handles the longest accepted chain without breaking the shared RDKit module", () => {
    // RDKit.js overflows its stack on chains of ~600 atoms (see MAX_HEAVY_ATOMS).
    expect(success(analyzeMolecule(rdkit, "C".repeat(MAX_HEAVY_ATOMS))).descriptors.heavy_atoms).toBe(MAX_HEAVY_ATOMS);
    expect(success(analyzeMolecule(rdkit, "CCO")).formula).toBe("C2H6O");
  });

  it("never throws, even for a value that is not a string", () => {
    const analysis = analyzeMolecule(rdkit, 42 as unknown as string);
    expect(analysis.ok).toBe(false);
  });

  it("accepts a molecule InChI cannot represent, without identifiers", () => {
    const dummy = success(analyzeMolecule(rdkit, "*c1ccccc1"));
    expect(dummy.inchi).toBeNull();
    expect(dummy.inchikey).toBeNull();
    expect(dummy.formula).toBe("C6H5*");
  });
});

describe("options", () => {
  it("adds an SVG depiction on request", () => {
    const svg = success(analyzeMolecule(rdkit, "c1ccccc1O", { svg: true })).svg ?? "";
    expect(svg).toContain("<svg");
    expect(svg).toContain("</svg>");
  });

  it("skips InChI on request", () => {
    const analysis = success(analyzeMolecule(rdkit, "c1ccccc1O", { inchi: false }));
    expect(analysis.inchikey).toBeNull();
    expect(analysis.descriptors.heavy_atoms).toBe(7);
  });
});
