import { describe, expect, it } from "vitest";
import { quickEstimates } from "./quick-estimates";

describe("quickEstimates (§9)", () => {
  it("estimates pI from the charged fraction and MW from the length", () => {
    expect(quickEstimates({ sequence: "MK", ok: true, length: 22, charged_fraction: 0.25 })).toEqual({
      isoelectricPoint: 5.25,
      molecularWeight: 2420,
    });
    expect(quickEstimates({ sequence: "XJ", ok: false, error: "no amino acids" })).toBeNull();
  });
});
