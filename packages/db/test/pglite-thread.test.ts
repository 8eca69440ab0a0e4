import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { isDatabaseUnavailable, schema } from "../src";
import { embeddedDatabaseForFile } from "./embedded-database";

// The last test closes it early; closing again after the file is harmless.
const database = embeddedDatabaseForFile();

describe("the embedded database's thread", () => {
  it("leaves the event loop free while a statement runs", async () => {
    // The longest time between two turns of a 10 ms timer, up to the statement's end. On the event
    // loop's thread PGlite blocked it for the whole statement: no turn at all until the result.
    let lastTurn = performance.now();
    let longestGap = 0;
    const turn = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastTurn);
      lastTurn = now;
    };
    const timer = setInterval(turn, 10);
    const started = performance.now();
    const { rows } = await database().executeSql(
      "select count(*)::int as n from generate_series(1, $1::int)",
      [1_000_000],
    );
    turn();
    clearInterval(timer);
    const statementMs = performance.now() - started;
    expect(rows).toEqual([{ n: 1_000_000 }]);
    expect(longestGap).toBeLessThan(statementMs / 2);
  });

  it("returns values as PGlite's parsers make them, and drizzle's own (timestamps as text) as drizzle maps them", async () => {
    const { rows } = await database().executeSql(
      `select '2026-01-02T03:04:05Z'::timestamptz as at, '{"a": [1, 2]}'::jsonb as doc, 1.50::numeric as amount,
              array[1, 2]::int[] as ids, 9007199254740993::int8 as big, '\\x0102'::bytea as bytes, null::text as nothing
        where $1::int = 1`,
      [1],
    );
    expect(rows).toEqual([
      {
        at: new Date("2026-01-02T03:04:05Z"),
        doc: { a: [1, 2] },
        amount: "1.50",
        ids: [1, 2],
        big: 9007199254740993n,
        bytes: new Uint8Array([1, 2]),
        nothing: null,
      },
    ]);
    const [org] = await database().db.insert(schema.organizations).values({ name: "Parsed Pharma" }).returning();
    expect(org!.createdAt).toBeInstanceOf(Date);
    const [read] = await database().db.select().from(schema.organizations).where(eq(schema.organizations.id, org!.id));
    expect(read).toEqual(org);
  });

  it("carries PostgreSQL's error fields across, as services read them (unique violation 23505)", async () => {
    const user = { email: "twice@example.org", passwordHash: "x" };
    await database().db.insert(schema.users).values(user);
    const failure = await database()
      .db.insert(schema.users)
      .values(user)
      .then(
        () => null,
        (error: unknown) => error as Error & { cause?: Record<string, unknown> },
      );
    expect(failure?.cause).toMatchObject({ code: "23505", constraint: "users_email_unique", table: "users" });
    await expect(database().executeSql("select nonsense from nowhere", [])).rejects.toMatchObject({ code: "42P01" });
  });

  it("keeps a transaction's statements together: rolled back on a throw, committed otherwise, savepoints inside", async () => {
    const names = async () =>
      (await database().db.select({ name: schema.organizations.name }).from(schema.organizations)).map((o) => o.name);
    await expect(
      database().db.transaction(async (tx) => {
        await tx.insert(schema.organizations).values({ name: "Rolled Back" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    let outside: Promise<string[]> | undefined;
    await database().db.transaction(async (tx) => {
      await tx.insert(schema.organizations).values({ name: "Committed" });
      await tx
        .transaction(async (inner) => {
          await inner.insert(schema.organizations).values({ name: "Savepoint Rolled Back" });
          throw new Error("inner");
        })
        .catch(() => {});
      // A statement outside the transaction waits for it (PGlite's lock) and then sees it committed.
      outside = names();
      await new Promise((resume) => setTimeout(resume, 50));
    });
    expect(await outside).toContain("Committed");
    const after = await names();
    expect(after).toContain("Committed");
    expect(after).not.toContain("Rolled Back");
    expect(after).not.toContain("Savepoint Rolled Back");
  });

  it("refuses statements once closed, as a database that is unavailable", async () => {
    await database().close();
    const failure = await database()
      .executeSql("select $1::int", [1])
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
