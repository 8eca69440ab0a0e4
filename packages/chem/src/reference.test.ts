import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  compareWithReference,
  formatAgreement,
  REQUIRED_FIELDS,
  unexplainedHbaDifferences,
  type FieldAgreement,
  type ReferenceDocument,
} from "../test/reference-compare";
import { analyzeMolecule, type MoleculeAnalysis } from "./analyze";
import { loadRDKit, type RDKitModule } from "./rdkit";

/**
 * Our values against RDKit Python 2022.09 on the hand-written reference set
 * (test/reference-molecules.smi -> scripts/make-reference.py -> test/reference-values.json).
 */
const reference = JSON.parse(
  readFileSync(new URL("../test/reference-values.json", import.meta.url), "utf8"),
) as ReferenceDocument;

describe(`agreement with RDKit Python ${reference.rdkit_version} on ${reference.molecules.length} reference molecules`, () => {
  let rdkit: RDKitModule;
  let analyses: MoleculeAnalysis[];
  let report: Map<string, FieldAgreement>;
  beforeAll(async () => {
    rdkit = await loadRDKit();
    analyses = reference.molecules.map((record) => analyzeMolecule(rdkit, record.smiles_in));
    report = compareWithReference(reference.molecules, analyses);
    console.info(`Reference molecules vs RDKit Python ${reference.rdkit_version}:\n${formatAgreement(report)}`);
  }, 120_000);

  it("has at least 200 molecules", () => {
    expect(reference.molecules.length).toBeGreaterThanOrEqual(200);
  });

  it.each(REQUIRED_FIELDS)("%s agrees on at least 95% of the molecules", (field) => {
    expect(report.get(field)?.fraction).toBeGreaterThanOrEqual(0.95);
  });

  it("differs in HBA only by pyrrole-type nitrogens", () => {
    expect(unexplainedHbaDifferences(rdkit, reference.molecules, analyses)).toEqual([]);
  });
});
