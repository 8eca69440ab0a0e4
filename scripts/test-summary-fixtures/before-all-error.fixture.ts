import { beforeAll, describe, expect, it } from "vitest";

describe("browser flows", () => {
  beforeAll(() => {
    throw new Error("Failed to launch chromium");
  });
  it("opens the dashboard", () => expect(1).toBe(1));
  it("opens a project", () => expect(1).toBe(1));
});
