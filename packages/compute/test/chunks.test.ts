import { describe, expect, it } from "vitest";
import { chunkSizes } from "../src/chunks";

describe("chunkSizes", () => {
  it("covers every item, never exceeds the maximum, and shrinks towards the end", () => {
    const sizes = chunkSizes(1000, 2, 100);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.max(...sizes)).toBe(100);
    expect(sizes.slice(0, 6)).toEqual([100, 100, 100, 100, 100, 100]);
    // The last chunks are small, so neither thread is left running a full chunk alone.
    expect(sizes.at(-1)).toBeLessThanOrEqual(10);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]!);
  });

  it("keeps a request below the minimum in one chunk, and never cuts a chunk below the minimum", () => {
    expect(chunkSizes(7, 2, 100)).toEqual([7]);
    expect(chunkSizes(0, 2, 100)).toEqual([]);
    expect(chunkSizes(50, 2, 100, 20)).toEqual([20, 20, 10]);
  });
});
