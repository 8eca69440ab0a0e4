import type { Mol } from "@rdkit/rdkit";
import type { RDKitModule } from "@sieve/chem";

/** RDKit's JSON molecule (commonchem with RDKit's extension), the parts read here. */
interface JsonAtom {
  z?: number;
  impHs?: number;
  chg?: number;
  nRad?: number;
}
interface JsonBond {
  bo?: number;
  atoms: [number, number];
}
interface JsonMolecule {
  atoms: JsonAtom[];
  bonds?: JsonBond[];
  extensions?: { name: string; atomRings?: number[][] }[];
}
interface JsonDocument {
  defaults: { atom: Required<JsonAtom>; bond: { bo: number } };
  molecules: JsonMolecule[];
}

/**
 * Bemis–Murcko scaffold (Bemis & Murcko, J Med Chem 1996, 39:2887) as RDKit's
 * `MurckoScaffold.MurckoScaffoldSmiles` computes it (C++ `MurckoDecompose`), without chirality:
 * ring atoms and the linkers between rings are kept, side chains are stripped by repeatedly
 * removing non-ring atoms with at most one remaining neighbour, and an atom removed that way comes
 * back when it is double-bonded to a kept atom (the carbonyl O of a ring ketone or linker amide).
 * Hydrogens replace the removed bonds, so an N-methylpyrrole gives pyrrole; isotopes are dropped
 * as RDKit's non-isomeric SMILES drops them. RDKit.js has no
 * scaffold function; this works on the molecule's JSON and returns canonical SMILES, "" when the
 * molecule has no ring.
 */
export function murckoScaffold(rdkit: RDKitModule, mol: Mol): string {
  const document = JSON.parse(mol.get_json()) as JsonDocument;
  const molecule = document.molecules[0];
  if (!molecule) return "";
  const atomDefaults = document.defaults.atom;
  const atoms = molecule.atoms.map((atom) => ({ ...atomDefaults, ...atom }));
  const bonds = (molecule.bonds ?? []).map((bond) => ({ bo: bond.bo ?? document.defaults.bond.bo, atoms: bond.atoms }));
  const rings = molecule.extensions?.find((extension) => extension.atomRings)?.atomRings ?? [];
  const inRing = new Set(rings.flat());
  if (inRing.size === 0) return "";

  const neighbours = atoms.map(() => [] as { atom: number; order: number }[]);
  for (const {
    bo,
    atoms: [a, b],
  } of bonds) {
    neighbours[a]!.push({ atom: b, order: bo });
    neighbours[b]!.push({ atom: a, order: bo });
  }
  const kept = atoms.map(() => true);
  const degree = neighbours.map((list) => list.length);
  const leaves = atoms.map((_, i) => i).filter((i) => !inRing.has(i) && degree[i]! <= 1);
  while (leaves.length > 0) {
    const atom = leaves.pop()!;
    if (!kept[atom]) continue;
    kept[atom] = false;
    for (const { atom: next } of neighbours[atom]!) {
      if (kept[next] && !inRing.has(next) && --degree[next]! <= 1) leaves.push(next);
    }
  }
  const scaffold = kept.slice();
  atoms.forEach((_, i) => {
    if (!kept[i] && neighbours[i]!.some(({ atom, order }) => kept[atom] && order === 2)) scaffold[i] = true;
  });

  const newIndex = new Map<number, number>();
  scaffold.forEach((keep, i) => keep && newIndex.set(i, newIndex.size));
  const scaffoldAtoms = [...newIndex.keys()].map((i) => {
    const atom = atoms[i]!;
    // Orders above 3 are RDKit's special types (17 = dative, in cobalamins), which carry no hydrogen count.
    const lostBonds = neighbours[i]!.filter(({ atom: other }) => !scaffold[other]).reduce(
      (sum, { order }) => sum + (order <= 3 ? order : 0),
      0,
    );
    return { z: atom.z, impHs: atom.impHs + lostBonds, chg: atom.chg, nRad: atom.nRad };
  });
  const scaffoldBonds = bonds
    .filter(({ atoms: [a, b] }) => scaffold[a] && scaffold[b])
    .map(({ bo, atoms: [a, b] }) => ({ bo, atoms: [newIndex.get(a)!, newIndex.get(b)!] }));
  const json = JSON.stringify({
    commonchem: { version: 10 },
    defaults: { atom: atomDefaults, bond: { bo: 1, stereo: "unspecified" } },
    molecules: [{ atoms: scaffoldAtoms, bonds: scaffoldBonds }],
  });
  const scaffoldMol = rdkit.get_mol(json);
  if (!scaffoldMol) throw new Error(`Murcko scaffold: RDKit.js refused the scaffold of ${mol.get_smiles()}`);
  try {
    return scaffoldMol.get_smiles();
  } finally {
    scaffoldMol.delete();
  }
}
