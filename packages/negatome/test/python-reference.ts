import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RDKIT_PYTHON } from "@sieve/testing";

/** Runs packages/negatome/scripts/<script> with SMILES on stdin and returns its JSON output. */
export function runRDKitScript<T>(script: string, args: string[], smiles: readonly string[]): T {
  const path = fileURLToPath(new URL(`../scripts/${script}`, import.meta.url));
  const result = spawnSync(RDKIT_PYTHON, [path, ...args], {
    input: smiles.join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
