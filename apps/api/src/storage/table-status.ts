import type { DatabaseHandle } from "@sieve/db";

/** `POST …/ensure-schema`: whether each of a module's tables exists (the migrations create them; this only reports). */
export async function tableStatus(
  database: Pick<DatabaseHandle, "executeSql">,
  tables: string[],
): Promise<{ ok: boolean; tables: Record<string, boolean> }> {
  const present = await Promise.all(
    tables.map(
      async (table) => (await database.executeSql("select to_regclass($1) as t", [table])).rows[0]?.t !== null,
    ),
  );
  return { ok: present.every(Boolean), tables: Object.fromEntries(tables.map((table, i) => [table, present[i]!])) };
}
