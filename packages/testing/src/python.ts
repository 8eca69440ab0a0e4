import { spawnSync } from "node:child_process";

/** Debian's Python with python3-rdkit (RDKit 2022.09), for reference values only; override with SIEVE_RDKIT_PYTHON. */
export const RDKIT_PYTHON = process.env.SIEVE_RDKIT_PYTHON ?? "/usr/bin/python3";

function importProblem(python: string, module: string): string | null {
  const result = spawnSync(python, ["-c", `import ${module}`], { encoding: "utf8" });
  if (result.status === 0) return null;
  return result.error?.message ?? (result.stderr.trim().split("\n").at(-1) || `exit ${result.status}`);
}

/** Whether RDKit Python can run here: for benchmarks, never to skip a test. */
export function rdkitPythonAvailable(): boolean {
  return importProblem(RDKIT_PYTHON, "rdkit") === null;
}

/**
 * Throws unless `python` can import `module`: a test comparing with RDKit or Biopython fails,
 * rather than skips, where the package is missing (`.ci/run` installs it).
 */
export function requirePythonModule(python: string, module: string, debianPackage: string): void {
  const problem = importProblem(python, module);
  if (problem !== null)
    throw new Error(`"${python} -c 'import ${module}'" fails (${problem}): apt-get install ${debianPackage}`);
}

export function requireRDKitPython(): void {
  requirePythonModule(RDKIT_PYTHON, "rdkit", "python3-rdkit");
}
