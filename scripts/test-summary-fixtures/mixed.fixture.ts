import { describe, expect, it } from "vitest";

it("passes", () => expect(1).toBe(1));
it("fails", () => expect(1).toBe(2));
it.skipIf(true)("skips on a condition", () => {});
it.todo("is still to do");
describe.skip("a skipped suite", () => {
  it("is skipped with its suite", () => {});
});
