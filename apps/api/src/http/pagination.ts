import { z } from "zod";
import { validationFailed } from "./errors";

/** Keyset pagination over (created_at desc, id desc): stable while new rows arrive. */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().max(200).optional(),
});

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(value: string | undefined): PageCursor | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime()))
    throw validationFailed([{ path: "cursor", message: "is not a cursor this API issued" }]);
  return { createdAt, id };
}

/**
 * A page from the `limit + 1` rows a store read after the cursor: the first `limit`, and the cursor of
 * the next page when there is one more row.
 */
export function pageOf<T extends { created_at: string; id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; next_cursor?: string } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return rows.length > limit && last
    ? { items, next_cursor: encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) }
    : { items };
}
