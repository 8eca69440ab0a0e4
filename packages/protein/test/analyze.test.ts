import { describe, expect, it } from "vitest";
import { analyzeProtein, analyzeSequences, mulberry32, STANDARD_RESIDUES } from "../src/index";

describe("analyzeProtein", () => {
  it("returns every ProtParam field for a valid sequence", () => {
    const result = analyzeProtein("mqifvktltg ktitlevepsd", "ubiquitin 1-21");
    expect(result).toMatchObject({
      ok: true,
      id: "ubiquitin 1-21",
      sequence: "MQIFVKTLTGKTITLEVEPSD",
      length: 21,
      warnings: [],
    });
    if (!result.ok) return;
    expect(Object.keys(result.composition)).toEqual([...STANDARD_RESIDUES]);
    expect(Object.values(result.composition).reduce((sum, share) => sum + share.percent, 0)).toBeCloseTo(100, 10);
    expect(result.stable).toBe(result.instability_index < 40);
    for (const value of [result.molecular_weight, result.isoelectric_point, result.gravy, result.aliphatic_index]) {
      expect(Number.isFinite(value)).toBe(true);
    }
  });

  it("lists non-standard letters in the composition and explains their handling", () => {
    const result = analyzeProtein("MKUXAW");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.composition.U).toEqual({ count: 1, percent: 100 / 6 });
    expect(result.composition.B).toBeUndefined();
    expect(result.warnings).toHaveLength(3);
  });

  it("warns when a sequence looks like DNA", () => {
    const result = analyzeProtein("ACGTACGTACGTACGTACGTAAA");
    expect(result.ok && result.warnings.some((w) => w.includes("nucleotide"))).toBe(true);
  });

  it("reports invalid input as { ok: false } with the cleaned sequence", () => {
    expect(analyzeProtein("AC-DE", "x")).toEqual({
      id: "x",
      sequence: "AC-DE",
      ok: false,
      error: 'Not amino-acid letters: "-" (position 3).',
    });
  });

  it("never throws, whatever it is given", () => {
    const random = mulberry32(99);
    const alphabet = "ACDEFGHIKLMNPQRSTVWYUOBZJXacgt -*\n>0ßα\u0000";
    for (let n = 0; n < 2000; n++) {
      let text = "";
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const result = analyzeProtein(text);
      if (result.ok) expect(Number.isFinite(result.gravy) && Number.isFinite(result.molecular_weight)).toBe(true);
      else expect(result.error).toBeTypeOf("string");
    }
    expect(analyzeProtein(undefined as unknown as string)).toMatchObject({ ok: false });
  });
});

describe("analyzeSequences", () => {
  it("analyses every FASTA record and passes parse errors through", () => {
    const results = analyzeSequences(">a\nPETER\n>b\nPE TER 7\n>c\nPE?ER");
    expect(results.map((r) => [r.id, r.ok])).toEqual([
      ["a", true],
      ["b", true],
      ["c", false],
    ]);
    expect(results[0]!.ok && results[0]!.isoelectric_point).toBeCloseTo(4.53, 2); // Biopython doctest value
  });
});
