import type { Mol } from "@rdkit/rdkit";
import { beforeAll, describe, expect, it } from "vitest";
import { everyNth, readDrugCentral, readTox21Smiles } from "../test/shared-data";
import { medChemAssessment, medChemFilterHits, UNSTABLE_GROUPS } from "./medchem-filters";
import { parseSmiles } from "./parse";
import { loadRDKit, type RDKitModule } from "./rdkit";
import { structuralAlertCatalogue } from "./structural-alert-catalogue";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function withMol<T>(smiles: string, use: (mol: Mol) => T): T {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) throw new Error(`unreadable test SMILES ${smiles}`);
  try {
    return use(parsed.mol);
  } finally {
    parsed.mol.delete();
  }
}

const hitNames = (smiles: string) =>
  withMol(smiles, (mol) => medChemFilterHits(rdkit, mol).map((hit) => `${hit.filter}/${hit.name}`));

describe("med-chem acceptability filters", () => {
  it("reject the optimizer's molecules quoted in issue #24, naming each rule they break", () => {
    expect(hitNames("CSOc1ccccc1C(=O)SOC1CC=CC=C1C(=O)O")).toEqual([
      "BRENK/sulfur_oxygen_single_bond",
      "BRENK/thioester",
      "UNSTABLE/acyclic S–O single bond",
      "UNSTABLE/non-aromatic polyene",
    ]);
    expect(hitNames("CC(OBr)C1C(OBr)C1C(C)(Cl)C(=O)O")).toEqual(["BRENK/alkyl_halide", "UNSTABLE/hypohalite"]);
    // SA score of the second is 5.59 (RDKit sascorer gives the same; see sa-score.test.ts for the port's agreement).
    expect(withMol("CC(OBr)C1C(OBr)C1C(C)(Cl)C(=O)O", (mol) => medChemAssessment(rdkit, mol).saScore)).toBeGreaterThan(
      5,
    );
  });

  it("pass approved drugs as DrugCentral records them, with SA ≤ 4", () => {
    const drugs = new Map(readDrugCentral().map((record) => [record.name.toLowerCase(), record.smiles]));
    for (const name of ["celecoxib", "ibuprofen", "atorvastatin", "imatinib", "losartan"]) {
      const smiles = drugs.get(name);
      expect(smiles, name).toBeDefined();
      const assessment = withMol(smiles!, (mol) => medChemAssessment(rdkit, mol));
      expect(assessment.hits, name).toEqual([]);
      expect(assessment.saScore, name).toBeLessThanOrEqual(4);
    }
  });

  it("flag each unstable group on a molecule that has it and spare the drug-like relative that does not", () => {
    const unstable = (smiles: string) =>
      withMol(smiles, (mol) => medChemFilterHits(rdkit, mol).filter((hit) => hit.filter === "UNSTABLE"));
    const cases: [string, string, string][] = [
      ["hypohalite", "CCCCOCl", "CCCCOC"],
      ["N-halide", "O=C1CCC(=O)N1Cl", "O=C1CCC(=O)N1C"],
      ["S- or P-halide", "Cc1ccc(S(=O)(=O)Cl)cc1", "Cc1ccc(S(N)(=O)=O)cc1"],
      ["acyl halide", "O=C(Cl)c1ccccc1", "NC(=O)c1ccccc1"],
      ["acyclic S–O single bond", "CSOc1ccccc1", "CS(=O)(=O)Oc1ccccc1"],
      ["acyclic peroxide", "CC(C)(C)OOC(C)(C)C", "CC1CCC2C(C)C(=O)OC3OC4(C)CCC1C32OO4"],
      ["N–N–N chain", "CN(C)N=Nc1ccccc1", "c1ccc(-c2nn[nH]n2)cc1"],
      ["non-aromatic polyene", "CC(C)=CC=CC(C)=O", "CC(C)=CCC(C)=O"],
      ["cumulated double bonds", "O=C=Nc1ccccc1", "O=C(N)Nc1ccccc1"],
      ["acyclic hemiacetal or hemiaminal", "CCOC(O)c1ccccc1", "OCC1OC(O)C(O)C(O)C1O"],
      ["enol", "CC(O)=Cc1ccccc1", "CC(O)Cc1ccccc1"],
    ];
    expect(cases.map(([name]) => name)).toEqual(UNSTABLE_GROUPS.map((group) => group.name));
    for (const [name, flagged, spared] of cases) {
      expect(
        unstable(flagged).map((hit) => hit.name),
        flagged,
      ).toEqual([name]);
      expect(unstable(spared), spared).toEqual([]);
    }
  });

  it("give RDKit.js's own substructure answer for every filter on ~550 Tox21 and DrugCentral molecules", () => {
    const queries = [...structuralAlertCatalogue().alerts, ...UNSTABLE_GROUPS].map(({ smarts }) => {
      const query = rdkit.get_qmol(smarts);
      if (!query) throw new Error(smarts);
      return { smarts, query };
    });
    const names = [
      ...structuralAlertCatalogue().alerts.map((alert) => `${alert.catalog}/${alert.name}`),
      ...UNSTABLE_GROUPS.map((group) => `UNSTABLE/${group.name}`),
    ];
    const sample = [...everyNth(readTox21Smiles(), 24), ...everyNth(readDrugCentral(), 16).map((r) => r.smiles)];
    let compared = 0;
    let failing = 0;
    for (const smiles of sample) {
      const parsed = parseSmiles(rdkit, smiles);
      if (!parsed.ok) continue;
      try {
        const expected = names.filter((_, i) => parsed.mol.get_substruct_match(queries[i]!.query) !== "{}");
        const actual = medChemFilterHits(rdkit, parsed.mol).map((hit) => `${hit.filter}/${hit.name}`);
        expect(actual, smiles).toEqual(expected);
        compared++;
        if (expected.length > 0) failing++;
      } finally {
        parsed.mol.delete();
      }
    }
    for (const { query } of queries) query.delete();
    expect(compared).toBeGreaterThan(500);
    // Both outcomes are exercised: a good share of real compounds carry some alert, many carry none.
    expect(failing).toBeGreaterThan(compared / 5);
    expect(failing).toBeLessThan(compared);
  });
});
