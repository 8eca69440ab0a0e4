import { z } from "zod";

/** `{id}` of a project: a positive integer. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * `{id}` of a run, an engine job or an upload: a UUID. Any other string (up to 100 characters) is
 * looked up too and answers 404 like an unknown UUID, not 422, so an id's shape reveals nothing.
 */
export const UuidParam = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stores check an id with this before querying a uuid column, which would reject any other text. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
