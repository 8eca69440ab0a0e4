import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";

/**
 * The external programs the oracles call, with the Debian package that provides each, so a missing
 * one is reported as something an operator can fix (`apt-get install -y <package>`).
 */
export const ORACLE_PROGRAMS = {
  // Vina fills about 560 MB of tables on every run: with glibc's malloc asking for transparent huge pages, a local
  // optimisation took 62 % less CPU and a search 3 % less, with identical results
  // (bench/results/workflows-vina-hugepages.md).
  vina: {
    oracle: "docking",
    debianPackage: "autodock-vina",
    versionArgs: ["--version"],
    tunables: ["glibc.malloc.hugetlb=1"],
  },
  obabel: { oracle: "docking", debianPackage: "openbabel", versionArgs: ["-V"] },
  // Debian's Python with RDKit, for seeded 3D conformers (ETKDG); not a pyenv or virtualenv python3 on PATH.
  rdkit: {
    oracle: "docking",
    debianPackage: "python3-rdkit",
    command: process.env.SIEVE_RDKIT_PYTHON ?? "/usr/bin/python3",
    versionArgs: ["-c", "import rdkit; print('RDKit ' + rdkit.__version__)"],
  },
  gmx: {
    oracle: "MD",
    debianPackage: "gromacs",
    versionArgs: ["-quiet", "--version"],
    versionPattern: /(GROMACS) version:\s*(\S+)/,
  },
} as const satisfies Record<
  string,
  {
    oracle: string;
    debianPackage: string;
    command?: string;
    versionArgs: readonly string[];
    versionPattern?: RegExp;
    /** glibc tunables (GLIBC_TUNABLES) the program runs with, after any the operator set. */
    tunables?: readonly string[];
  }
>;

/** The environment a program runs in: this process's, with the program's glibc tunables added to any already set. */
export function programEnvironment(binary: OracleProgram, environment = process.env): NodeJS.ProcessEnv {
  const program = ORACLE_PROGRAMS[binary];
  if (!("tunables" in program)) return environment;
  const tunables = [environment.GLIBC_TUNABLES, ...program.tunables].filter(Boolean).join(":");
  return { ...environment, GLIBC_TUNABLES: tunables };
}

/** The program's first output line, or the groups its `versionPattern` picks out. */
function versionOf(binary: OracleProgram, output: string): string {
  const program = ORACLE_PROGRAMS[binary];
  const picked = "versionPattern" in program ? program.versionPattern.exec(output) : null;
  return picked ? picked.slice(1).join(" ") : output.trim().split("\n")[0]!.trim();
}
export type OracleProgram = keyof typeof ORACLE_PROGRAMS;

/** An oracle this machine cannot run; the message says why and what would fix it. */
export class OracleUnavailableError extends Error {}

export class MissingBinaryError extends OracleUnavailableError {
  constructor(readonly binary: OracleProgram) {
    const { oracle, debianPackage } = ORACLE_PROGRAMS[binary];
    super(
      `The ${oracle} oracle needs \`${binary}\`, which is not installed on this machine: install Debian's ${debianPackage} package (apt-get install -y ${debianPackage})`,
    );
  }
}

export interface ProgramOutput {
  stdout: string;
  stderr: string;
}

/**
 * A program that ran and failed; the message quotes the program's own error text (its last stderr lines, without
 * Open Babel's "N molecules converted" tally), so the reason reads as the program gave it.
 */
export class ProgramFailedError extends Error {
  constructor(
    readonly binary: OracleProgram,
    readonly exitCode: number | string | null,
    readonly output: ProgramOutput,
  ) {
    const own = (output.stderr || output.stdout)
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !/^\d+ molecules? converted$/.test(line) && !/^=+$/.test(line));
    const detail = own.slice(-3).join(" ");
    const code = exitCode === null ? "" : ` (exit ${typeof exitCode === "number" ? "code" : "signal"} ${exitCode})`;
    super(`${binary} failed${code}: ${detail || "it printed no error message"}`);
  }
}

/** A program stopped because it ran past its time limit. */
export class ProgramTimeoutError extends Error {
  constructor(
    readonly binary: OracleProgram,
    readonly limitS: number,
  ) {
    super(`${binary} timed out after ${limitS} s`);
  }
}

/** Runs a program with a time limit; a missing program becomes MissingBinaryError. */
export function runProgram(
  binary: OracleProgram,
  args: string[],
  options: {
    input?: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    cwd?: string;
    onOutput?: (chunk: string) => void;
  } = {},
): Promise<ProgramOutput> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  return new Promise((resolve, reject) => {
    const program = ORACLE_PROGRAMS[binary];
    const child = execFile(
      "command" in program ? program.command : binary,
      args,
      {
        maxBuffer: 64 * 1024 * 1024,
        timeout: timeoutMs,
        env: programEnvironment(binary),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.cwd ? { cwd: options.cwd } : {}),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return reject(new MissingBinaryError(binary));
        if (error.name === "AbortError") return reject(error);
        // execFile kills the child with SIGTERM when the time limit passes.
        if (error.killed && error.signal === "SIGTERM")
          return reject(new ProgramTimeoutError(binary, timeoutMs / 1000));
        reject(new ProgramFailedError(binary, error.code ?? error.signal ?? null, { stdout, stderr }));
      },
    );
    if (options.onOutput) {
      child.stdout?.on("data", (chunk: Buffer | string) => options.onOutput!(String(chunk)));
      child.stderr?.on("data", (chunk: Buffer | string) => options.onOutput!(String(chunk)));
    }
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

export interface OracleAvailability {
  available: boolean;
  version: string | null;
  /** Why not, naming the Debian package to install. */
  reason?: string;
}

const versions = new Map<OracleProgram, Promise<OracleAvailability>>();

/** Whether a binary is installed, and its version (checked once per process). */
export function binaryAvailability(binary: OracleProgram): Promise<OracleAvailability> {
  let known = versions.get(binary);
  if (!known) {
    known = runProgram(binary, [...ORACLE_PROGRAMS[binary].versionArgs], { timeoutMs: 60_000 }).then(
      ({ stdout, stderr }) => ({ available: true, version: versionOf(binary, stdout || stderr) }),
      (error: unknown) => ({
        available: false,
        version: null,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    versions.set(binary, known);
  }
  return known;
}

/** Throws MissingBinaryError unless the docking programs (Vina, Open Babel, RDKit's Python) are installed. */
export async function requireDockingBinaries(): Promise<{ vina: string; obabel: string; rdkit: string }> {
  const [vina, obabel, rdkit] = await Promise.all([
    binaryAvailability("vina"),
    binaryAvailability("obabel"),
    binaryAvailability("rdkit"),
  ]);
  if (!vina.available) throw new MissingBinaryError("vina");
  if (!obabel.available) throw new MissingBinaryError("obabel");
  if (!rdkit.available) throw new MissingBinaryError("rdkit");
  return { vina: vina.version!, obabel: obabel.version!, rdkit: rdkit.version! };
}

/**
 * Why GROMACS' mdrun cannot start on this CPU, or null. Debian builds GROMACS to read the time-stamp
 * counter with the rdtscp instruction; on a CPU without it (often a virtual one) mdrun stops at
 * start-up ("compiled to use the rdtscp CPU instruction"), while grompp and the other tools run.
 */
export function mdrunCpuProblem(gmxVersionOutput: string, cpuinfo: string | null): string | null {
  if (!/RDTSCP usage:\s*enabled/i.test(gmxVersionOutput) || cpuinfo === null) return null;
  const flags = /^flags\s*:(.*)$/m.exec(cpuinfo)?.[1];
  if (flags === undefined || flags.trim().split(/\s+/).includes("rdtscp")) return null;
  return "The MD oracle cannot run on this machine: its GROMACS (Debian's gromacs package) is built to use the rdtscp instruction, which this CPU does not offer (common on virtual machines), so gmx mdrun refuses to start; run it where the CPU has rdtscp, or install a GROMACS built with -DGMX_USE_RDTSCP=OFF";
}

let mdKnown: Promise<OracleAvailability> | undefined;

/**
 * Whether the MD oracle can run here: GROMACS installed, and its mdrun able to start on this CPU (checked once per
 * process).
 */
export function mdAvailability(): Promise<OracleAvailability> {
  mdKnown ??= binaryAvailability("gmx").then(async (gmx) => {
    if (!gmx.available) return gmx;
    const { stdout, stderr } = await runProgram("gmx", [...ORACLE_PROGRAMS.gmx.versionArgs], { timeoutMs: 60_000 });
    const problem = mdrunCpuProblem(stdout + stderr, await readFile("/proc/cpuinfo", "utf8").catch(() => null));
    return problem ? { available: false, version: gmx.version, reason: problem } : gmx;
  });
  return mdKnown;
}
