import { describe, expect, it } from "vitest";
import { runIsActive, runNotice } from "./run-notice";

const run = { id: "e8a87da3-0000-4000-8000-000000000000", workflow: "vhts" };

describe("the dashboard's notice about the run just launched", () => {
  it("follows the run's status instead of staying 'queued' (issue 20)", () => {
    expect(runNotice({ ...run, status: "queued" })).toEqual({
      tone: "success",
      text: "Run e8a87da3 is queued. Waiting for a VHTS executor.",
    });
    expect(runNotice({ ...run, status: "running" })).toEqual({ tone: "info", text: "Run e8a87da3 is running." });
    expect(runNotice({ ...run, status: "completed" })).toEqual({
      tone: "success",
      text: "Run e8a87da3 has completed.",
    });
    expect(runNotice({ ...run, status: "failed" }).tone).toBe("error");
    expect(["queued", "running", "completed", "failed", "cancelled"].filter(runIsActive)).toEqual([
      "queued",
      "running",
    ]);
  });
});
