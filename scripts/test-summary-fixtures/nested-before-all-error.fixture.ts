import { beforeAll, describe, expect, it } from "vitest";

it("passes outside the broken suite", () => expect(1).toBe(1));
describe("broken suite", () => {
  beforeAll(() => {
    throw new Error("setup broke");
  });
  it("never runs", () => expect(1).toBe(1));
});
