import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./connection";

/**
 * Inserts `rows` (objects keyed by the table's property names, every row with the same properties, none undefined)
 * in one statement whose only parameter is the rows as JSON: `insert … select … from jsonb_to_recordset($1)`. A
 * multi-row `insert(…).values(…)` makes drizzle build one parameter per cell (two thirds of the main thread's busy
 * time in a profile of a literature ingest) and caps a statement at 65,535 parameters; this builds one JSON text, which PostgreSQL
 * and PGlite alike turn into rows. Answers the `returning` properties of the inserted rows (in the driver's own
 * types: uuid and text as strings, integer as numbers), in no promised order; with `onConflictDoNothing`, rows
 * a unique index refused are left out.
 */
export async function insertJsonRows<
  TTable extends PgTable,
  TReturn extends keyof TTable["$inferSelect"] & string = never,
>(
  db: Pick<Database, "execute">,
  table: TTable,
  rows: TTable["$inferInsert"][],
  options: { returning?: TReturn[]; onConflictDoNothing?: boolean } = {},
): Promise<Pick<TTable["$inferSelect"], TReturn>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!);
  const columnOf = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return column;
  };
  const targets = sql.join(
    keys.map((key) => sql.identifier(columnOf(key).name)),
    sql`, `,
  );
  const sources = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const record = sql.join(
    keys.map((key) => sql`${sql.identifier(key)} ${sql.raw(columnOf(key).getSQLType())}`),
    sql`, `,
  );
  const returning = options.returning?.length
    ? sql` returning ${sql.join(
        options.returning.map((key) => sql`${sql.identifier(columnOf(key).name)} as ${sql.identifier(key)}`),
        sql`, `,
      )}`
    : sql``;
  const conflict = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const result = (await db.execute(
    sql`insert into ${table} (${targets}) select ${sources} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${record})${conflict}${returning}`,
  )) as unknown as { rows: Pick<TTable["$inferSelect"], TReturn>[] };
  return result.rows;
}
