import { describe, expect, it } from "vitest";
import { parseCount, readQuery, writeQuery, type CountRule } from "./request";

const TOP_K: CountRule = { label: "Top-K", min: 1, max: 100, fallback: 5 };

describe("parseCount", () => {
  it("accepts whole numbers in range", () => {
    expect(parseCount("5", TOP_K)).toEqual({ ok: true, value: 5 });
    expect(parseCount(" 100 ", TOP_K)).toEqual({ ok: true, value: 100 });
    expect(parseCount("1", TOP_K)).toEqual({ ok: true, value: 1 });
  });

  it("refuses 0, 101, fractions and empty input with one message", () => {
    for (const text of ["0", "101", "2.5", "", "five", "-1"])
      expect(parseCount(text, TOP_K)).toEqual({ ok: false, error: "Top-K must be a whole number from 1 to 100." });
  });
});

describe("query in the address", () => {
  it("round-trips and drops an open gene when the query changes", () => {
    const params = writeQuery(new URLSearchParams("gene=EGFR&tab=x"), {
      disease: "DOID:1324",
      count: 7,
      featureSet: "e2e_v1",
      mode: "novel",
    });
    expect(params.get("gene")).toBeNull();
    expect(params.get("tab")).toBe("x");
    expect(readQuery(params, TOP_K)).toEqual({ disease: "DOID:1324", count: 7, featureSet: "e2e_v1", mode: "novel" });
  });

  it("falls back to the default count and reads nothing without a disease", () => {
    expect(readQuery(new URLSearchParams("disease=lung%20cancer&n=500"), TOP_K)).toEqual({
      disease: "lung cancer",
      count: 5,
      featureSet: null,
      mode: "all",
    });
    expect(readQuery(new URLSearchParams("n=5"), TOP_K)).toBeNull();
    expect(readQuery(new URLSearchParams("disease=RA&mode=other"), TOP_K)?.mode).toBe("all");
  });
});
