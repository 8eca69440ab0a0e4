import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * PGlite is one process's database: two processes writing the same data directory corrupt it.
 * Whoever opens DATA_DIR first holds `sieve.lock`; a second server or CLI loader is refused.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Sieve process (pid ${holderPid}). ` +
        `The embedded database allows one process at a time: stop that process, ` +
        `use a different DATA_DIR, or go through the running API.`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, "sieve.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, hostname: hostname(), started_at: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolderPid(lockPath);
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      // The holder died without releasing (kill -9, power loss): the lock is stale.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

function readHolderPid(lockPath: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(lockPath, "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
