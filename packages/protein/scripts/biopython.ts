import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Runs Python scripts under an interpreter that has Biopython: tests compare against values Biopython
 * computes at run time (shared data, seeded random sequences) without committing them, and the
 * benchmark times Biopython on the same sequences.
 *
 * Tried in order: $BIOPYTHON_PYTHON; `python3` with PYENV_VERSION=system (a pyenv shim otherwise
 * hides the distribution's python3-biopython); plain `python3`.
 */
const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, "make-reference.py");

interface Interpreter {
  command: string;
  env: NodeJS.ProcessEnv;
  version: string;
}

function findInterpreter(): Interpreter | undefined {
  const candidates: Array<{ command: string; env: NodeJS.ProcessEnv }> = [
    ...(process.env.BIOPYTHON_PYTHON ? [{ command: process.env.BIOPYTHON_PYTHON, env: process.env }] : []),
    { command: "python3", env: { ...process.env, PYENV_VERSION: "system" } },
    { command: "python3", env: process.env },
  ];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate.command, ["-c", "import Bio; print(Bio.__version__)"], {
      env: candidate.env,
      encoding: "utf8",
    });
    if (probe.status === 0) return { ...candidate, version: probe.stdout.trim() };
  }
  return undefined;
}

export const biopython = findInterpreter();

export const noBiopythonReason =
  "no Python with Biopython found (install python3-biopython, or set BIOPYTHON_PYTHON to a python3 that has it)";

/** Runs a Python script with the Biopython interpreter and parses the JSON it prints. */
export function runBiopythonScript(scriptPath: string, args: string[], input?: string): unknown {
  if (!biopython) throw new Error(noBiopythonReason);
  const result = spawnSync(biopython.command, [scriptPath, ...args], {
    env: biopython.env,
    input,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${scriptPath} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

export interface ReferenceRow {
  id: string;
  description: string;
  sequence: string;
  molecular_weight?: number;
  molecular_weight_average_mass?: number;
  isoelectric_point: number;
  gravy?: number;
  instability_index?: number;
  aromaticity: number;
  extinction_coefficient: { reduced: number; cystines: number };
  counts: Record<string, number>;
  fractions: Record<string, number>;
  refused?: Record<string, string>;
}

export interface ReferenceFile {
  generator: { biopython: string };
  sequences: ReferenceRow[];
}

/** Biopython reference values for the records of a FASTA text. */
export function biopythonReference(fasta: string): ReferenceFile {
  return runBiopythonScript(script, ["--fasta", "-", "--out", "-"], fasta) as ReferenceFile;
}

/** Chains Biopython's PPBuilder and SEQRES reader find in a PDB file. */
export function biopythonPdbChains(path: string): {
  ppbuilder: Record<string, string[]>;
  seqres: Record<string, string>;
} {
  return runBiopythonScript(script, ["--pdb", path]) as {
    ppbuilder: Record<string, string[]>;
    seqres: Record<string, string>;
  };
}
