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
