import { expect, it } from "vitest";

it("passes", () => expect(1).toBe(1));
it.skipIf(true)("skips on a condition", () => {});
