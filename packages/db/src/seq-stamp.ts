import { count, max, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./connection";

/**
 * The newest `seq` among the rows of `table` that `where` selects, and how many there are: adding a row raises the
 * first, deleting one lowers the second, so a cache keyed on both goes stale on either.
 */
export async function seqStamp(
  db: Database,
  table: PgTable,
  seq: AnyPgColumn,
  where: SQL | undefined,
): Promise<{ top: unknown; n: number } | undefined> {
  const [row] = await db
    .select({ top: max(seq), n: count() })
    .from(table)
    .where(where);
  return row;
}
