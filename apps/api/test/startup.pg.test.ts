import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postgresAdminUrl } from "./context";
import { startServer } from "./server-process";

/** Start-up against a PostgreSQL server that answers but has no such database: one line, exit 1. */
describe("start-up errors on PostgreSQL", () => {
  it("names a PostgreSQL database that does not exist in one line and exits 1", async () => {
    const url = new URL(postgresAdminUrl);
    url.pathname = `/sieve_missing_${randomBytes(4).toString("hex")}`;
    const { code, lines } = await startServer({
      DATABASE_URL: url.toString(),
      JWT_SECRET: "startup-test-0123456789abcdef0123456789abcdef",
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Sieve cannot start: Cannot open PostgreSQL at .*${url.pathname}: database "${url.pathname.slice(1)}" does not exist$`,
      ),
    );
  });
});
