import { describe, expect, it } from "vitest";
import { Random } from "./random";

describe("Random (xoshiro128**)", () => {
  it("matches the reference C code (xoshiro128starstar.c, state {1, 2, 3, 4}, compiled with gcc)", () => {
    const r = new Random([1, 2, 3, 4]);
    expect(Array.from({ length: 8 }, () => r.nextUint32())).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849,
    ]);
    expect(() => new Random([0, 0, 0, 0])).toThrow(RangeError);
  });

  it("repeats its sequence for a seed and differs between seeds", () => {
    const draw = (seed: number) => {
      const r = new Random(seed);
      return Array.from({ length: 20 }, () => r.nextUint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("draws uniform values in [0, 1) and integers in [0, n)", () => {
    const r = new Random(1);
    const counts = new Array<number>(5).fill(0);
    for (let i = 0; i < 50_000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      counts[r.int(5)]!++;
    }
    // Each bucket expects 10,000; 4 standard deviations (±358) is far beyond chance.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
  });

  it("picks indices in proportion to their weights and never a zero weight", () => {
    const r = new Random(2);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[r.weightedIndex([1, 0, 3])]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.8);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.2);
    expect(() => r.weightedIndex([0, 0])).toThrow(RangeError);
    expect(() => r.weightedIndex([1, -1])).toThrow(RangeError);
  });

  it("shuffles into a permutation and picks members", () => {
    const r = new Random(3);
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = r.shuffle([...items]);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toContain(r.pick(items));
    expect(() => r.pick([])).toThrow(RangeError);
  });

  it("draws standard normal deviates", () => {
    const r = new Random(4);
    const xs = Array.from({ length: 20_000 }, () => r.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});
