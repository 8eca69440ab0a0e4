import { describe, expect, it } from "vitest";
import { cleanSequence, parseSequences } from "../src/index";

describe("cleanSequence", () => {
  it("strips whitespace and digits and upper-cases", () => {
    expect(cleanSequence("  1 mkvl aagt\n 61 WYc\t")).toEqual({ ok: true, sequence: "MKVLAAGTWYC" });
  });
  it("drops one trailing stop", () => {
    expect(cleanSequence("MKV*")).toEqual({ ok: true, sequence: "MKV" });
  });
  it("names every offending character with its first position", () => {
    const result = cleanSequence("AC-D*E@-");
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toBe('Not amino-acid letters: "-" (position 3), "*" (position 5), "@" (position 7).');
  });
  it("keeps a stop inside the chain or a second stop as an error", () => {
    expect(cleanSequence("MK*V").ok).toBe(false);
    expect(cleanSequence("MKV**").ok).toBe(false);
  });
  it("does not invent residues by Unicode case folding", () => {
    const result = cleanSequence("maßα");
    expect(result).toMatchObject({ ok: false, sequence: "MAßα" });
    if (!result.ok) expect(result.error).toContain('"ß"');
  });
  it("accepts U, O, B, Z, J and X beside standard residues", () => {
    expect(cleanSequence("AUOBZJX")).toEqual({ ok: true, sequence: "AUOBZJX" });
  });
  it("refuses empty input and input without a standard residue", () => {
    expect(cleanSequence(" 12 \n")).toMatchObject({ ok: false, error: "Empty sequence." });
    expect(cleanSequence("*")).toMatchObject({ ok: false, error: "Empty sequence." });
    expect(cleanSequence("XXXX")).toMatchObject({ ok: false });
  });
});

describe("parseSequences", () => {
  it("reads multi-record FASTA, keeping headers as ids and joining wrapped lines", () => {
    const records = parseSequences(">sp|P01308|INS insulin\r\nGIVEQCCT\r\nSICSLYQLENYCN\r\n\r\n>second\nkv fg 12\n");
    expect(records).toEqual([
      { id: "sp|P01308|INS insulin", ok: true, sequence: "GIVEQCCTSICSLYQLENYCN" },
      { id: "second", ok: true, sequence: "KVFG" },
    ]);
  });
  it("reports an empty record, a header without a name and text before the first header", () => {
    const records = parseSequences("MKV\n>empty\n\n>\nACD\n");
    expect(records.map((r) => [r.id, r.ok])).toEqual([
      ["(before first header)", false],
      ["empty", false],
      ["sequence 3", true],
    ]);
  });
  it("reads one sequence per line otherwise, skipping blank lines, ids by line number", () => {
    const records = parseSequences("mkvl\n\n  ACDE 10\nAC#D\n");
    expect(records).toEqual([
      { id: "line 1", ok: true, sequence: "MKVL" },
      { id: "line 3", ok: true, sequence: "ACDE" },
      { id: "line 4", ok: false, sequence: "AC#D", error: 'Not amino-acid letters: "#" (position 3).' },
    ]);
  });
  it("returns nothing for blank text", () => {
    expect(parseSequences(" \n\n")).toEqual([]);
  });
});
