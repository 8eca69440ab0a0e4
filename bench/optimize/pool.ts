import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { morganFingerprint, morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import {
  canonicalSmiles,
  OSIMERTINIB,
  RANOLAZINE,
  Random,
  REDISCOVERY_TARGETS,
  SIMILARITY_TARGETS,
  type Objective,
} from "@sieve/optimize";

/** Reference molecules of the tasks: they and their close analogues are kept out of every task's pool. */
const REFERENCES = [
  ...Object.values(REDISCOVERY_TARGETS),
  ...Object.values(SIMILARITY_TARGETS).map((target) => target.smiles),
  OSIMERTINIB,
  RANOLAZINE,
];
const ANALOGUE_SIMILARITY = 0.5;
const POOL_SEED = 20190329;
/** Tox21, ClinTox and SIDER (MoleculeNet): the CSV files and the column holding the SMILES. */
export const POOL_SOURCES = ["tox21/tox21.csv", "clintox/clintox.csv", "sider/sider.csv"] as const;
/** The QED task's pool leaves out molecules at or above this QED, so that the pool cannot solve it. */
export const QED_POOL_CEILING = 0.7;

function readSmiles(path: string): string[] {
  const [header = "", ...lines] = readFileSync(path, "utf8").split("\n");
  const column = header.split(",").indexOf("smiles");
  if (column < 0) throw new Error(`${path} has no smiles column`);
  return lines.map((line) => line.split(",")[column] ?? "").filter((smiles) => smiles.length > 0);
}

/**
 * The fixed starting pool: Tox21, ClinTox and SIDER structures as single neutral molecules of 10
 * to 40 heavy atoms (canonical, without stereo), minus every task reference and everything with
 * Morgan Tanimoto ≥ 0.5 to one of them, then a seeded sample of `size`. Null when a file is absent.
 */
export function loadStartingPool(rdkit: RDKitModule, dataDir: string, size: number): string[] | null {
  const paths = POOL_SOURCES.map((source) => join(dataDir, source));
  if (!paths.every(existsSync)) return null;
  const references = REFERENCES.map((smiles) => morganFingerprintOfSmiles(rdkit, smiles)!);
  const eligible = new Set<string>();
  for (const raw of paths.flatMap(readSmiles)) {
    const smiles = canonicalSmiles(rdkit, raw);
    if (!smiles || /[+-]\]/.test(smiles) || eligible.has(smiles)) continue;
    const mol = rdkit.get_mol(smiles)!;
    const heavyAtoms = mol.get_num_atoms(true);
    const fingerprint = morganFingerprint(mol);
    mol.delete();
    if (heavyAtoms < 10 || heavyAtoms > 40) continue;
    if (references.some((reference) => tanimoto(fingerprint, reference) >= ANALOGUE_SIMILARITY)) continue;
    eligible.add(smiles);
  }
  return new Random(POOL_SEED).shuffle([...eligible].sort()).slice(0, size);
}

/**
 * Tasks whose pool leaves out molecules scoring at or above a ceiling: QED ≥ 0.7 (1,500 DrugCentral drugs
 * reached 0.946 by random sampling, so the pool solved the task), and the exact isomers of the isomer tasks.
 */
export const POOL_CEILINGS: Record<string, number> = {
  qed: QED_POOL_CEILING,
  isomers_c7h8n2o2: 1,
  isomers_c9h10n2o2pf2cl: 1,
};

/** The pool a task starts from: the common pool without the molecules at or above the task's ceiling. */
export function taskPool(rdkit: RDKitModule, task: string, objective: Objective, pool: readonly string[]): string[] {
  const ceiling = POOL_CEILINGS[task];
  if (ceiling === undefined) return [...pool];
  return pool.filter((smiles) => {
    const mol = rdkit.get_mol(smiles)!;
    try {
      return objective.score(mol).fitness < ceiling;
    } finally {
      mol.delete();
    }
  });
}
