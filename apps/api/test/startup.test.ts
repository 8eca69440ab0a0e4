import { describe, expect, it } from "vitest";
import { openDatabaseForStart, StartupError, startupFailureText } from "../src/startup";
import { closedPort, startServer } from "./server-process";

/**
 * Start-up failures an operator can fix are one clear line and exit code 1, never a stack trace:
 * a missing JWT_SECRET with DATABASE_URL, PostgreSQL unreachable (retried first) or refusing us.
 */
describe("start-up errors", () => {
  it("refuses DATABASE_URL without JWT_SECRET in one line and exits 1", async () => {
    const { code, lines } = await startServer({ DATABASE_URL: "postgres://sieve@127.0.0.1:1/sieve" });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Sieve cannot start: JWT_SECRET is required when DATABASE_URL is set/);
  });

  it("retries an unreachable PostgreSQL with one log line per attempt, then fails in one line without the password", async () => {
    const port = await closedPort();
    const logged: string[] = [];
    const failure = await openDatabaseForStart(
      { kind: "postgres", url: `postgres://sieve:hunter2@127.0.0.1:${port}/sieve` },
      { attempts: 3, delayMs: () => 0, log: (line) => logged.push(line) },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    const message = (failure as StartupError).message;
    expect(message).toMatch(
      new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port}/sieve is unreachable after 3 attempts \\(.*ECONNREFUSED.*\\)`),
    );
    expect(message).not.toContain("\n");
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(
      new RegExp(
        `^PostgreSQL at 127\\.0\\.0\\.1:${port}/sieve is unreachable \\(.*\\); retrying in 0 s \\(attempt 1 of 3\\)$`,
      ),
    );
    for (const line of [message, ...logged]) expect(line).not.toContain("hunter2");
  });

  it("does not retry what waiting cannot fix, and keeps the stack of unexpected errors", async () => {
    let calls = 0;
    const refused = Object.assign(new Error('password authentication failed for user "sieve"'), { code: "28P01" });
    const failure = await openDatabaseForStart(
      { kind: "postgres", url: "postgres://sieve@db.example:5433/sieve" },
      {
        open: async () => {
          calls += 1;
          throw new Error("Failed query: select 1\nparams: ", { cause: refused });
        },
        log: () => expect.unreachable("no retry for a refused password"),
      },
    ).catch((error: unknown) => error);
    expect(calls).toBe(1);
    expect(startupFailureText(failure)).toBe(
      'Sieve cannot start: Cannot open PostgreSQL at db.example:5433/sieve: password authentication failed for user "sieve"',
    );
    expect(
      startupFailureText(
        Object.assign(new Error("listen EADDRINUSE: address already in use 127.0.0.1:8080"), { code: "EADDRINUSE" }),
      ),
    ).toBe(
      "Sieve cannot start: listen EADDRINUSE: address already in use 127.0.0.1:8080 (choose another PORT or HOST)",
    );
    expect(startupFailureText(new TypeError("a bug"))).toMatch(/^TypeError: a bug\n\s+at /);
  });
});
