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
  /** True when the input had several fragments (salt, solvate) and only the largest was kept (then neutralised). */
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

/*
 * Charges a salt's parent keeps once its counter-ion is gone (aspirin sodium's carboxylate), after the
 * RDKit Cookbook's "Neutralizing Molecules" patterns: a cation bearing H not bonded to an anion loses
 * a proton, an anion not bonded to a cation gains one. Like RDKit's Uncharger (rdMolStandardize, not
 * exposed by the @rdkit/rdkit MinimalLib build), a quaternary cation keeps its charge and as many
 * anions keep theirs, so a zwitterion stays one; nitro groups and N-oxides (charges side by side) stay.
 */
const PROTONATED_CATION = "[+1;!H0;!$(*~[-1,-2,-3,-4])]";
const LONE_ANION = "[-1;!$(*~[+1,+2,+3,+4])]";
const FIXED_CATION = "[+1;H0;!$(*~[-1,-2,-3,-4])]";

function firstAtomsOfMatches(rdkit: RDKitModule, mol: Mol, smarts: string): number[] {
  const query = rdkit.get_qmol(smarts);
  if (!query) return [];
  try {
    const matches = JSON.parse(mol.get_substruct_matches(query)) as unknown;
    return Array.isArray(matches) ? matches.map((match: { atoms: number[] }) => match.atoms[0]!) : [];
  } finally {
    query.delete();
  }
}

interface RDKitJsonAtom {
  chg?: number;
  impHs?: number;
}
interface RDKitJson {
  defaults: { atom: Required<RDKitJsonAtom> };
  molecules: { atoms: RDKitJsonAtom[] }[];
}

/**
 * `json` (RDKit's JSON of one molecule) with the formal charge of `atoms` set to 0 and one hydrogen taken
 * from a cation or given to an anion. JSON keeps stereo as atom parities, so no coordinates are involved.
 */
function unchargedJson(json: string, atoms: ReadonlySet<number>): string {
  const parsed = JSON.parse(json) as RDKitJson;
  const defaults = parsed.defaults.atom;
  parsed.molecules[0]!.atoms.forEach((atom, index) => {
    if (!atoms.has(index)) return;
    atom.impHs = (atom.impHs ?? defaults.impHs) - (atom.chg ?? defaults.chg);
    atom.chg = 0;
  });
  return JSON.stringify(parsed);
}

/** The neutralised form of `mol`, or null when it has no charge to neutralise (or RDKit refuses the result). */
function neutralised(rdkit: RDKitModule, mol: Mol): Mol | null {
  const anions = firstAtomsOfMatches(rdkit, mol, LONE_ANION);
  const fixedCations = firstAtomsOfMatches(rdkit, mol, FIXED_CATION).length;
  const atoms = new Set([...firstAtomsOfMatches(rdkit, mol, PROTONATED_CATION), ...anions.slice(fixedCations)]);
  if (atoms.size === 0) return null;
  return rdkit.get_mol(unchargedJson(mol.get_json(), atoms));
}

/**
 * Calls `use` with the parent of `mol`: its largest fragment, neutralised (itself when it has one
 * fragment and no charge to neutralise); frees what it made.
 */
function withParent<T>(rdkit: RDKitModule, mol: Mol, use: (parent: Mol, stripped: boolean) => T): T {
  const { molList } = mol.get_frags() as { molList: MolList };
  const fragment = molList.size() < 2 ? null : molList.at(largestFragment(molList));
  const parent = fragment ?? mol;
  const uncharged = neutralised(rdkit, parent);
  try {
    return use(uncharged ?? parent, fragment !== null);
  } finally {
    uncharged?.delete();
    fragment?.delete();
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
    return withParent(rdkit, parsed.mol, (parent, stripped) => {
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
