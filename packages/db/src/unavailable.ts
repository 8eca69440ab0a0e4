/**
 * Errors that mean "the database cannot be reached right now" rather than "this query is wrong":
 * socket errors from the driver and PostgreSQL's connection-exception / shutdown SQLSTATEs.
 * Drizzle wraps driver errors, so the whole cause chain is inspected.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /PGlite is closed/i,
  /PGlite's database thread (stopped|exited)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === "string" &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
    )
      return true;
    current = candidate.cause;
  }
  return false;
}
