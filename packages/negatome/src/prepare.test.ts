import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import type { FailureClass } from "./failure-classes";
import { prepareRecords } from "./prepare";
import { buildReferenceIndex } from "./reference-set";
import type { NegatomeCandidate } from "./types";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

const candidate = (line: number, smiles: string, extra: Partial<NegatomeCandidate> = {}): NegatomeCandidate => ({
  line,
  smiles,
  failure_class: "SAFETY",
  target_uniprot_id: null,
  source: "user",
  score: null,
  reason: "test",
  evidence: { dataset: "test", licence: "test", source_ids: {} },
  confidence_tier: "bronze",
  ...extra,
});

describe("prepareRecords", () => {
  it("reports each bad row by its line and keeps the good ones", () => {
    const { records, rejected } = prepareRecords(rdkit, [
      candidate(2, "c1ccccc1O"),
      candidate(3, "C1CC"),
      candidate(4, "*C(=O)O"),
      candidate(5, "CCO", { failure_class: "TOXIC" as FailureClass }),
      candidate(6, "CCO", { target_uniprot_id: "EGFR" }),
      candidate(7, "CCN", { target_uniprot_id: "P00533" }),
    ]);
    expect(records.map((r) => r.compound_smiles)).toEqual(["Oc1ccccc1", "CCN"]);
    expect(rejected.map((r) => [r.line, r.error])).toEqual([
      [3, expect.stringMatching(/Invalid SMILES/)],
      [4, expect.stringMatching(/No InChIKey/)],
      [5, 'Unknown failure class "TOXIC".'],
      [6, '"EGFR" is not a UniProt accession.'],
    ]);
  });

  it("stores the parent of a salt with a 2048-bit fingerprint and keeps the input SMILES as evidence", () => {
    const { records } = prepareRecords(rdkit, [candidate(2, "CN(C)CCC=C1c2ccccc2CCc2ccccc21.Cl")]);
    const [record] = records;
    expect(record?.compound_smiles).toBe("CN(C)CCC=C1c2ccccc2CCc2ccccc21");
    expect(record?.compound_inchi_key).toBe("KRMDCWKBEZIMAB-UHFFFAOYSA-N");
    expect(record?.fingerprint).toHaveLength(64);
    expect(record?.evidence.input_smiles).toBe("CN(C)CCC=C1c2ccccc2CCc2ccccc21.Cl");
  });
});

describe("buildReferenceIndex", () => {
  it("leaves out compounds that are recorded failures and reports unparsable ones", () => {
    const { index, excluded, rejected } = buildReferenceIndex(
      rdkit,
      [
        { id: "a", smiles: "CCO" },
        { id: "b", smiles: "CN(C)CCC=C1c2ccccc2CCc2ccccc21.Cl" },
        { id: "c", smiles: "C1CC" },
      ],
      new Set(["KRMDCWKBEZIMAB-UHFFFAOYSA-N"]),
    );
    expect([index.size, excluded, rejected.map((r) => r.id)]).toEqual([1, ["b"], ["c"]]);
  });
});
