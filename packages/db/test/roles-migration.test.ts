import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

const migrations = fileURLToPath(new URL("../migrations", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "sieve-roles-migration-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as it stood before `tag`: its journal stops at the entry before. */
function migrationsBefore(tag: string): string {
  const folder = join(scratch, `before-${tag}`);
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("0007_roles", () => {
  it("makes each organization's creator its owner and every other former member a scientist", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0007_roles") });
    await client.exec(`
      insert into users (id, email, password_hash) values (1, 'creator@example.org', 'x'), (2, 'colleague@example.org', 'x');
      insert into organizations (id, name, owner_user_id) values (10, 'Creator Labs', 1), (11, 'Other Org', 2);
      insert into memberships (org_id, user_id, role) values (10, 1, 'owner'), (10, 2, 'member'), (11, 2, 'owner'), (11, 1, 'member');
    `);
    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<{ org_id: number; user_id: number; role: string }>(
      "select org_id, user_id, role from memberships order by org_id, user_id",
    );
    expect(rows).toEqual([
      { org_id: 10, user_id: 1, role: "owner" },
      { org_id: 10, user_id: 2, role: "scientist" },
      { org_id: 11, user_id: 1, role: "scientist" },
      { org_id: 11, user_id: 2, role: "owner" },
    ]);
    await expect(client.query("update memberships set role = 'member' where user_id = 1")).rejects.toThrow(
      /memberships_role_check/,
    );
    await client.close();
  });
});
