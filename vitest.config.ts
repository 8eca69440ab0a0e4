import { defineConfig } from "vitest/config";

// Two cores on every machine: never more than two test workers.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
            "apps/web/src/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          // One migrated database per run, copied by each file (apps/api/test/databases.ts).
          globalSetup: ["apps/api/test/global-setup.ts"],
          // *.pg.test.ts need a real PostgreSQL (outages, concurrency): only in the PostgreSQL pass.
          exclude: process.env.SIEVE_TEST_DB === "postgres" ? [] : ["**/*.pg.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          // One web build and one migrated database for the run, copied by each file's server (e2e/global-setup.ts).
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time: a whole pass uses about 550 CPU s, and took 990 s one file at a time on an idle
          // machine, so one file alone keeps about half a core busy (its server and browser mostly wait on jobs).
          fileParallelism: true,
          // One retry absorbs browser timing races on a loaded 2-core machine; a real regression fails twice.
          retry: 1,
        },
      },
    ],
  },
});
