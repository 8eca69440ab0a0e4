// Counts one vitest JSON report (`--reporter=json`) for `npm test`'s closing line.
//
// A test file that fails in setup (its import, a describe body, a beforeAll or afterAll hook) has
// status "failed" but no failed test: vitest lists its tests as "skipped", or none at all. Such a
// file counts as failed, with every test it did not run, so that a red run never closes on "0 failed".

/**
 * @typedef {{ fullName: string; status: string; failureMessages?: string[] }} AssertionResult
 * @typedef {{ name: string; status: string; message?: string; assertionResults: AssertionResult[] }} FileResult
 * @typedef {{ testResults: FileResult[] }} VitestReport
 * @typedef {{ passed: number; failed: number; skipped: number; failures: string[]; skips: string[] }} Summary
 */

const NOT_RUN = new Set(["skipped", "pending", "todo"]);

/**
 * @param {VitestReport} report
 * @param {string} step the `npm test` step the report belongs to, named in each failure and skip
 * @param {string} root the directory file names are shown relative to
 * @returns {Summary}
 */
export function summarizeVitestReport(report, step, root) {
  /** @type {Summary} */
  const summary = { passed: 0, failed: 0, skipped: 0, failures: [], skips: [] };
  for (const file of report.testResults) {
    const where = `${step} › ${relative(file.name, root)}`;
    const tests = file.assertionResults;
    const failedTests = tests.filter((t) => t.status === "failed");
    const notRun = tests.filter((t) => NOT_RUN.has(t.status));
    summary.passed += tests.filter((t) => t.status === "passed").length;
    if (file.status === "failed" && failedTests.length === 0) {
      summary.failed += Math.max(1, notRun.length);
      const reason = file.message || "a beforeAll or afterAll hook failed (its error is in the log above)";
      const lost = notRun.length ? ` (${notRun.length} test${notRun.length === 1 ? "" : "s"} not run)` : "";
      summary.failures.push(`${where}: failed in setup${lost}\n    ${firstLines(reason)}`);
      continue;
    }
    summary.failed += failedTests.length;
    summary.skipped += notRun.length;
    for (const test of failedTests)
      summary.failures.push(`${where} › ${test.fullName}\n    ${firstLines(test.failureMessages?.[0] ?? "")}`);
    for (const test of notRun) summary.skips.push(`${where} › ${test.fullName} (${test.status})`);
  }
  return summary;
}

function relative(name, root) {
  const prefix = root.endsWith("/") ? root : `${root}/`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function firstLines(text) {
  return text.split("\n").slice(0, 6).join("\n    ");
}
