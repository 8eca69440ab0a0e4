import { describe, expect, it } from "vitest";
import {
  aliphaticIndex,
  chargedFraction,
  extinctionCoefficient,
  gravy,
  hydrophobicFraction,
  instabilityIndex,
  isStable,
  molecularWeight,
} from "../src/index";

// Methods Biopython 1.80 lacks (aliphatic index, fractions) and our rules for the letters Biopython
// refuses, checked against numbers worked out by hand below.

// Human insulin B chain, numbered: 1F 2V 3N 4Q 5H 6L 7C 8G 9S 10H 11L 12V 13E 14A 15L
// 16Y 17L 18V 19C 20G 21E 22R 23G 24F 25F 26Y 27T 28P 29K 30T.
const INSULIN_B = "FVNQHLCGSHLVEALYLVCGERGFFYTPKT";

describe("aliphatic index (Ikai 1980: A + 2.9 V + 3.9 (I + L), mole percent)", () => {
  it("AVIL: 25 % each → 25 + 2.9·25 + 3.9·(25 + 25) = 25 + 72.5 + 195 = 292.5", () => {
    expect(aliphaticIndex("AVIL")).toBeCloseTo(292.5, 10);
  });
  it("insulin B chain: A 1, V 3 (2, 12, 18), L 4 (6, 11, 15, 17), I 0 of 30 → (100/30)·(1 + 8.7 + 15.6) = 253/3", () => {
    expect(aliphaticIndex(INSULIN_B)).toBeCloseTo(253 / 3, 10);
  });
  it("no aliphatic residue: GGSS → 0", () => {
    expect(aliphaticIndex("GGSS")).toBe(0);
  });
  it("J (I or L, both weighted 3.9) counts; X does not: AJGX → 25 + 3.9·25 = 122.5", () => {
    expect(aliphaticIndex("AJGX")).toBeCloseTo(122.5, 10);
  });
});

describe("hydrophobic fraction (A V I L M F C, and J)", () => {
  it("AVILMFCWYG: seven of ten (W, Y and G are not hydrophobic here) → 0.7", () => {
    expect(hydrophobicFraction("AVILMFCWYG")).toBeCloseTo(0.7, 12);
  });
  it("insulin B chain: F1 V2 L6 C7 L11 V12 A14 L15 L17 V18 C19 F24 F25 = 13 of 30", () => {
    expect(hydrophobicFraction(INSULIN_B)).toBeCloseTo(13 / 30, 12);
  });
  it("ABZJX: A and J of five → 0.4", () => {
    expect(hydrophobicFraction("ABZJX")).toBeCloseTo(0.4, 12);
  });
});

describe("charged fraction (D E K R; H is not counted)", () => {
  it("DEKRHG: four of six → 2/3", () => {
    expect(chargedFraction("DEKRHG")).toBeCloseTo(2 / 3, 12);
  });
  it("insulin B chain: E13 E21 R22 K29 = 4 of 30", () => {
    expect(chargedFraction(INSULIN_B)).toBeCloseTo(4 / 30, 12);
  });
  it("B (D or N) and Z (E or Q) may be uncharged, so BZ → 0", () => {
    expect(chargedFraction("BZ")).toBe(0);
  });
});

describe("letters Biopython refuses", () => {
  it("molecular weight of B is the mean of D and N: (133.1027 + 132.1179) / 2 = 132.6103", () => {
    expect(molecularWeight("B")).toBeCloseTo(132.6103, 9);
  });
  it("molecular weight of AU: 89.0932 + 168.0532 − 18.0153 = 239.1311", () => {
    expect(molecularWeight("AU")).toBeCloseTo(239.1311, 9);
  });
  it("GRAVY counts B and Z as −3.5 (both alternatives are −3.5): IB → (4.5 − 3.5) / 2 = 0.5; BZ → −3.5", () => {
    expect(gravy("IB")).toBeCloseTo(0.5, 12);
    expect(gravy("BZ")).toBeCloseTo(-3.5, 12);
  });
  it("GRAVY leaves out J (I 4.5 ≠ L 3.8), X, U and O: AJXUO → 1.8", () => {
    expect(gravy("AJXUO")).toBeCloseTo(1.8, 12);
  });
  it("instability: dipeptides with X add 0, the length stays 4: AAXA → (10/4)·DIWV(A,A) = 2.5", () => {
    expect(instabilityIndex("AAXA")).toBeCloseTo(2.5, 12);
    expect(instabilityIndex("AXA")).toBe(0);
  });
  it("extinction: 2 W, 1 Y, 3 C (one cystine) → 2·5500 + 1490 = 12490 and 12490 + 125 = 12615; U is no cysteine", () => {
    expect(extinctionCoefficient("WWYCCCU")).toEqual({ reduced: 12490, cystines: 12615 });
  });
});

describe("stability threshold", () => {
  it("is stable below 40 only", () => {
    expect(isStable(39.99)).toBe(true);
    expect(isStable(40)).toBe(false);
  });
});
