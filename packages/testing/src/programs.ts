import { spawnSync } from "node:child_process";

/**
 * Throws unless each program is on the PATH: tests of Vina, Open Babel and GROMACS fail, rather
 * than skip, where the Debian package is missing (`.ci/run` installs it).
 */
export function requirePrograms(debianPackages: string, ...programs: string[]): void {
  const missing = programs.filter((program) => spawnSync("sh", ["-c", `command -v "$0"`, program]).status !== 0);
  if (missing.length > 0) throw new Error(`${missing.join(", ")} not installed: apt-get install -y ${debianPackages}`);
}
