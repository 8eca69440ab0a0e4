import { describe, expect, it } from "vitest";
import { calibrate, fitIsotonic, reliability } from "./isotonic";

describe("fitIsotonic", () => {
  // Worked by hand with pool-adjacent-violators: (1,1) and (2,0) violate order and pool to 0.5 at
  // score 1.5; (3,1) and (4,1) stay.
  const table = fitIsotonic([
    { score: 4, y: 1 },
    { score: 1, y: 1 },
    { score: 3, y: 1 },
    { score: 2, y: 0 },
  ]);

  it("pools violators into blocks at their mean score", () => {
    expect(table).toEqual({ scores: [1.5, 3, 4], probabilities: [0.5, 1, 1] });
  });

  it("interpolates between blocks and clips outside them", () => {
    expect(calibrate(table, 2.25)).toBeCloseTo(0.75, 12);
    expect(calibrate(table, 0)).toBe(0.5);
    expect(calibrate(table, 9)).toBe(1);
  });

  it("never lowers the probability of a higher score", () => {
    const examples = Array.from({ length: 200 }, (_, i) => ({ score: (i * 37) % 101, y: (i * 7) % 3 === 0 ? 1 : 0 }));
    const t = fitIsotonic(examples);
    for (let i = 1; i < t.probabilities.length; i++)
      expect(t.probabilities[i]!).toBeGreaterThanOrEqual(t.probabilities[i - 1]!);
  });
});

describe("reliability", () => {
  it("weights each bin's |confidence − rate| by its share of predictions", () => {
    // Bin 0.1–0.2: mean 0.15, rate 0 → 0.15 × 2/4; bin 0.9–1.0: mean 0.95, rate 1 → 0.05 × 2/4.
    const r = reliability([
      { p: 0.1, y: 0 },
      { p: 0.2 - 1e-9, y: 0 },
      { p: 0.9, y: 1 },
      { p: 1, y: 1 },
    ]);
    expect(r.ece).toBeCloseTo(0.1, 6);
    expect(r.rows[1]).toMatchObject({ n: 2, observed_rate: 0 });
    expect(r.rows[9]).toMatchObject({ n: 2, observed_rate: 1 });
  });
});
