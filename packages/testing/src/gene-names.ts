import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The org.Hs.eg.db SQLite the reference loader reads gene names from (ORG_HS_EG_SQLITE, else the user
 * cache scripts/gene-names-debian.sh fills); throws when it is not there, so the test fails, not skips.
 */
export function requireGeneNamesSqlite(): string {
  const path = process.env.ORG_HS_EG_SQLITE
    ? resolve(process.env.ORG_HS_EG_SQLITE)
    : join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "sieve", "org.Hs.eg.sqlite");
  if (!existsSync(path))
    throw new Error(`${path} is missing: run npm run data:gene-names (Debian's r-bioc-org.hs.eg.db, unpacked)`);
  return path;
}
