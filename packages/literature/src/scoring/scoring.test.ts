import { describe, expect, it } from "vitest";
import { compositeScore, DEFAULT_COMPOSITE_WEIGHTS } from "./composite";
import { harmonicSum } from "./harmonic";
import { comentionNovelty } from "./novelty";
import { targetPrior } from "./prior";

const S100 = 1.6349839001848923; // Σ_{i=1..100} 1/i²

describe("compositeScore", () => {
  it("computes the default-weighted mean by hand: 0.3·80 + 0.25·60 + 0.2·50 + 0.15·90 + 0.1·(100 − 20) = 70.5", () => {
    const r = compositeScore({ literature_prior: 0.8, omics: 60, druggability: 50, safety: 90, negatome_risk: 20 });
    expect(r.composite).toBeCloseTo(70.5, 10);
    expect(r.components).toEqual({ lit: 80, omics: 60, drugg: 50, safe: 90, neg: 80 });
    expect(r.weights).toEqual(DEFAULT_COMPOSITE_WEIGHTS);
  });

  it("renormalises the weights over present signals: without omics, (0.3·80 + 0.2·50 + 0.15·90 + 0.1·80) / 0.75 = 74", () => {
    const r = compositeScore({ literature_prior: 0.8, omics: null, druggability: 50, safety: 90, negatome_risk: 20 });
    expect(r.composite).toBeCloseTo(74, 10);
    expect(r.weights.w_lit).toBeCloseTo(0.4, 12);
    expect(r.weights.w_omics).toBe(0);
  });

  it("accepts custom weights, normalising them, and returns null with no signal", () => {
    expect(compositeScore({ omics: 40, safety: 100 }, { w_omics: 1, w_safe: 3 }).composite).toBeCloseTo(85, 10);
    expect(compositeScore({}).composite).toBeNull();
    expect(() => compositeScore({ omics: 1 }, { w_omics: -1 })).toThrow();
  });
});

describe("targetPrior", () => {
  it("computes each component by hand", () => {
    const r = targetPrior([
      { evidence_score: 0.9, polarity: "positive", relation: "causes" },
      { evidence_score: 0.6, polarity: "positive", relation: "associated_with" },
      { evidence_score: 0.4, polarity: "negative", relation: "associated_with" },
    ]);
    const evidenceSum = (0.9 + 0.6 / 4) / S100;
    const penalty = 0.4 / (1.05 + 0.4);
    expect(r.components.evidence_sum).toBeCloseTo(evidenceSum, 12);
    expect(r.components.moa_coverage).toBeCloseTo(0.9 / 1.5, 12);
    expect(r.components.clinical_signal).toBe(0);
    expect(r.components.refutation_penalty).toBeCloseTo(penalty, 12);
    expect(r.prior).toBeCloseTo(evidenceSum * (0.6 + 0.2 * 0.6) * (1 - penalty), 12);
    expect(r.prior).toBeCloseTo(0.334834, 6);
  });

  it("counts speculative evidence at half weight, treats and biomarkers as clinical signal, and is 0 without evidence", () => {
    const r = targetPrior([{ evidence_score: 0.8, polarity: "neutral", relation: "treats" }]);
    expect(r.components.evidence_sum).toBeCloseTo(0.4 / S100, 12);
    expect(r.components.clinical_signal).toBeCloseTo(0.4 / S100, 12);
    expect(targetPrior([]).prior).toBe(0);
  });
});

describe("harmonicSum and comentionNovelty", () => {
  it("harmonic sum divides the i-th best score by i² and normalises by the maximum", () => {
    expect(harmonicSum([0.5, 1])).toBeCloseTo((1 + 0.5 / 4) / S100, 12);
    expect(harmonicSum(Array(100).fill(1))).toBeCloseTo(1, 12);
  });

  it("novelty = exp(−n_before / 2) from co-mention times", () => {
    expect(comentionNovelty([], 2020).novelty).toBe(1);
    const r = comentionNovelty([2010, 2015, 2020, 2024], 2020);
    expect(r.novelty).toBeCloseTo(Math.exp(-1), 12);
    expect(r.components).toMatchObject({ comentions_before: 2, comentions_total: 3, first: 2010 });
    expect(r.components.recency).toBeCloseTo((Math.pow(2, -2) + Math.pow(2, -1) + 1) / 3, 12);
  });
});
