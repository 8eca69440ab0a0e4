import type { RDKitModule } from "@sieve/chem";

/**
 * A molecule as a plain Kekulé graph of heavy atoms, which the GB-GA operators edit in JavaScript
 * instead of running RDKit reactions: an edit costs microseconds, and only the one product chosen
 * is handed back to RDKit (as a molblock without hydrogens, so RDKit recomputes implicit
 * hydrogens from valence and re-perceives aromaticity when it sanitises).
 */
export interface GraphAtom {
  /** Atomic number. */
  z: number;
  charge: number;
  isotope: number;
  /** Total hydrogens in the parent as RDKit perceived them; stale after an edit (only parents are queried). */
  hydrogens: number;
  radicals: number;
}

export interface GraphBond {
  a: number;
  b: number;
  /** 1, 2 or 3 (Kekulé form: no aromatic bonds). */
  order: number;
}

export interface MolGraph {
  atoms: GraphAtom[];
  bonds: GraphBond[];
}

/** A parent graph with the derived facts the operators' SMARTS-like conditions ask about. */
export interface AnnotatedGraph extends MolGraph {
  /** Per atom: [neighbour atom, bond index] pairs. */
  neighbours: [number, number][][];
  /** Per bond: whether it lies on a cycle (SMARTS `@`). */
  ringBond: boolean[];
  /** Per atom: whether it lies on a cycle (SMARTS `R`, `r`). */
  ringAtom: boolean[];
}

interface RDKitJsonMolecule {
  atoms: Partial<{ z: number; impHs: number; chg: number; nRad: number; isotope: number }>[];
  bonds?: Partial<{ bo: number; atoms: [number, number] }>[];
}

/**
 * Reads a SMILES into an annotated Kekulé graph, or null when RDKit refuses it or it cannot be
 * kekulised. Hydrogens are not graph atoms.
 */
export function readKekuleGraph(rdkit: RDKitModule, smiles: string): AnnotatedGraph | null {
  const mol = rdkit.get_mol(smiles);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    mol.remove_hs_in_place();
    mol.convert_to_kekule_form();
    const json = JSON.parse(mol.get_json()) as { defaults: { atom: { z: number } }; molecules: RDKitJsonMolecule[] };
    const molecule = json.molecules[0];
    if (!molecule) return null;
    const defaultZ = json.defaults.atom.z;
    const atoms = molecule.atoms.map((a) => ({
      z: a.z ?? defaultZ,
      charge: a.chg ?? 0,
      isotope: a.isotope ?? 0,
      hydrogens: a.impHs ?? 0,
      radicals: a.nRad ?? 0,
    }));
    const bonds = (molecule.bonds ?? []).map((b) => ({ a: b.atoms![0], b: b.atoms![1], order: b.bo ?? 1 }));
    // Anything but single, double and triple (dative, aromatic left over) is not editable here.
    if (bonds.some((b) => b.order < 1 || b.order > 3)) return null;
    return annotate({ atoms, bonds });
  } catch {
    return null;
  } finally {
    mol.delete();
  }
}

export function annotate(graph: MolGraph): AnnotatedGraph {
  const neighbours: [number, number][][] = graph.atoms.map(() => []);
  graph.bonds.forEach(({ a, b }, bond) => {
    neighbours[a]!.push([b, bond]);
    neighbours[b]!.push([a, bond]);
  });
  // A bond is on a cycle exactly when its ends stay connected without it (molecules are small).
  const ringBond = graph.bonds.map(({ a, b }, bond) => {
    const labels = componentLabels(graph, new Set([bond]));
    return labels[a] === labels[b];
  });
  const ringAtom = graph.atoms.map((_, atom) => neighbours[atom]!.some(([, bond]) => ringBond[bond]));
  return { atoms: graph.atoms, bonds: graph.bonds, neighbours, ringBond, ringAtom };
}

/** Connected-component label per atom, ignoring the bonds in `removed`. */
export function componentLabels(graph: MolGraph, removed: ReadonlySet<number> = new Set()): number[] {
  const parent = graph.atoms.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  graph.bonds.forEach(({ a, b }, bond) => {
    if (!removed.has(bond)) parent[root(a)] = root(b);
  });
  return parent.map((_, i) => root(i));
}

export function bondBetween(graph: MolGraph, a: number, b: number): number {
  return graph.bonds.findIndex((bond) => (bond.a === a && bond.b === b) || (bond.a === b && bond.b === a));
}

/** A copy whose atoms and bonds can be edited without touching the parent. */
export function cloneGraph(graph: MolGraph): MolGraph {
  return { atoms: graph.atoms.map((a) => ({ ...a })), bonds: graph.bonds.map((b) => ({ ...b })) };
}

/**
 * Keeps only `keep` atoms (in the given order) and the bonds among them, renumbered; what RDKit's
 * reaction runner does with atoms it can no longer reach from the mapped ones.
 */
export function inducedSubgraph(graph: MolGraph, keep: readonly number[]): MolGraph {
  const index = new Map(keep.map((atom, i) => [atom, i]));
  return {
    atoms: keep.map((atom) => ({ ...graph.atoms[atom]! })),
    bonds: graph.bonds.flatMap((bond) => {
      const a = index.get(bond.a);
      const b = index.get(bond.b);
      return a === undefined || b === undefined ? [] : [{ a, b, order: bond.order }];
    }),
  };
}

/** The atoms still connected to `atom`, in index order. */
export function componentOf(graph: MolGraph, atom: number): number[] {
  const labels = componentLabels(graph);
  return labels.flatMap((label, i) => (label === labels[atom] ? [i] : []));
}

// Element symbols by atomic number, H to Rn: enough for any drug-like parent.
const SYMBOLS = (
  "H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe " +
  "Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn"
).split(" ");

/**
 * V2000 molblock without coordinates or hydrogen counts, so RDKit derives implicit hydrogens
 * from each atom's default valence and charge. Null for an element beyond Rn.
 */
export function toMolblock(graph: MolGraph): string | null {
  if (graph.atoms.some((a) => a.z < 1 || a.z > SYMBOLS.length)) return null;
  const pad = (value: number, width = 3) => String(value).padStart(width);
  const lines = [
    "",
    "  sieve-optimize",
    "",
    `${pad(graph.atoms.length)}${pad(graph.bonds.length)}  0  0  0  0  0  0  0  0999 V2000`,
  ];
  for (const atom of graph.atoms)
    lines.push(`    0.0000    0.0000    0.0000 ${SYMBOLS[atom.z - 1]!.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`);
  for (const bond of graph.bonds) lines.push(`${pad(bond.a + 1)}${pad(bond.b + 1)}${pad(bond.order)}  0`);
  const charged = graph.atoms.flatMap((a, i) => (a.charge !== 0 ? [[i + 1, a.charge]] : []));
  const isotopes = graph.atoms.flatMap((a, i) => (a.isotope !== 0 ? [[i + 1, a.isotope]] : []));
  // Property lines hold at most eight entries each.
  for (const [tag, entries] of [
    ["CHG", charged],
    ["ISO", isotopes],
  ] as const) {
    for (let i = 0; i < entries.length; i += 8) {
      const chunk = entries.slice(i, i + 8);
      lines.push(
        `M  ${tag}${pad(chunk.length)}${chunk.map(([atom, value]) => `${pad(atom!, 4)}${pad(value!, 4)}`).join("")}`,
      );
    }
  }
  lines.push("M  END");
  return lines.join("\n");
}
