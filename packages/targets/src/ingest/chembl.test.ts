import { UploadFields } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import type { FeatureRow } from "../types";
import { parseChemblTractability, parseChemblUniprotMapping, tractabilityBucket, tractabilityScore } from "./chembl";
import { readSharedData } from "@sieve/testing";
import { ingestErrorOf, readFixture, sharedGeneIndex } from "../../test/ingest-helpers";

const MAPPING = "chembl_uniprot/chembl_uniprot_mapping.txt";
const FIXTURE = "chembl_target_compound_counts.csv";
const params = (fields: Record<string, unknown> = {}) => UploadFields.chembl.parse(fields);
const EGFR = "HGNC:3236";
const STK11 = "HGNC:11389";

const find = (features: FeatureRow[], gene: string, name: string) =>
  features.find((f) => f.gene === gene && f.feature_name === name);

describe("tractability score", () => {
  it("is min(1, log10(1 + n) / log10(101)), halved below the confidence minimum", () => {
    expect(tractabilityScore(0, 10)).toBe(0);
    expect(tractabilityScore(100, 10)).toBeCloseTo(1, 12);
    expect(tractabilityScore(10_000, 10)).toBe(1);
    expect(tractabilityScore(14, 10)).toBeCloseTo(Math.log10(15) / Math.log10(101), 12);
    expect(tractabilityScore(6, 10)).toBeCloseTo(Math.log10(7) / Math.log10(101) / 2, 12);
    expect(tractabilityBucket(9, 10)).toEqual({ count: 9, confident: false });
    expect(tractabilityBucket(10, 10)).toEqual({ count: 10, confident: true });
  });
});

describe("parseChemblUniprotMapping", () => {
  it("maps ChEMBL target ids to UniProt accessions, skipping the # comment and an optional header", () => {
    const mapping = parseChemblUniprotMapping(
      "# chembl_30 target list\nUniProt\tChEMBL\tname\ttype\nP00533\tCHEMBL203\tEGFR\tSINGLE PROTEIN\nP04626\tCHEMBL2111431\tEGFR/ERBB2\tPROTEIN COMPLEX\nP00533\tCHEMBL2111431\tEGFR/ERBB2\tPROTEIN COMPLEX\n",
    );
    expect(mapping).toEqual(
      new Map([
        ["CHEMBL203", ["P00533"]],
        ["CHEMBL2111431", ["P04626", "P00533"]],
      ]),
    );
  });

  it("names the line of a row without a ChEMBL id", () => {
    expect(
      ingestErrorOf(() => parseChemblUniprotMapping("# c\nP00533\tCHEMBL203\tx\ty\nP04626\t\tx\ty\n")).message,
    ).toBe("Line 3, column ChEMBL: not a ChEMBL target id: ''");
  });

  it("reads the shared ChEMBL 30 mapping", () => {
    const mapping = parseChemblUniprotMapping(readSharedData(MAPPING));
    expect(mapping.get("CHEMBL203")).toEqual(["P00533"]);
    expect(mapping.get("CHEMBL2189121")).toEqual(["P01116"]);
    expect([...mapping.values()].reduce((s, a) => s + a.length, 0)).toBe(13_531);
  });
});

describe("parseChemblTractability", () => {
  const genes = sharedGeneIndex();
  const chemblToUniprot = parseChemblUniprotMapping(readSharedData(MAPPING));

  it("scores small-molecule and biologic counts per gene, found by ChEMBL id, UniProt accession or symbol", () => {
    const upload = parseChemblTractability(readFixture(FIXTURE), params(), genes, chemblToUniprot);
    expect(upload.rowsRead).toBe(12);
    expect(upload.unmatched).toEqual(["CHEMBL612545"]);
    expect(upload.features).toHaveLength(2 * 11);
    expect(find(upload.features, EGFR, "chembl_small_molecule")).toEqual({
      gene: EGFR,
      feature_name: "chembl_small_molecule",
      component: "drugg",
      score: 1,
      raw: 10412,
      disease: null,
    });
    expect(find(upload.features, EGFR, "chembl_biologic")!.score).toBeCloseTo(Math.log10(15) / Math.log10(101), 12);
    // STK11 by its UniProt accession: 6 compounds is below the confidence minimum; an empty count is 0.
    expect(find(upload.features, STK11, "chembl_small_molecule")!.score).toBeCloseTo(tractabilityScore(6, 10), 12);
    expect(find(upload.features, STK11, "chembl_biologic")).toMatchObject({ raw: 0, score: 0 });
    expect(find(upload.features, "HGNC:11825", "chembl_small_molecule")).toMatchObject({ raw: 0, score: 0 });
  });

  it("halves the score of every count under min_count_for_confidence", () => {
    const strict = parseChemblTractability(
      readFixture(FIXTURE),
      params({ min_count_for_confidence: 20_000 }),
      genes,
      chemblToUniprot,
    );
    expect(find(strict.features, EGFR, "chembl_small_molecule")!.score).toBe(0.5);
  });

  it("gives a protein complex's counts to each member gene", () => {
    const mapping = new Map([["CHEMBL2111431", ["P00533", "P04626"]]]);
    const upload = parseChemblTractability(
      "target_chembl_id,small_molecule_count,biologic_count\nCHEMBL2111431,40,2\n",
      params(),
      genes,
      mapping,
    );
    expect(
      upload.features
        .filter((f) => f.feature_name === "chembl_small_molecule")
        .map((f) => f.gene)
        .sort(),
    ).toEqual([EGFR, "HGNC:3430"]);
  });

  it("names line and column of a negative, fractional or non-numeric count, and of a missing column", () => {
    const bad = (count: string) =>
      readFixture(FIXTURE).replace(
        "CHEMBL5568,Proto-oncogene tyrosine-protein kinase ROS,SINGLE PROTEIN,318",
        `CHEMBL5568,ROS1,SINGLE PROTEIN,${count}`,
      );
    expect(ingestErrorOf(() => parseChemblTractability(bad("-3"), params(), genes, chemblToUniprot)).message).toBe(
      "Line 8, column small_molecule_count: not a count (a whole number ≥ 0): '-3'",
    );
    expect(ingestErrorOf(() => parseChemblTractability(bad("2.5"), params(), genes, chemblToUniprot)).line).toBe(8);
    expect(ingestErrorOf(() => parseChemblTractability(bad("many"), params(), genes, chemblToUniprot)).message).toBe(
      "Line 8, column small_molecule_count: not a number: 'many'",
    );
    expect(
      ingestErrorOf(() =>
        parseChemblTractability(
          readFixture(FIXTURE),
          params({ biologic_count_col: "antibodies" }),
          genes,
          chemblToUniprot,
        ),
      ).message,
    ).toBe(
      "Line 1, column antibodies: missing column 'antibodies'; available columns: target_chembl_id, pref_name, target_type, small_molecule_count, biologic_count",
    );
  });
});
