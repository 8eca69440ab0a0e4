import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ReferenceDocument } from "./reference-compare";

/** The interpreter with python3-rdkit (RDKit 2022.09); override with SIEVE_RDKIT_PYTHON. */
export const RDKIT_PYTHON = process.env.SIEVE_RDKIT_PYTHON ?? "/usr/bin/python3";

const SCRIPT = fileURLToPath(new URL("../scripts/make-reference.py", import.meta.url));

export function rdkitPythonAvailable(): boolean {
  return spawnSync(RDKIT_PYTHON, ["-c", "import rdkit"], { stdio: "ignore" }).status === 0;
}

/** Runs scripts/make-reference.py on these SMILES (flags: --time, --no-sa) and returns its JSON. */
export function runRDKitPython(smiles: string[], flags: string[] = []): ReferenceDocument {
  const result = spawnSync(RDKIT_PYTHON, [SCRIPT, "--stdin", ...flags], {
    input: smiles.join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`make-reference.py failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as ReferenceDocument;
}
