import { UploadFields } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import type { FeatureRow } from "../types";
import { parseGtex } from "./gtex";
import { ingestErrorOf, readFixture, sharedGeneIndex } from "../../test/ingest-helpers";

const GCT = "gtex_median_tpm_lung_excerpt.gct";
const TIDY = "gtex_median_tpm_lung_excerpt_tidy.csv";
const wideParams = (tissues = "Lung") =>
  UploadFields.gtex.parse({ disease: "lung adenocarcinoma", tissues_of_interest: tissues });
const tidyParams = (tissues = "Lung") =>
  UploadFields.gtex.parse({
    disease: "lung adenocarcinoma",
    tissues_of_interest: tissues,
    tidy: "true",
    id_column: "gencodeId",
  });

const SFTPC = "HGNC:10802";
const ALB = "HGNC:399";
const GAPDH = "HGNC:4141";
const EGFR = "HGNC:3236";

function feature(features: FeatureRow[], gene: string, name: string): FeatureRow {
  const found = features.find((f) => f.gene === gene && f.feature_name === name);
  if (!found) throw new Error(`no ${name} for ${gene}`);
  return found;
}

describe("parseGtex", () => {
  const genes = sharedGeneIndex();

  it("reads the GCT file: a lung-specific gene (SFTPC) is highly specific, and its lung expression ranks top", () => {
    const upload = parseGtex(readFixture(GCT), wideParams(), genes);
    expect(upload.rowsRead).toBe(10);
    const specificity = feature(upload.features, SFTPC, "gtex_tissue_specificity");
    expect(specificity.raw).toBeGreaterThan(0.9);
    expect(specificity.score).toBe(specificity.raw);
    expect(feature(upload.features, SFTPC, "gtex_expression")).toMatchObject({
      score: 1,
      raw: Math.log2(17290 + 1),
      component: "omics",
      disease: null,
    });
    const expression = upload.features
      .filter((f) => f.feature_name === "gtex_expression")
      .sort((a, b) => b.score - a.score);
    expect(expression[0]!.gene).toBe(SFTPC);
  });

  it("gives no specificity support to a gene specific to another tissue (ALB, liver) and little to a housekeeping gene", () => {
    const features = parseGtex(readFixture(GCT), wideParams(), genes).features;
    const alb = feature(features, ALB, "gtex_tissue_specificity");
    expect(alb.raw).toBeGreaterThan(0.8);
    expect(alb.score).toBe(0);
    expect(feature(features, GAPDH, "gtex_tissue_specificity").raw).toBeLessThan(0.3);
    expect(feature(features, EGFR, "gtex_expression").raw).toBeCloseTo(Math.log2(41.21 + 1), 12);
  });

  it("computes tau on log2(TPM + 1) as in Yanai et al. 2005, 0 for a gene expressed nowhere", () => {
    // log2(TPM + 1) = 0, 1, 3 → tau = ((1 − 0/3) + (1 − 1/3) + (1 − 3/3)) / 2 = 5/6.
    const text = "Name\tA\tB\tC\nEGFR\t0\t1\t7\nKRAS\t0\t0\t0\n";
    const features = parseGtex(text, wideParams("C"), genes).features;
    expect(feature(features, EGFR, "gtex_tissue_specificity").score).toBeCloseTo(5 / 6, 12);
    expect(feature(features, "HGNC:6407", "gtex_tissue_specificity")).toMatchObject({ raw: 0, score: 0 });
    expect(feature(features, "HGNC:6407", "gtex_expression")).toMatchObject({ raw: 0, score: 0 });
  });

  it("gives the same features from the wide GCT and the tidy long file", () => {
    const sort = (f: FeatureRow[]) =>
      [...f].sort((a, b) => `${a.gene}${a.feature_name}`.localeCompare(`${b.gene}${b.feature_name}`));
    const wide = parseGtex(readFixture(GCT), wideParams("Lung, Brain - Cortex"), genes);
    const tidy = parseGtex(readFixture(TIDY), tidyParams("lung,Brain_Cortex"), genes);
    expect(tidy.rowsRead).toBe(60);
    expect(sort(tidy.features)).toEqual(sort(wide.features));
    expect(wide.features).toHaveLength(20);
  });

  it("matches tissues of interest ignoring case, spaces, underscores, dashes and parentheses", () => {
    const a = parseGtex(readFixture(GCT), wideParams("Muscle - Skeletal,whole blood"), genes).features;
    const b = parseGtex(readFixture(GCT), wideParams("muscle_skeletal, Whole_Blood"), genes).features;
    expect(b).toEqual(a);
    expect(feature(a, GAPDH, "gtex_tissue_specificity").score).toBeGreaterThan(0);
  });

  it("names a tissue of interest that is not in the file and lists the available tissues", () => {
    const error = ingestErrorOf(() => parseGtex(readFixture(GCT), wideParams("Lung,Thyroid"), genes));
    expect(error.message).toBe(
      "Line 3, column Thyroid: tissue of interest 'Thyroid' not in the file; available tissues: Adipose - Subcutaneous, Brain - Cortex, Liver, Lung, Muscle - Skeletal, Whole Blood",
    );
    const tidy = ingestErrorOf(() => parseGtex(readFixture(TIDY), tidyParams("Thyroid"), genes));
    expect([tidy.line, tidy.column]).toEqual([1, "tissueSiteDetailId"]);
  });

  it("names line and column of a bad expression value, a negative one and a repeated gene × tissue; nothing is returned", () => {
    const bad = readFixture(GCT).replace("41.21", "n/a");
    expect(ingestErrorOf(() => parseGtex(bad, wideParams(), genes)).message).toBe(
      "Line 7, column Lung: not a number: 'n/a'",
    );
    const negative = readFixture(TIDY).replace("Liver,13.02", "Liver,-13.02");
    const error = ingestErrorOf(() => parseGtex(negative, tidyParams(), genes));
    expect([error.line, error.column]).toEqual([22, "median"]);
    const repeated = readFixture(TIDY) + "ENSG00000146648.15,EGFR,Lung,40,TPM\n";
    expect(ingestErrorOf(() => parseGtex(repeated, tidyParams(), genes)).message).toBe(
      "Line 62, column median: second value for 'ENSG00000146648.15' in tissue 'Lung' (first at line 23)",
    );
  });

  it("reports rows whose id and symbol match no gene, and falls back to the symbol when the Ensembl id is unknown", () => {
    const text =
      "Name\tDescription\tLung\tLiver\nENSG00000999999.1\tNOTAGENE\t1\t2\nENSG00000999998.1\tSFTPC\t100\t0\n";
    const upload = parseGtex(text, wideParams(), genes);
    expect(upload.unmatched).toEqual(["ENSG00000999999.1"]);
    expect(new Set(upload.features.map((f) => f.gene))).toEqual(new Set([SFTPC]));
  });

  it("refuses a table without the id column, listing the columns", () => {
    expect(ingestErrorOf(() => parseGtex("gene\tLung\nEGFR\t1\n", wideParams(), genes)).message).toBe(
      "Line 1, column Name: missing column 'Name'; available columns: gene, Lung",
    );
  });
});
