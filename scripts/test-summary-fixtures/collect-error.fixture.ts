import { describe, it } from "vitest";

describe("a suite whose body throws", () => {
  if (Date.now() > 0) throw new Error("thrown while collecting");
  it("never collected", () => {});
});
