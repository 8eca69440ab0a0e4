import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RDKIT_PYTHON } from "@sieve/testing";
import type { ReferenceDocument } from "./reference-compare";

const SCRIPT = fileURLToPath(new URL("../scripts/make-reference.py", import.meta.url));

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
