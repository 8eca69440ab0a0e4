import { describe, expect, it } from "vitest";
import { describeConfidenceFilter } from "./confidence";

const thresholds = { "chemical-disease": 0.288, "gene-disease": 0.253, "chemical-gene": 0.219, "gene-gene": 0.15 };

describe("describeConfidenceFilter", () => {
  it("names the default thresholds of the kinds shown and what they held back", () => {
    expect(
      describeConfidenceFilter({ min_confidence: null, confidence_thresholds: thresholds, below_min_confidence: 3 }, [
        "gene-disease",
      ]),
    ).toBe(
      "Triples at the default confidence thresholds, each the best-F1 threshold on development data: " +
        "gene–disease ≥ 0.253 (3 below it held back).",
    );
  });

  it("says when a request asked for its own threshold, or for everything", () => {
    const all = { "chemical-disease": 0.5, "gene-disease": 0.5, "chemical-gene": 0.5, "gene-gene": 0.5 };
    expect(describeConfidenceFilter({ min_confidence: 0.5, confidence_thresholds: all, below_min_confidence: 0 })).toBe(
      "Triples with confidence ≥ 0.5 (none held back).",
    );
    expect(describeConfidenceFilter({ min_confidence: 0, confidence_thresholds: all, below_min_confidence: 0 })).toBe(
      "Every triple, whatever its confidence.",
    );
  });
});
