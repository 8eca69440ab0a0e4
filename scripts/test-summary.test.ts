import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { summarizeVitestReport } from "./test-summary.mjs";

/**
 * The report is made now, by this repository's vitest running the files of test-summary-fixtures/
 * (each fails, passes or skips in one way), so a change in vitest's JSON format shows here.
 */
const fixtures = fileURLToPath(new URL("./test-summary-fixtures/", import.meta.url));
const vitestCli = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

type Report = Parameters<typeof summarizeVitestReport>[0];
let report: Report;

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), "sieve-test-summary-"));
  const file = join(out, "report.json");
  try {
    // Exits 1 (the fixtures fail on purpose); the report is what counts.
    await promisify(execFile)(
      process.execPath,
      [vitestCli, "run", "--root", fixtures, "--reporter=json", `--outputFile.json=${file}`],
      {
        env: { ...process.env, CI: "" },
      },
    ).catch(() => undefined);
    report = JSON.parse(readFileSync(file, "utf8")) as Report;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);

function summaryOf(fixture: string) {
  const files = report.testResults.filter((f) => f.name.endsWith(`/${fixture}.fixture.ts`));
  expect(files).toHaveLength(1);
  return summarizeVitestReport({ testResults: files }, "unit", fixtures);
}

describe("summarizeVitestReport on real vitest reports", () => {
  it("counts a file whose import fails as one failure, with the error", () => {
    const summary = summaryOf("import-error");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([0, 1, 0]);
    expect(summary.failures[0]).toMatch(/^unit › import-error\.fixture\.ts: failed in setup\n.*no-such-module/);
  });

  it("counts the tests a failed beforeAll kept from running as failed, not skipped", () => {
    const summary = summaryOf("before-all-error");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([0, 2, 0]);
    expect(summary.failures).toEqual([
      expect.stringContaining("before-all-error.fixture.ts: failed in setup (2 tests not run)"),
    ]);
    expect(summary.skips).toEqual([]);
  });

  it("counts a nested suite's failed beforeAll as failed beside the tests that passed", () => {
    const summary = summaryOf("nested-before-all-error");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([1, 1, 0]);
  });

  it("counts a failed afterAll as a failure although every test passed", () => {
    const summary = summaryOf("after-all-error");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([1, 1, 0]);
    expect(summary.failures[0]).toContain("teardown broke");
  });

  it("counts a describe body that throws as a failure", () => {
    const summary = summaryOf("collect-error");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([0, 1, 0]);
    expect(summary.failures[0]).toContain("thrown while collecting");
  });

  it("counts passed, failed and deliberately skipped tests of a file that ran, naming each skip", () => {
    const summary = summaryOf("mixed");
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([1, 1, 3]);
    expect(summary.failures).toEqual([
      expect.stringMatching(/^unit › mixed\.fixture\.ts › fails\n.*expected 1 to be 2/),
    ]);
    expect(summary.skips).toEqual([
      "unit › mixed.fixture.ts › skips on a condition (skipped)",
      "unit › mixed.fixture.ts › is still to do (todo)",
      "unit › mixed.fixture.ts › a skipped suite is skipped with its suite (skipped)",
    ]);
  });

  it("leaves a green file green", () => {
    const summary = summaryOf("passing");
    expect(summary).toEqual({
      passed: 1,
      failed: 0,
      skipped: 1,
      failures: [],
      skips: ["unit › passing.fixture.ts › skips on a condition (skipped)"],
    });
  });
});
