import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, openDatabase } from "../src";

const scratch = mkdtempSync(join(tmpdir(), "sieve-db-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("DATA_DIR lock", () => {
  it("refuses a second holder while the first is alive, and frees the directory on release", () => {
    const dir = join(scratch, "lock");
    const first = acquireDataDirLock(dir);
    // A second process would see this process's pid in the lock file: simulate with a live pid that is not ours.
    writeFileSync(join(dir, "sieve.lock"), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Sieve process \(pid \d+\)/);
    first.release();
    const second = acquireDataDirLock(dir);
    second.release();
  });

  it("takes over a stale lock left by a process that died", () => {
    const dir = join(scratch, "stale");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    acquireDataDirLock(dir).release();
    writeFileSync(join(dir, "sieve.lock"), JSON.stringify({ pid: Number(dead.stdout) }));
    const lock = acquireDataDirLock(dir);
    lock.release();
  });
});

describe("embedded database", () => {
  it("keeps its data across a restart and refuses a second opener meanwhile", async () => {
    const dir = join(scratch, "persist");
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await first.executeSql("insert into organizations (name) values ($1)", ["Persistent Pharma"]);
    const appliedBefore = (await first.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations"))
      .rows[0]!.n;
    writeFileSync(join(dir, "sieve.lock"), JSON.stringify({ pid: process.ppid }));
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(DataDirLockedError);
    writeFileSync(join(dir, "sieve.lock"), JSON.stringify({ pid: process.pid }));
    await first.close();

    const reopened = await openDatabase({ kind: "pglite", dataDir: dir });
    const rows = await reopened.executeSql("select name from organizations");
    expect(rows.rows).toEqual([{ name: "Persistent Pharma" }]);
    // Migrations are idempotent: reopening applied nothing twice.
    const migrations = await reopened.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(migrations.rows[0]!.n).toBe(appliedBefore);
    await reopened.close();
  });
});
