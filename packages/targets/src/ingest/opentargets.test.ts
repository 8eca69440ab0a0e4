import { UploadFields } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import type { FeatureRow } from "../types";
import { parseOpenTargets } from "./opentargets";
import { ingestErrorOf, readFixture, sharedGeneIndex } from "../../test/ingest-helpers";

const params = UploadFields.opentargets.parse({ indication_efo_id: "EFO_0001071" });
const JSONL = "opentargets_associationByDatatypeDirect_EFO_0001071.jsonl";
const WEB_UI = "opentargets_webui_export_EFO_0001071.csv";
const EGFR = "HGNC:3236";
const KRAS = "HGNC:6407";

const byKey = (features: FeatureRow[]) => new Map(features.map((f) => [`${f.gene} ${f.feature_name}`, f]));
const sorted = (features: FeatureRow[]) =>
  [...features].sort((a, b) => `${a.gene} ${a.feature_name}`.localeCompare(`${b.gene} ${b.feature_name}`));

describe("parseOpenTargets", () => {
  const genes = sharedGeneIndex();

  it("reads associationByDatatypeDirect JSON lines: one feature per gene × data type, literature → lit, known_drug → drugg", () => {
    const text = readFixture(JSONL);
    const upload = parseOpenTargets(text, params, genes);
    expect(upload.rowsRead).toBe(text.trim().split("\n").length);
    expect(upload.features).toHaveLength(upload.rowsRead);
    expect(upload.unmatched).toEqual([]);
    const features = byKey(upload.features);
    expect(features.get(`${EGFR} ot_literature`)).toEqual({
      gene: EGFR,
      feature_name: "ot_literature",
      component: "lit",
      score: 0.9857,
      raw: 0.9857,
      disease: "EFO_0001071",
    });
    expect(features.get(`${EGFR} ot_known_drug`)!.component).toBe("drugg");
    expect(features.get(`${KRAS} ot_somatic_mutation`)).toMatchObject({ component: "omics", score: 0.965 });
    expect(new Set(upload.features.map((f) => f.feature_name))).toEqual(
      new Set([
        "ot_genetic_association",
        "ot_somatic_mutation",
        "ot_known_drug",
        "ot_affected_pathway",
        "ot_rna_expression",
        "ot_literature",
        "ot_animal_model",
      ]),
    );
  });

  it("reads the web UI's wide export to the same features as the JSON lines ('No data' = no value, globalScore not double-counted)", () => {
    const wide = parseOpenTargets(readFixture(WEB_UI), params, genes);
    const json = parseOpenTargets(readFixture(JSONL), params, genes);
    expect(wide.rowsRead).toBe(10);
    expect(sorted(wide.features)).toEqual(sorted(json.features));
    expect(wide.features.some((f) => f.feature_name === "ot_overall")).toBe(false);
  });

  it("uses the overall score (associationByOverallDirect) only for genes without per-datatype scores", () => {
    const text = [
      '{"diseaseId":"EFO_0001071","targetId":"ENSG00000146648","score":0.8123,"evidenceCount":2409}',
      '{"diseaseId":"EFO_0001071","targetId":"ENSG00000146648","datatypeId":"literature","score":0.9857,"evidenceCount":1460}',
      '{"diseaseId":"EFO_0001071","targetId":"ENSG00000118046","score":0.6033,"evidenceCount":388}',
    ].join("\n");
    const features = parseOpenTargets(text, params, genes).features;
    expect(features.map((f) => [f.gene, f.feature_name, f.component])).toEqual([
      [EGFR, "ot_literature", "lit"],
      ["HGNC:11389", "ot_overall", "omics"],
    ]);
  });

  it("reads the long CSV form: any target column, camelCase data types, the indication when diseaseId is absent", () => {
    const text = [
      "target,datatypeId,score",
      "EGFR,knownDrug,0.99",
      "ENSG00000133703,textMining,0.96",
      "P01116,geneticAssociations,0.7",
      "BRAF,,0.66",
    ].join("\n");
    const features = parseOpenTargets(text, params, genes).features;
    expect(features.map((f) => [f.gene, f.feature_name, f.component, f.disease])).toEqual([
      [EGFR, "ot_known_drug", "drugg", "EFO_0001071"],
      [KRAS, "ot_literature", "lit", "EFO_0001071"],
      [KRAS, "ot_genetic_association", "omics", "EFO_0001071"],
      ["HGNC:1097", "ot_overall", "omics", "EFO_0001071"],
    ]);
  });

  it("keeps each row's diseaseId and reports unknown genes once each, without failing", () => {
    const text = [
      "targetId\tdiseaseId\tdatatypeId\tscore",
      "ENSG00000146648\tMONDO_0005233\tliterature\t0.5",
      "ENSG00000000000\tEFO_0001071\tliterature\t0.4",
      "ENSG00000000000\tEFO_0001071\tanimal_model\t0.3",
      "NOTAGENE\tEFO_0001071\tliterature\t0.2",
    ].join("\n");
    const upload = parseOpenTargets(text, params, genes);
    expect(upload.features).toEqual([
      { gene: EGFR, feature_name: "ot_literature", component: "lit", score: 0.5, raw: 0.5, disease: "MONDO_0005233" },
    ]);
    expect(upload.unmatched).toEqual(["ENSG00000000000", "NOTAGENE"]);
  });

  it("refuses a score outside [0, 1], naming line and column, and returns nothing of the file", () => {
    const json =
      readFixture(JSONL).trimEnd() +
      '\n{"diseaseId":"EFO_0001071","targetId":"ENSG00000146648","datatypeId":"literature","score":1.2}\n';
    const jsonError = ingestErrorOf(() => parseOpenTargets(json, params, genes));
    expect([jsonError.line, jsonError.column]).toEqual([json.trim().split("\n").length, "score"]);
    expect(jsonError.message).toContain("association score 1.2 is outside [0, 1]");
    const wide = readFixture(WEB_UI).replace("0.9612", "96.12");
    expect(ingestErrorOf(() => parseOpenTargets(wide, params, genes)).message).toBe(
      "Line 3, column textMining: association score 96.12 is outside [0, 1]",
    );
  });

  it("names line and column of a missing field, a non-number and malformed JSON", () => {
    const noTarget = ingestErrorOf(() =>
      parseOpenTargets('{"targetId":"ENSG00000146648","score":0.5}\n{"score":0.5}\n', params, genes),
    );
    expect([noTarget.line, noTarget.column]).toEqual([2, "targetId"]);
    const textScore = ingestErrorOf(() =>
      parseOpenTargets('{"targetId":"ENSG00000146648","score":"high"}\n', params, genes),
    );
    expect([textScore.line, textScore.column]).toEqual([1, "score"]);
    expect(
      ingestErrorOf(() => parseOpenTargets("symbol,datatypeId,score\nEGFR,literature,abc\n", params, genes)).message,
    ).toBe("Line 2, column score: not a number: 'abc'");
    expect(
      ingestErrorOf(() => parseOpenTargets('{"targetId":"ENSG00000146648","score":0.5}\n{"targetId":\n', params, genes))
        .message,
    ).toMatch(/^Malformed JSON at line 2/);
  });

  it("names the missing gene column and lists the columns the file has", () => {
    expect(ingestErrorOf(() => parseOpenTargets("gene,score\nEGFR,0.5\n", params, genes)).message).toBe(
      "Line 1, column targetId: missing column 'targetId' or 'target' or 'symbol' or 'targetSymbol'; available columns: gene, score",
    );
  });
});
