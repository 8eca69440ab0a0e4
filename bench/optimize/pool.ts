import { existsSync, readFileSync } from "node:fs";
import { morganFingerprint, morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import { canonicalSmiles, OSIMERTINIB, RANOLAZINE, Random, REDISCOVERY_TARGETS } from "@sieve/optimize";

/** Reference molecules of the tasks: they and their close analogues are kept out of the pool. */
const REFERENCES = [...Object.values(REDISCOVERY_TARGETS), OSIMERTINIB, RANOLAZINE];
const ANALOGUE_SIMILARITY = 0.5;
const POOL_SEED = 20190329;

/**
 * The fixed starting pool: DrugCentral structures as single neutral molecules of 10 to 40 heavy
 * atoms (canonical, without stereo), minus the task references and everything with Morgan
 * Tanimoto ≥ 0.5 to one of them, then a seeded sample of `size`. Null when the file is absent.
 */
export function loadStartingPool(rdkit: RDKitModule, path: string, size: number): string[] | null {
  if (!existsSync(path)) return null;
  const references = REFERENCES.map((smiles) => morganFingerprintOfSmiles(rdkit, smiles)!);
  const rows = readFileSync(path, "utf8").split("\n").slice(1);
  const eligible = new Set<string>();
  for (const row of rows) {
    const smiles = canonicalSmiles(rdkit, row.split("\t")[0] ?? "");
    if (!smiles || /[+-]\]/.test(smiles) || eligible.has(smiles)) continue;
    const mol = rdkit.get_mol(smiles)!;
    const heavyAtoms = mol.get_num_atoms(true);
    const fingerprint = morganFingerprint(mol);
    mol.delete();
    if (heavyAtoms < 10 || heavyAtoms > 40) continue;
    if (references.some((reference) => tanimoto(fingerprint, reference) >= ANALOGUE_SIMILARITY)) continue;
    eligible.add(smiles);
  }
  return new Random(POOL_SEED).shuffle([...eligible]).slice(0, size);
}
