import { createHash } from "node:crypto";

/**
 * What may be said about a failed database statement: its SQLSTATE code, an id of its SQL text (the
 * same statement always has the same id, so an operator can find it in the code), and the names of
 * the constraint, table and column involved. Never its parameters: they hold emails, password hashes
 * and tenants' data, and Drizzle's own message ("Failed query: … params: …") prints them all.
 */
export interface DatabaseFailure {
  code: string | null;
  query_id: string | null;
  constraint?: string;
  table?: string;
  column?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database side of an error (along its `cause` chain), or null when no statement failed. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  let failure: DatabaseFailure | null = null;
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.query === "string" && "params" in candidate) {
      failure ??= { code: null, query_id: null };
      failure.query_id = queryId(candidate.query);
    }
    if (typeof candidate.code === "string" && SQLSTATE.test(candidate.code)) {
      failure ??= { code: null, query_id: null };
      failure.code = candidate.code;
      for (const name of ["constraint", "table", "column"] as const)
        if (typeof candidate[name] === "string") failure[name] = candidate[name];
    }
    current = candidate.cause;
  }
  return failure;
}

export function queryId(sql: string): string {
  return createHash("sha256").update(sql).digest("hex").slice(0, 12);
}

/** One line about an error that is safe to log or to show its owner: database errors are reduced to code and query id. */
export function safeErrorText(error: unknown): string {
  const failure = databaseFailureOf(error);
  if (failure) return describeFailure(failure);
  return redactFailedQueries(error instanceof Error ? error.message : String(error));
}

/** Removes Drizzle's "Failed query: <sql> params: <values>" from a message written before it reached us. */
export function redactFailedQueries(text: string): string {
  return text.replace(/Failed query: ([\s\S]*?)\nparams: [\s\S]*/g, (_all, sql: string) =>
    describeFailure({ code: null, query_id: queryId(sql) }),
  );
}

function describeFailure(failure: DatabaseFailure): string {
  const where = [failure.constraint && `constraint ${failure.constraint}`, failure.table && `table ${failure.table}`]
    .filter(Boolean)
    .join(", ");
  return `database error${failure.code ? ` ${failure.code}` : ""} (query ${failure.query_id ?? "unknown"}${where ? `, ${where}` : ""})`;
}

/** Pino's `err` serializer: the usual fields, with database errors redacted to code and query id. */
export function redactedErrorForLog(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: redactFailedQueries(String(error)), stack: "" };
  const failure = databaseFailureOf(error);
  if (failure) {
    const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    return { type: error.name, message: describeFailure(failure), stack: frames.join("\n"), database: failure };
  }
  return {
    type: error.name,
    message: redactFailedQueries(error.message),
    stack: redactFailedQueries(error.stack ?? ""),
  };
}
