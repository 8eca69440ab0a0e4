import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { morganFingerprint, morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import {
  canonicalSmiles,
  GUACAMOL_MPO_REFERENCES,
  HOP_SMARTS,
  OSIMERTINIB,
  RANOLAZINE,
  Random,
  REDISCOVERY_TARGETS,
  SIMILARITY_TARGETS,
  VALSARTAN_SMARTS,
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

/**
 * The reference molecules of the tasks added after the common pool was fixed: each of these tasks' pools also
 * leaves out them and their analogues (Morgan Tanimoto ≥ 0.5), so that the earlier tasks keep their pool and
 * results. valsartan_smarts takes its target properties from sitagliptin.
 */
export const TASK_REFERENCES: Record<string, readonly string[]> = {
  median1: [GUACAMOL_MPO_REFERENCES.camphor, GUACAMOL_MPO_REFERENCES.menthol],
  median2: [GUACAMOL_MPO_REFERENCES.tadalafil, GUACAMOL_MPO_REFERENCES.sildenafil],
  amlodipine_mpo: [GUACAMOL_MPO_REFERENCES.amlodipine],
  perindopril_mpo: [GUACAMOL_MPO_REFERENCES.perindopril],
  fexofenadine_mpo: [GUACAMOL_MPO_REFERENCES.fexofenadine],
  sitagliptin_mpo: [GUACAMOL_MPO_REFERENCES.sitagliptin],
  zaleplon_mpo: [GUACAMOL_MPO_REFERENCES.zaleplon],
  valsartan_smarts: [GUACAMOL_MPO_REFERENCES.sitagliptin],
  deco_hop: [GUACAMOL_MPO_REFERENCES.hop],
  scaffold_hop: [GUACAMOL_MPO_REFERENCES.hop],
};

/**
 * Substructures a task requires, left out of its pool so that no run starts from them. valsartan_smarts: the
 * common pool holds valsartan (twice) and irbesartan, which contain its SMARTS; their fitness is tiny (about 1e-25:
 * sitagliptin's logP is far) but not zero, so fitness-proportional selection picks them over the zeros of every
 * other molecule, and Graph GA reached 0.84 AUC top-10 from them (seed 0) where PMO's, from ZINC, scored 0.
 * deco_hop: the pool holds vandetanib, which has the quinazoline scaffold the task keeps and neither decoration
 * it removes (0.827 at call one, against 0.59 for the next molecule); Graph GA reached 0.797 AUC top-10 from it
 * (seed 0), above PMO's 0.619 from ZINC. scaffold_hop's kept decoration is in no pool molecule.
 */
export const POOL_SUBSTRUCTURE_EXCLUSIONS: Record<string, string> = {
  valsartan_smarts: VALSARTAN_SMARTS,
  deco_hop: HOP_SMARTS.scaffold,
};

/**
 * The pool a task starts from: the common pool without the molecules at or above the task's ceiling, without
 * the task's own references and their analogues ({@link TASK_REFERENCES}) and without the molecules holding
 * its excluded substructure ({@link POOL_SUBSTRUCTURE_EXCLUSIONS}).
 */
export function taskPool(rdkit: RDKitModule, task: string, objective: Objective, pool: readonly string[]): string[] {
  const ceiling = POOL_CEILINGS[task];
  const references = (TASK_REFERENCES[task] ?? []).map((smiles) => morganFingerprintOfSmiles(rdkit, smiles)!);
  const excluded = POOL_SUBSTRUCTURE_EXCLUSIONS[task];
  if (ceiling === undefined && references.length === 0 && excluded === undefined) return [...pool];
  const query = excluded === undefined ? null : rdkit.get_qmol(excluded)!;
  const kept = pool.filter((smiles) => {
    const mol = rdkit.get_mol(smiles)!;
    try {
      if (ceiling !== undefined && objective.score(mol).fitness >= ceiling) return false;
      if (query && (JSON.parse(mol.get_substruct_match(query)) as { atoms?: number[] }).atoms?.length) return false;
      const fingerprint = morganFingerprint(mol);
      return references.every((reference) => tanimoto(fingerprint, reference) < ANALOGUE_SIMILARITY);
    } finally {
      mol.delete();
    }
  });
  query?.delete();
  return kept;
}
