import { describe, expect, it } from "vitest";
import { linearScale, niceTicks, tickDecimals } from "./chart-scale";

describe("niceTicks", () => {
  it("covers the data with 1-2-5 steps", () => {
    expect(niceTicks(0, 0.93)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 200)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(0.12, 0.78)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(3, 97, 6)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("widens a flat series and survives missing data", () => {
    expect(niceTicks(0, 0)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(niceTicks(Number.NaN, 1)).toEqual([0, 1]);
  });
});

describe("linearScale", () => {
  it("maps and flips ranges (SVG y grows downwards)", () => {
    const y = linearScale(0, 1, 100, 0);
    expect(y(0)).toBe(100);
    expect(y(0.25)).toBe(75);
  });
});

describe("tickDecimals", () => {
  it("gives as many decimals as the step needs", () => {
    expect(tickDecimals([0, 0.2, 0.4])).toBe(1);
    expect(tickDecimals([0, 0.05, 0.1])).toBe(2);
    expect(tickDecimals([0, 50, 100])).toBe(0);
    expect(tickDecimals([3])).toBe(0);
  });
});
