import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  DataDirLockedError,
  isDatabaseUnavailable,
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
} from "@sieve/db";

/**
 * DATA_DIR holds the embedded database (its WAL has every tenant's rows, emails and password hashes)
 * and the token signing secret: only the server's own user may read it. A missing folder is created
 * 0700; an existing one that others can read or enter is refused, saying how to fix it, rather than
 * tightened silently (its contents may already have been copied, and the operator should know).
 * The caller sets umask 077 first, so everything the database writes inside is 0600/0700.
 */
export function secureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return;
  }
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & 0o077)
    throw new StartupError(
      `DATA_DIR ${dataDir} can be read by other users (mode ${mode.toString(8).padStart(3, "0")}); it holds the database and the signing secret. Fix it with: chmod -R go-rwx ${dataDir}`,
    );
}

/**
 * Takes group and other permissions off everything under `dir`. PGlite's file system layer creates
 * its files 0666 whatever the umask; DATA_DIR being 0700 already keeps other users out, and this
 * makes the files themselves private too, as PostgreSQL's own would be (files it adds later sit in
 * 0700 folders).
 */
export function restrictToOwner(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of ["", ...readdirSync(dir, { recursive: true, encoding: "utf8" })]) {
    const path = join(dir, name);
    const mode = lstatSync(path).mode;
    if (mode & 0o077 && (mode & 0o170000) !== 0o120000) chmodSync(path, mode & 0o700);
  }
}

/** A start-up failure the operator can act on: printed as one line, without a stack trace. */
export class StartupError extends Error {}

/** The first PostgreSQL connection is retried this often (1 s, 2 s, 3 s, 4 s apart) before giving up. */
export const DATABASE_CONNECT_ATTEMPTS = 5;

/** Where a database lives, for messages: host, port and database name, never the credentials. */
export function describeDatabase(options: DatabaseOptions): string {
  if (options.kind === "pglite") return `the embedded database in ${options.dataDir ?? "memory"}`;
  try {
    const url = new URL(options.url);
    return `PostgreSQL at ${url.hostname || "localhost"}:${url.port || 5432}${url.pathname.length > 1 ? url.pathname : ""}`;
  } catch {
    return "PostgreSQL at DATABASE_URL (not a valid URL)";
  }
}

/**
 * The most specific one-line reason of an error: the innermost message along the `cause` chain (a
 * driver error rather than the query wrapper's SQL), else the first of an AggregateError's errors
 * (pg's "connect ECONNREFUSED" for each address of a host name), else its code.
 */
export function reasonOf(error: unknown): string {
  let reason = "";
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const candidate = current as { message?: unknown; code?: unknown; errors?: unknown; cause?: unknown };
    const nested = Array.isArray(candidate.errors)
      ? (candidate.errors[0] as { message?: unknown } | undefined)?.message
      : undefined;
    const text = [candidate.message, nested, candidate.code].find(
      (value): value is string => typeof value === "string" && value.trim() !== "",
    );
    if (text) reason = text;
    current = candidate.cause;
  }
  const line = reason.replace(/\s+/g, " ").trim() || String(error);
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * Opens the database and applies migrations. PostgreSQL that cannot be reached yet (still starting,
 * network not up) is retried a few times with one log line per attempt; then, or on any other database
 * error (wrong password, missing database), a StartupError says what failed in one line.
 */
export async function openDatabaseForStart(
  options: DatabaseOptions,
  {
    attempts = DATABASE_CONNECT_ATTEMPTS,
    delayMs = (attempt: number) => attempt * 1000,
    open = openDatabase,
    log = (line: string) => console.error(line),
  }: {
    attempts?: number;
    delayMs?: (attempt: number) => number;
    open?: (options: DatabaseOptions) => Promise<DatabaseHandle>;
    log?: (line: string) => void;
  } = {},
): Promise<DatabaseHandle> {
  const where = describeDatabase(options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(options);
    } catch (error) {
      if (error instanceof DataDirLockedError) throw error;
      const unreachable = options.kind === "postgres" && isDatabaseUnavailable(error);
      if (!unreachable) throw new StartupError(`Cannot open ${where}: ${reasonOf(error)}`, { cause: error });
      if (attempt >= attempts) {
        throw new StartupError(
          `${where} is unreachable after ${attempts} attempt${attempts === 1 ? "" : "s"} (${reasonOf(error)}). Check DATABASE_URL and that the server is running.`,
          { cause: error },
        );
      }
      const wait = delayMs(attempt);
      log(
        `${where} is unreachable (${reasonOf(error)}); retrying in ${Math.round(wait / 100) / 10} s (attempt ${attempt} of ${attempts})`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** What to print when the process cannot start: one line for what the operator can fix, the stack for anything else. */
export function startupFailureText(error: unknown): string {
  if (error instanceof StartupError || error instanceof DataDirLockedError)
    return `Sieve cannot start: ${error.message}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EADDRINUSE" || code === "EACCES")
    return `Sieve cannot start: ${reasonOf(error)} (choose another PORT or HOST)`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
