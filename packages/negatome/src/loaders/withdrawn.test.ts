import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DRUGCENTRAL_IDENTIFIERS,
  DRUGCENTRAL_STRUCTURES,
  readSharedData,
  WITHDRAWN_DRUG_INFO,
  WITHDRAWN_REASONS,
} from "../../test/shared-data";
import { FAILURE_CLASSES } from "../failure-classes";
import { prepareRecords } from "../prepare";
import { drugCentralStructuresByChembl, parseDrugCentralStructures } from "./drugcentral";
import { parseWithdrawn } from "./withdrawn";

describe("parseWithdrawn on a small text", () => {
  const reasons =
    'Drug,Toxicity as reported in ChEMBL,Standardized toxicity label,Overall toxicity category\nCHEMBL1,Hepatotoxicity,hepatotoxicity,hepatologic\nCHEMBL2,None,None,None\nCHEMBL3,"Renal, and more",x,y\n';
  const drugInfo = ",atc,smiles,name,,\nCHEMBL1,A,CCO,Drugone_Brand_,,\nCHEMBL2,B,CCN,Drugtwo_,,\n";

  it("reads reasons, classes and structures, and reports drugs without one", () => {
    const { candidates, unresolved } = parseWithdrawn({ reasons, drugInfo });
    expect(
      candidates.map((c) => [c.line, c.smiles, c.failure_class, c.confidence_tier, c.evidence.compound_name]),
    ).toEqual([
      [2, "CCO", "SAFETY", "gold", "Drugone"],
      [3, "CCN", "UNSPECIFIED", "silver", "Drugtwo"],
    ]);
    expect(candidates[0]?.evidence).toMatchObject({
      source_ids: { chembl_id: "CHEMBL1" },
      reported_reason: "Hepatotoxicity",
      safety_categories: ["hepatologic"],
    });
    expect(unresolved).toEqual([{ line: 4, error: "CHEMBL3: no structure in drug_info.csv or DrugCentral." }]);
  });

  it("takes a missing structure from the lookup and says so", () => {
    const lookup = new Map([["CHEMBL3", { id: "9", name: "drugthree", smiles: "CCS", inchiKey: "" }]]);
    const { candidates } = parseWithdrawn({ reasons, drugInfo }, lookup);
    expect(candidates[2]).toMatchObject({
      smiles: "CCS",
      failure_class: "SAFETY",
      evidence: { compound_name: "drugthree" },
    });
    expect(candidates[2]?.evidence.structure_source).toMatch(/DrugCentral.*ID 9/);
  });
});

const files = {
  reasons: readSharedData(WITHDRAWN_REASONS),
  drugInfo: readSharedData(WITHDRAWN_DRUG_INFO),
  structures: readSharedData(DRUGCENTRAL_STRUCTURES),
  identifiers: readSharedData(DRUGCENTRAL_IDENTIFIERS),
};

describe("withDRAWN as shipped, with DrugCentral structures", () => {
  let rdkit: RDKitModule;
  beforeAll(async () => {
    rdkit = await loadRDKit();
  });
  const own = parseWithdrawn({ reasons: files.reasons!, drugInfo: files.drugInfo! });
  const lookup = drugCentralStructuresByChembl(parseDrugCentralStructures(files.structures!), files.identifiers!);
  const withLookup = parseWithdrawn({ reasons: files.reasons!, drugInfo: files.drugInfo! }, lookup);

  it("has structures for the 103 drugs drug_info.csv flags as withdrawn, 196 of 230 with DrugCentral", () => {
    expect(own.candidates).toHaveLength(103);
    expect(own.candidates.length + own.unresolved.length).toBe(230);
    expect(withLookup.candidates).toHaveLength(196);
    expect(withLookup.unresolved).toHaveLength(34);
  });

  it("classes the documented withdrawals as SAFETY (gold) and those without a reason as UNSPECIFIED (silver)", () => {
    const counts = Object.fromEntries(
      FAILURE_CLASSES.map((c) => [c, withLookup.candidates.filter((x) => x.failure_class === c).length]),
    );
    expect(counts).toEqual({ BINDING: 0, SAFETY: 169, SOLUBILITY: 0, EFFICACY: 0, PK: 0, UNSPECIFIED: 27 });
    expect(
      withLookup.candidates.every((c) => (c.failure_class === "UNSPECIFIED") === (c.confidence_tier === "silver")),
    ).toBe(true);
  });

  it("prepares every candidate into a record with InChIKey and fingerprint", () => {
    const { records, rejected } = prepareRecords(rdkit, withLookup.candidates);
    console.info(`withDRAWN: ${records.length} records, rejected ${JSON.stringify(rejected)}`);
    expect(rejected).toEqual([]);
    expect(new Set(records.map((r) => r.evidence.source_ids.chembl_id)).size).toBe(196);
  });
});
