import { UploadFields } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import { parseGeneric } from "./generic";
import { normalCdf, zScoreScaler } from "./scaling";
import { ingestErrorOf, readFixture, sharedGeneIndex } from "../../test/ingest-helpers";

const FIXTURE = "depmap_chronos_lung_adenocarcinoma.csv";
const params = (fields: Record<string, unknown>) =>
  UploadFields.generic.parse({ feature_name: "crispr_dependency", value_column: "chronos_gene_effect", ...fields });
const KRAS = "HGNC:6407";
const GAPDH = "HGNC:4141";
const TP53 = "HGNC:11998";

describe("z-score scaling", () => {
  it("matches the standard normal CDF (reference: Python math.erf) and gives 0.5 when sd is 0", () => {
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 6);
    expect(normalCdf(-1.96)).toBeCloseTo(0.024997895148220428, 6);
    const scale = zScoreScaler([1, 2, 3]);
    expect([1, 2, 3].map(scale)).toEqual([
      expect.closeTo(0.11033568095992341, 6),
      expect.closeTo(0.5, 6),
      expect.closeTo(0.8896643190400766, 6),
    ]);
    expect(zScoreScaler([4, 4])(4)).toBe(0.5);
  });
});

describe("parseGeneric", () => {
  const genes = sharedGeneIndex();

  it("min-max scales and inverts a dependency score; a repeated gene keeps its best score; empty values are skipped", () => {
    const upload = parseGeneric(
      readFixture(FIXTURE),
      params({ symbol_column: "gene_symbol", invert: "true", component: "omics", disease: "EFO_0000571" }),
      genes,
    );
    expect(upload.rowsRead).toBe(13);
    expect(upload.unmatched).toEqual(["NOTAGENE1"]);
    const score = new Map(upload.features.map((f) => [f.gene, f]));
    expect(upload.features).toHaveLength(10);
    expect(score.get(GAPDH)).toEqual({
      gene: GAPDH,
      feature_name: "crispr_dependency",
      component: "omics",
      score: 1,
      raw: -1.552,
      disease: "EFO_0000571",
    });
    expect(score.get(TP53)!.score).toBe(0);
    expect(score.get(KRAS)).toMatchObject({
      raw: -1.105,
      score: expect.closeTo(1 - (-1.105 + 1.552) / (0.174 + 1.552), 12),
    });
    expect(score.has("HGNC:10802")).toBe(false);
  });

  it("z-scores (inverted), finds genes by the id column first, and counts for any disease without one", () => {
    const upload = parseGeneric(
      readFixture(FIXTURE),
      params({
        id_column: "entrez_id",
        symbol_column: "gene_symbol",
        scale: "zscore",
        invert: "yes",
        component: "lit",
      }),
      genes,
    );
    const kras = upload.features.find((f) => f.gene === KRAS)!;
    expect(kras.component).toBe("lit");
    expect(kras.disease).toBeNull();
    expect(kras.score).toBeGreaterThan(0.5);
    expect(upload.features.every((f) => f.score > 0 && f.score < 1)).toBe(true);
  });

  it("prefers the id column over the symbol column when both name a gene", () => {
    const upload = parseGeneric(
      "symbol,entrez,v\nEGFR,3845,1\n",
      params({ id_column: "entrez", symbol_column: "symbol", value_column: "v" }),
      genes,
    );
    expect(upload.features.map((f) => f.gene)).toEqual([KRAS]);
  });

  it("gives 1 to every gene when all values are equal (min-max)", () => {
    const upload = parseGeneric(
      "gene,v\nEGFR,2\nKRAS,2\n",
      params({ symbol_column: "gene", value_column: "v" }),
      genes,
    );
    expect(upload.features.map((f) => f.score)).toEqual([1, 1]);
  });

  it("needs a gene column, and names line and column of a bad value and the missing value column", () => {
    expect(ingestErrorOf(() => parseGeneric(readFixture(FIXTURE), params({}), genes)).message).toBe(
      "Line 2, column id_column: set id_column or symbol_column: which column names the gene",
    );
    const bad = readFixture(FIXTURE).replace("BRAF,673,-0.236", "BRAF,673,-0.2x");
    expect(ingestErrorOf(() => parseGeneric(bad, params({ symbol_column: "gene_symbol" }), genes)).message).toBe(
      "Line 7, column chronos_gene_effect: not a number: '-0.2x'",
    );
    expect(
      ingestErrorOf(() =>
        parseGeneric(readFixture(FIXTURE), params({ symbol_column: "gene_symbol", value_column: "effect" }), genes),
      ).message,
    ).toBe(
      "Line 2, column effect: missing column 'effect'; available columns: gene_symbol, entrez_id, chronos_gene_effect",
    );
  });
});
