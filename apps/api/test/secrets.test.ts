import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "@sieve/db";
import { loadConfig } from "../src/config";
import { safeErrorText } from "../src/http/database-errors";
import { hashPassword } from "../src/modules/auth/passwords";
import { createTestContext, type TestContext } from "./context";
import { startServer } from "./server-process";

const scratch = mkdtempSync(join(tmpdir(), "sieve-secrets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("database errors never carry their parameters", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    // A constraint the service does not know about makes the users INSERT itself fail, with the
    // password hash among its parameters.
    await ctx.database.executeSql(
      "alter table users add constraint test_refused_name check (first_name <> 'Refused')",
      [],
    );
  });
  afterAll(async () => ctx?.close());

  it("a signup failing in the database logs the SQLSTATE and a query id, never the email or the password hash", async () => {
    const email = "refused-signup@example.org";
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email, password: "a long enough passphrase 7", name: "Refused Person" },
    });
    expect(response.statusCode).toBe(500);
    const logs = ctx.logs.join("");
    for (const text of [response.body, logs]) {
      expect(text).not.toContain("$argon2id");
      expect(text).not.toContain(email);
      expect(text).not.toMatch(/Failed query|params:/);
    }
    expect(logs).toMatch(/database error 23514 \(query [0-9a-f]{12}, constraint test_refused_name/);
  });

  it("the text a job's owner reads of a failed statement names the code and the query, not the values", async () => {
    const passwordHash = await hashPassword("another long passphrase 8");
    const failure = await ctx.database.db
      .insert(schema.users)
      .values({ email: "job-error@example.org", passwordHash, firstName: "Refused" })
      .catch((error: unknown) => error);
    expect(String((failure as Error).message)).toContain("$argon2id");
    const text = safeErrorText(failure);
    expect(text).toMatch(/^database error 23514 \(query [0-9a-f]{12}, constraint test_refused_name/);
    expect(text).not.toContain("$argon2id");
    expect(text).not.toContain("job-error@example.org");
  });
});

describe("start-up refuses weak secrets and unprotected data", () => {
  it("refuses a JWT_SECRET shorter than 32 bytes, saying how to make one", async () => {
    expect(() => loadConfig({ DATA_DIR: scratch, JWT_SECRET: "short-secret" })).toThrow(/at least 32 bytes/);
    expect(() => loadConfig({ DATA_DIR: scratch, JWT_SECRET: "x".repeat(32) })).not.toThrow();
    const { code, lines } = await startServer({ JWT_SECRET: "change-me" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Sieve cannot start: JWT_SECRET must be at least 32 bytes .*openssl/),
    ]);
  });

  it("refuses a DATA_DIR other users can read, saying how to fix it", async () => {
    const open = join(scratch, "open-data");
    mkdirSync(open);
    chmodSync(open, 0o755);
    const { code, lines } = await startServer({ DATA_DIR: open });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Sieve cannot start: DATA_DIR ${open} can be read by other users (mode 755); it holds the database and the signing secret. Fix it with: chmod -R go-rwx ${open}`,
    ]);
  });

  it(
    "creates DATA_DIR 0700 and writes the database and the secret for its own user only",
    { timeout: 120_000 },
    async () => {
      const fresh = join(scratch, "fresh-data");
      // The port is taken, so the server stops right after opening and migrating its database.
      const busy: Server = await new Promise((resolve) => {
        const server = createServer().listen(0, "127.0.0.1", () => resolve(server));
      });
      const port = (busy.address() as { port: number }).port;
      const { code, lines } = await startServer({ DATA_DIR: fresh, PORT: String(port) });
      busy.close();
      expect(code, lines.join("\n")).toBe(1);
      expect(lines.at(-1)).toMatch(/choose another PORT/);
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
      const exposed = readdirSync(fresh, { recursive: true, encoding: "utf8" })
        .map((name) => ({ name, mode: statSync(join(fresh, name)).mode & 0o777 }))
        .filter(({ mode }) => mode & 0o077);
      expect(readdirSync(join(fresh, "pgdata")).length).toBeGreaterThan(5);
      expect(exposed).toEqual([]);
    },
  );
});
