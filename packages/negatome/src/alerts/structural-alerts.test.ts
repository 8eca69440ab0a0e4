import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireRDKitPython } from "@sieve/testing";
import { runRDKitScript } from "../../test/python-reference";
import { CLINTOX, DRUGCENTRAL_STRUCTURES, readSharedData, TOX21 } from "../../test/shared-data";
import { parseClintox } from "../loaders/clintox";
import { parseDrugCentralStructures } from "../loaders/drugcentral";
import { releaseStructuralAlerts, structuralAlertCatalogue, structuralAlertsOfSmiles } from "@sieve/chem";

interface PythonMatches {
  rdkit_version: string;
  molecules: { smiles: string; matches: { catalog: string; name: string; atoms: number[] }[] | null }[];
}

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});
afterAll(() => releaseStructuralAlerts(rdkit));

const alertsOf = (smiles: string) => structuralAlertsOfSmiles(rdkit, smiles);

const names = (alerts: { catalog: string; name: string }[] | null) =>
  (alerts ?? []).map((a) => `${a.catalog}/${a.name}`).sort();

/** Known PAINS/Brenk examples: 5-benzylidene rhodanine, p-benzoquinone, catechol, an azo dye, ethanol (nothing). */
const KNOWN = {
  rhodanine: "S=C1SC(=Cc2ccccc2)C(=O)N1",
  quinone: "O=C1C=CC(=O)C=C1",
  catechol: "Oc1ccccc1O",
  azo: "CN(C)c1ccc(cc1)N=Nc1ccccc1",
  ethanol: "CCO",
};

describe("the exported catalogue", () => {
  it("has RDKit's 585 PAINS A/B/C and Brenk entries, with their version", () => {
    const { alerts, rdkit_version } = structuralAlertCatalogue();
    const count = (catalog: string) => alerts.filter((a) => a.catalog === catalog).length;
    expect([count("PAINS_A"), count("PAINS_B"), count("PAINS_C"), count("BRENK")]).toEqual([16, 55, 409, 105]);
    expect(rdkit_version).toBe("2022.09.3");
  });

  it("finds the classic PAINS and Brenk motifs", () => {
    expect(names(alertsOf(KNOWN.rhodanine))).toEqual(
      expect.arrayContaining(["PAINS_A/ene_rhod_A(235)", "BRENK/Michael_acceptor_1"]),
    );
    expect(names(alertsOf(KNOWN.quinone))).toEqual(expect.arrayContaining(["PAINS_A/quinone_A(370)"]));
    expect(names(alertsOf(KNOWN.catechol))).toEqual(
      expect.arrayContaining(["PAINS_B/catechol_A(92)", "BRENK/catechol"]),
    );
    expect(alertsOf(KNOWN.ethanol)).toEqual([]);
  });

  it("gives atoms and a description that cites the catalogue", () => {
    const [alert] = alertsOf(KNOWN.quinone)!;
    expect(alert).toMatchObject({ catalog: "PAINS_A", name: "quinone_A(370)", atoms: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(alert?.description).toMatch(/Baell & Holloway/);
  });
});

describe("against RDKit Python's FilterCatalog, run now", () => {
  beforeAll(() => requireRDKitPython());
  it("agrees on the known examples, atoms included", () => {
    const python = runRDKitScript<PythonMatches>(
      "../../chem/scripts/export-alerts.py",
      ["--match"],
      Object.values(KNOWN),
    );
    for (const molecule of python.molecules) {
      const ours = alertsOf(molecule.smiles)!;
      expect(names(ours), molecule.smiles).toEqual(names(molecule.matches));
      for (const match of molecule.matches ?? []) {
        expect(ours.find((a) => a.name === match.name)?.atoms, `${molecule.smiles} ${match.name}`).toEqual(match.atoms);
      }
    }
  });

  const drugCentral = readSharedData(DRUGCENTRAL_STRUCTURES);
  const tox21 = readSharedData(TOX21);
  const clintox = readSharedData(CLINTOX);
  const sample = [
    ...parseDrugCentralStructures(drugCentral)
      .filter((_, i) => i % 40 === 0)
      .map((s) => s.smiles),
    ...tox21
      .split("\n")
      .slice(1)
      .filter((_, i) => i % 80 === 0)
      .map((line) => line.split(",").at(-1) ?? ""),
    ...parseClintox(clintox)
      .rows.filter((row) => row.ctTox)
      .map((row) => row.smiles),
  ].filter((smiles) => smiles.length > 0);

  it("agrees with FilterCatalog on which alerts match for ~300 DrugCentral, Tox21 and ClinTox molecules", () => {
    const python = runRDKitScript<PythonMatches>("../../chem/scripts/export-alerts.py", ["--match"], sample);
    let compared = 0;
    let matchesPython = 0;
    let matchesOurs = 0;
    const differences: string[] = [];
    for (const molecule of python.molecules) {
      const ours = alertsOf(molecule.smiles);
      if (ours === null || molecule.matches === null) continue;
      compared++;
      const [a, b] = [names(ours), names(molecule.matches)];
      matchesOurs += a.length;
      matchesPython += b.length;
      if (a.join() !== b.join())
        differences.push(
          `${molecule.smiles}: only ours [${a.filter((n) => !b.includes(n))}], only RDKit Python [${b.filter((n) => !a.includes(n))}]`,
        );
    }
    const agreement = 1 - differences.length / compared;
    console.info(
      `Structural alerts vs RDKit ${python.rdkit_version} FilterCatalog: ${compared - differences.length}/${compared} molecules identical (${(100 * agreement).toFixed(1)}%), ` +
        `${matchesOurs} alert matches here, ${matchesPython} there\n  ${differences.join("\n  ")}`,
    );
    expect(compared).toBeGreaterThanOrEqual(250);
    expect(agreement).toBeGreaterThanOrEqual(0.97);
  });
});
