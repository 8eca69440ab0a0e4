import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { CLINTOX, readSharedData } from "../../test/shared-data";
import { prepareRecords } from "../prepare";
import { clintoxCandidates, clintoxReferenceCompounds, parseClintox } from "./clintox";

describe("parseClintox on a small text", () => {
  const text = "smiles,FDA_APPROVED,CT_TOX\nCCO,1,0\n\nCCN,0,1\nCCC,1,x\n,1,0\nCCCl,1,1\n";
  const file = parseClintox(text);

  it("keeps line numbers across blank lines and reports malformed rows", () => {
    expect(file.rows.map((row) => row.line)).toEqual([2, 4, 7]);
    expect(file.malformed.map((row) => row.line)).toEqual([5, 6]);
  });

  it("turns CT_TOX = 1 into SAFETY candidates (bronze when also approved) and the rest into reference compounds", () => {
    const [candidate, approved] = clintoxCandidates(file.rows);
    expect(candidate).toMatchObject({
      line: 4,
      smiles: "CCN",
      failure_class: "SAFETY",
      source: "clintox",
      confidence_tier: "silver",
    });
    expect(approved).toMatchObject({
      line: 7,
      confidence_tier: "bronze",
      reason: expect.stringMatching(/^FDA-approved, but/),
    });
    expect(candidate?.evidence.source_ids).toEqual({ clintox_line: "4" });
    expect(clintoxReferenceCompounds(file.rows)).toEqual([{ id: "clintox:2", smiles: "CCO" }]);
  });

  it("refuses a file without the ClinTox columns", () => {
    expect(() => parseClintox("smiles,label\nCCO,1\n")).toThrow(/FDA_APPROVED/);
  });
});

const text = readSharedData(CLINTOX);

describe("clintox.csv as shipped", () => {
  let rdkit: RDKitModule;
  beforeAll(async () => {
    rdkit = await loadRDKit();
  });
  const file = parseClintox(text);

  it("has the README's counts: 1,484 rows, 112 CT_TOX = 1, 18 approved yet toxic", () => {
    expect(file.rows).toHaveLength(1484);
    expect(file.malformed).toEqual([]);
    expect(file.rows.filter((row) => row.ctTox)).toHaveLength(112);
    expect(file.rows.filter((row) => row.ctTox && row.fdaApproved)).toHaveLength(18);
    expect(file.rows.filter((row) => !row.ctTox && row.fdaApproved)).toHaveLength(1372);
  });

  it("prepares all 112 failures, reporting any row RDKit refuses by its line", () => {
    const { records, rejected } = prepareRecords(rdkit, clintoxCandidates(file.rows));
    console.info(
      `ClinTox failures: ${records.length} records, ${rejected.length} rejected ${JSON.stringify(rejected)}`,
    );
    expect(records.length + rejected.length).toBe(112);
    expect(records.every((record) => /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/.test(record.compound_inchi_key))).toBe(true);
    expect(rejected.every((row) => row.line !== null && row.error.length > 0)).toBe(true);
  });
});
