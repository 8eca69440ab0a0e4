import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("computes each key once and drops the least recently used beyond its capacity", () => {
    const computed: string[] = [];
    const cache = new BoundedCache<number>(2);
    const length = (key: string) => cache.get(key, (k) => (computed.push(k), k.length));
    expect([length("a"), length("bb"), length("a")]).toEqual([1, 2, 1]);
    expect(computed).toEqual(["a", "bb"]);
    // "bb" is now the least recently used, so "ccc" pushes it out and "a" stays.
    length("ccc");
    length("a");
    length("bb");
    expect(computed).toEqual(["a", "bb", "ccc", "bb"]);
    expect(cache.size).toBe(2);
  });

  it("keeps null results like any other", () => {
    let calls = 0;
    const cache = new BoundedCache<string | null>(4);
    cache.get("x", () => (calls++, null));
    expect(cache.get("x", () => (calls++, "y"))).toBeNull();
    expect(calls).toBe(1);
  });

  it("refuses a capacity below one", () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
