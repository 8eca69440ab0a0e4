import { execFile } from "node:child_process";

/**
 * The external programs the docking oracle calls, with the Debian package that provides each, so a
 * missing one is reported as something an operator can fix (`apt-get install -y <package>`).
 */
export const DOCKING_BINARIES = {
  vina: { debianPackage: "autodock-vina", versionArgs: ["--version"] },
  obabel: { debianPackage: "openbabel", versionArgs: ["-V"] },
} as const;
export type DockingBinary = keyof typeof DOCKING_BINARIES;

export class MissingBinaryError extends Error {
  constructor(readonly binary: DockingBinary) {
    const pkg = DOCKING_BINARIES[binary].debianPackage;
    super(`The docking oracle needs \`${binary}\`, which is not installed on this machine: install Debian's ${pkg} package (apt-get install -y ${pkg})`);
  }
}

export interface ProgramOutput {
  stdout: string;
  stderr: string;
}

/** Runs a program with a time limit; a missing program becomes MissingBinaryError. */
export function runProgram(binary: DockingBinary, args: string[], options: { input?: string; signal?: AbortSignal; timeoutMs?: number; cwd?: string } = {}): Promise<ProgramOutput> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      args,
      { maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 30 * 60_000, ...(options.signal ? { signal: options.signal } : {}), ...(options.cwd ? { cwd: options.cwd } : {}) },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return reject(new MissingBinaryError(binary));
        if (error.name === "AbortError") return reject(error);
        const detail = (stderr || stdout).trim().split("\n").slice(-3).join(" ");
        reject(new Error(`${binary} failed: ${detail || error.message}`));
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

export interface OracleAvailability {
  available: boolean;
  version: string | null;
  /** Why not, naming the Debian package to install. */
  reason?: string;
}

const versions = new Map<DockingBinary, Promise<OracleAvailability>>();

/** Whether a binary is installed, and its version (checked once per process). */
export function binaryAvailability(binary: DockingBinary): Promise<OracleAvailability> {
  let known = versions.get(binary);
  if (!known) {
    known = runProgram(binary, [...DOCKING_BINARIES[binary].versionArgs], { timeoutMs: 10_000 }).then(
      ({ stdout, stderr }) => ({ available: true, version: (stdout || stderr).trim().split("\n")[0]!.trim() }),
      (error: unknown) => ({ available: false, version: null, reason: error instanceof Error ? error.message : String(error) }),
    );
    versions.set(binary, known);
  }
  return known;
}

/** Throws MissingBinaryError unless both docking programs are installed. */
export async function requireDockingBinaries(): Promise<{ vina: string; obabel: string }> {
  const [vina, obabel] = await Promise.all([binaryAvailability("vina"), binaryAvailability("obabel")]);
  if (!vina.available) throw new MissingBinaryError("vina");
  if (!obabel.available) throw new MissingBinaryError("obabel");
  return { vina: vina.version!, obabel: obabel.version! };
}
