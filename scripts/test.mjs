// `npm test`: everything, in order — lint, formatting, types, unit and API tests on PGlite, the API tests again
// on a real PostgreSQL when one is reachable, then the end-to-end tests in Chromium.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { summarizeVitestReport } from "./test-summary.mjs";

const reports = mkdtempSync(join(tmpdir(), "sieve-test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
// Repeated after the last step, so that the tail of a long log still names what failed and why.
const failedTests = [];
// Named at the end too: a skip is either environmental and explained, or a bug.
const skippedTests = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
}

function vitest(name, projects, env = {}) {
  const report = join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const projectArgs = projects.flatMap((p) => ["--project", p]);
  run(
    name,
    "npx",
    ["vitest", "run", ...projectArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
  );
  try {
    const summary = summarizeVitestReport(JSON.parse(readFileSync(report, "utf8")), name, process.cwd());
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
    failedTests.push(...summary.failures);
    skippedTests.push(...summary.skips);
  } catch {
    totals.failed += 1; // the runner itself failed before reporting
    failedTests.push(`${name}: vitest wrote no report (see its output above)`);
  }
}

/**
 * The PostgreSQL server of the second API pass, as an admin connection that creates and drops one
 * scratch database per test file: SIEVE_TEST_PG_ADMIN_URL, else DATABASE_URL's server (with its
 * credentials), else 127.0.0.1:5432 with trust authentication as on the CI machine.
 * apps/api/test/context.ts reads the same variables in the same order.
 */
const postgresAdminUrl =
  process.env.SIEVE_TEST_PG_ADMIN_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const postgresServer = (() => {
  try {
    const url = new URL(postgresAdminUrl);
    return `${url.hostname || "localhost"}:${url.port || 5432}`;
  } catch {
    return "the configured server";
  }
})();
const postgresSource = process.env.SIEVE_TEST_PG_ADMIN_URL
  ? "SIEVE_TEST_PG_ADMIN_URL"
  : process.env.DATABASE_URL
    ? "DATABASE_URL"
    : "the default";

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

run("lint", "npx", ["eslint", "."]);
run("format", "npx", ["prettier", "--check", "--log-level", "warn", "**/*.{ts,tsx,js,mjs,css}"]);
run("typecheck", "npm", ["run", "typecheck", "--silent"]);
vitest("unit and API tests on PGlite", ["unit", "api"]);
const postgresProblem = await postgresReachable();
if (postgresProblem === null) {
  vitest(`API tests on PostgreSQL (${postgresServer}, from ${postgresSource})`, ["api"], { SIEVE_TEST_DB: "postgres" });
} else if (process.env.CI) {
  console.error(
    `\nPostgreSQL at ${postgresServer} (from ${postgresSource}) is not reachable (${postgresProblem}), and CI must test it.`,
  );
  failedSteps.push("API tests on PostgreSQL");
} else {
  console.log(
    `\n=== API tests on PostgreSQL: skipped, ${postgresServer} (from ${postgresSource}) is not reachable: ${postgresProblem} (set DATABASE_URL or SIEVE_TEST_PG_ADMIN_URL)`,
  );
}
vitest("end-to-end tests in Chromium", ["e2e"]);

rmSync(reports, { recursive: true, force: true });
if (skippedTests.length) console.log(`\nSkipped tests:\n${skippedTests.map((t) => `  ${t}`).join("\n")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
