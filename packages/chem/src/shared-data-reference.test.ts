import { beforeAll, describe, expect, it } from "vitest";
import { requireRDKitPython } from "@sieve/testing";
import { runRDKitPython } from "../test/python-reference";
import {
  compareWithReference,
  formatAgreement,
  REQUIRED_FIELDS,
  unexplainedHbaDifferences,
  type FieldAgreement,
  type ReferenceDocument,
} from "../test/reference-compare";
import { everyNth, readDrugCentral, readTox21Smiles } from "../test/shared-data";
import { analyzeMolecule, type MoleculeAnalysis } from "./analyze";
import { inchiIdentifiers } from "./inchi";
import { parseSmiles } from "./parse";
import { loadRDKit, type RDKitModule } from "./rdkit";

/**
 * Checks against the shared data sets (read in place from ../shared/data, never copied):
 * DrugCentral's own InChIKeys, and RDKit Python computed now on a deterministic sample of
 * DrugCentral and Tox21 SMILES. Missing data or a Python without RDKit fails the file.
 */
const drugCentral = readDrugCentral();
const tox21 = readTox21Smiles();

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

describe("InChIKey against DrugCentral", () => {
  it("agrees on at least 95% of a deterministic sample of 500+ structures", () => {
    const sample = everyNth(
      drugCentral.filter((row) => row.inchikey.length > 0),
      7,
    );
    expect(sample.length).toBeGreaterThanOrEqual(500);
    const disagreements = sample.flatMap((row) => {
      const parsed = parseSmiles(rdkit, row.smiles);
      if (!parsed.ok) return [`${row.name}: ${parsed.error}`];
      try {
        const ours = inchiIdentifiers(rdkit, parsed.mol)?.inchikey ?? "(none)";
        return ours === row.inchikey ? [] : [`${row.name}: ours ${ours}, DrugCentral ${row.inchikey}`];
      } finally {
        parsed.mol.delete();
      }
    });
    const agreement = 1 - disagreements.length / sample.length;
    console.info(
      `InChIKey vs DrugCentral: ${sample.length - disagreements.length}/${sample.length} (${(100 * agreement).toFixed(1)}%)\n  ${disagreements.slice(0, 10).join("\n  ")}`,
    );
    expect(agreement).toBeGreaterThanOrEqual(0.95);
  });
});

describe("descriptors against RDKit Python run now on DrugCentral and Tox21", () => {
  let reference: ReferenceDocument;
  let analyses: MoleculeAnalysis[];
  let report: Map<string, FieldAgreement>;
  beforeAll(() => {
    requireRDKitPython();
    const smiles = [
      ...everyNth(
        drugCentral.map((row) => row.smiles),
        26,
      ),
      ...everyNth(tox21, 52),
    ];
    reference = runRDKitPython(smiles);
    analyses = reference.molecules.map((record) => analyzeMolecule(rdkit, record.smiles_in, { inchi: false }));
    report = compareWithReference(reference.molecules, analyses);
    console.info(`DrugCentral + Tox21 sample vs RDKit Python ${reference.rdkit_version}:\n${formatAgreement(report)}`);
  }, 120_000);

  it("covers about 300 molecules", () => {
    expect(reference.molecules.length).toBeGreaterThanOrEqual(250);
  });

  it.each(REQUIRED_FIELDS)("%s agrees on at least 95% of the sample", (field) => {
    expect(report.get(field)?.fraction).toBeGreaterThanOrEqual(0.95);
  });

  it("differs in HBA only by pyrrole-type nitrogens", () => {
    expect(unexplainedHbaDifferences(rdkit, reference.molecules, analyses)).toEqual([]);
  });
});
