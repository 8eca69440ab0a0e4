import type { Mol, MolList } from "@rdkit/rdkit";
import { inchiIdentifiers, morganFingerprint, parseSmiles, type RDKitModule } from "@sieve/chem";

/** A compound as the negatome stores and compares it. */
export interface PreparedCompound {
  /** Canonical RDKit SMILES of the parent. */
  smiles: string;
  /** Standard InChIKey of the parent; null where InChI cannot represent it (dummy atoms). */
  inchi_key: string | null;
  /** Morgan fingerprint of the parent, radius 2, 2048 bits (`morganFingerprint` of @sieve/chem). */
  fingerprint: Uint32Array;
  /** True when the input had several fragments (salt, solvate) and only the largest was kept. */
  stripped: boolean;
}

export type PreparedCompoundResult = ({ ok: true } & PreparedCompound) | { ok: false; error: string };

/**
 * Index of the parent fragment: most heavy atoms, the first written on a tie. Counter-ions and
 * solvents would otherwise change the InChIKey (and add fingerprint bits) of the same drug, so a
 * hydrochloride and its free base could not match.
 */
function largestFragment(molList: MolList): number {
  let best = 0;
  let bestAtoms = -1;
  for (let i = 0; i < molList.size(); i++) {
    const fragment = molList.at(i);
    if (!fragment) continue;
    const atoms = fragment.get_num_atoms(true);
    fragment.delete();
    if (atoms > bestAtoms) {
      best = i;
      bestAtoms = atoms;
    }
  }
  return best;
}

/** Calls `use` with the parent of `mol` (itself when it has one fragment); frees what it made. */
function withParent<T>(mol: Mol, use: (parent: Mol, stripped: boolean) => T): T {
  const { molList } = mol.get_frags() as { molList: MolList };
  try {
    if (molList.size() < 2) return use(mol, false);
    const parent = molList.at(largestFragment(molList));
    if (!parent) return use(mol, false);
    try {
      return use(parent, true);
    } finally {
      parent.delete();
    }
  } finally {
    molList.delete();
  }
}

/**
 * Parses `smiles`, keeps its parent fragment and hands it with its canonical SMILES, InChIKey and
 * fingerprint to `use`; frees every molecule afterwards. Never throws for a bad SMILES.
 */
export function inspectCompound<T>(
  rdkit: RDKitModule,
  smiles: string,
  use: (parent: Mol, compound: PreparedCompound) => T,
): { ok: true; value: T } | { ok: false; error: string } {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  try {
    return withParent(parsed.mol, (parent, stripped) => {
      const compound = {
        smiles: parent.get_smiles(),
        inchi_key: inchiIdentifiers(rdkit, parent)?.inchikey ?? null,
        fingerprint: morganFingerprint(parent),
        stripped,
      };
      return { ok: true as const, value: use(parent, compound) };
    });
  } finally {
    parsed.mol.delete();
  }
}

/** Canonical SMILES, InChIKey and fingerprint of the parent of `smiles`. Never throws. */
export function prepareCompound(rdkit: RDKitModule, smiles: string): PreparedCompoundResult {
  const result = inspectCompound(rdkit, smiles, (_, compound) => compound);
  return result.ok ? { ok: true, ...result.value } : result;
}
