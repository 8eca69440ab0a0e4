import { describe, expect, it } from "vitest";
import { auroc, fitSafetyParameters } from "./safety-fit";
import {
  analogueRisk,
  combineRisk,
  DEFAULT_SAFETY_PARAMETERS,
  neighbourhoodFailureRate,
  riskComponents,
  riskLevel,
  type SafetyEvidence,
} from "./safety-score";

const empty: SafetyEvidence = {
  exact_failure_weights: [],
  neighbours: [],
  target_failure_weights: [],
};
const score = (evidence: Partial<SafetyEvidence>) =>
  combineRisk(riskComponents({ ...empty, ...evidence }, DEFAULT_SAFETY_PARAMETERS));

describe("risk score", () => {
  it("is the prior rate without evidence", () => {
    expect(score({})).toBeCloseTo(DEFAULT_SAFETY_PARAMETERS.prior_rate, 10);
  });

  it("never falls when a failure neighbour comes closer or a target failure is added", () => {
    let previous = -1;
    for (let s = 0; s <= 1.0001; s += 0.05) {
      const value = score({ neighbours: [{ similarity: Math.min(s, 1), failure_weight: 1 }] });
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    expect(score({ target_failure_weights: [1] })).toBeGreaterThan(score({}));
  });

  it("stays in [0, 1] with every piece of evidence at its maximum", () => {
    const max = score({
      exact_failure_weights: [1],
      neighbours: Array(50).fill({ similarity: 1, failure_weight: 1 }),
      target_failure_weights: Array(30).fill(1),
    });
    expect(max).toBeLessThanOrEqual(1);
    expect(max).toBeGreaterThan(0.99);
  });

  it("rates an exact gold safety failure red and bounds what target history adds alone", () => {
    expect(riskLevel(score({ exact_failure_weights: [1] }))).toBe("red");
    expect(riskLevel(score({ target_failure_weights: Array(30).fill(1) }))).toBe("amber");
  });

  it("follows the analogue ramp: nothing below 0.4, 0.3 at 0.7, 0.6 at 1", () => {
    expect([analogueRisk(0.39, 1), analogueRisk(0.7, 1), analogueRisk(1, 1), analogueRisk(0.7, 0.5)]).toEqual([
      0, 0.3, 0.6, 0.15,
    ]);
    expect(analogueRisk(0.55, 1)).toBeCloseTo(0.15, 10);
  });

  it("computes the neighbourhood rate by hand", () => {
    const parameters = { kernel_start: 0.5, kernel_power: 1, neighbours: 2, prior_strength: 1, prior_rate: 0.1 };
    // weights (0.9 − 0.5)/0.5 = 0.8 (failure) and (0.75 − 0.5)/0.5 = 0.5 (reference); the third is beyond k.
    const rate = neighbourhoodFailureRate(
      [
        { similarity: 0.9, failure_weight: 1 },
        { similarity: 0.75, failure_weight: 0 },
        { similarity: 0.7, failure_weight: 1 },
      ],
      parameters,
    );
    expect(rate).toBeCloseTo((0.8 + 0.1) / (0.8 + 0.5 + 1), 12);
  });
});

describe("auroc", () => {
  it("is the Mann–Whitney probability, ties counting one half", () => {
    expect(auroc([0.1, 0.4, 0.35, 0.8], [false, false, true, true])).toBeCloseTo(0.75, 12);
    expect(auroc([0.5, 0.5, 0.5], [true, false, false])).toBe(0.5);
    expect(auroc([1, 2], [true, true])).toBeNaN();
  });
});

describe("fitSafetyParameters", () => {
  it("prefers the kernel that separates failures whose near neighbours failed", () => {
    const example = (failed: boolean, nearFailure: number, far: number) => ({
      failed,
      evidence: {
        ...empty,
        neighbours: [
          { similarity: nearFailure, failure_weight: 1 },
          ...Array(30).fill({ similarity: far, failure_weight: 0 }),
        ],
      },
    });
    const examples = [
      example(true, 0.6, 0.2),
      example(true, 0.55, 0.2),
      example(false, 0.18, 0.25),
      example(false, 0.2, 0.3),
      example(false, 0.15, 0.18),
    ];
    const fitted = fitSafetyParameters(examples, {
      kernel_start: [0.15, 0.3],
      kernel_power: [1],
      neighbours: [5],
      prior_strength: [1],
    });
    expect(fitted.parameters).toEqual({
      kernel_start: 0.15,
      kernel_power: 1,
      neighbours: 5,
      prior_strength: 1,
      prior_rate: 0.4,
    });
    expect(fitted.training_auroc).toBe(1);
  });
});
