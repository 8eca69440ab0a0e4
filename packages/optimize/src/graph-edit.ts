import { componentOf, inducedSubgraph, type GraphAtom, type MolGraph } from "./mol-graph";

/** One change to a parent graph, in the parent's atom numbering. */
export interface GraphEdit {
  removeBonds?: number[];
  /** Atoms whose bonds all go (their branch is dropped unless still reachable from `keepWith`). */
  removeAtoms?: number[];
  /** New atoms, numbered from the parent's atom count on. */
  addAtoms?: number[];
  /** New bonds [a, b, order]; may name new atoms. */
  addBonds?: [number, number, number][];
  setBondOrder?: [number, number][];
  setElement?: [number, number][];
  /**
   * Atom whose connected component is kept. RDKit's reaction runner keeps only atoms it can reach
   * from the mapped ones, so deleting an atom can drop a branch hanging on it alone.
   */
  keepWith?: number;
}

function newAtom(z: number): GraphAtom {
  return { z, charge: 0, isotope: 0, hydrogens: 0, radicals: 0 };
}

/** The edited copy of a parent; the parent is left untouched. */
export function applyEdit(parent: MolGraph, edit: GraphEdit): MolGraph {
  const removedBonds = new Set(edit.removeBonds ?? []);
  const removedAtoms = new Set(edit.removeAtoms ?? []);
  const atoms = [...parent.atoms.map((a) => ({ ...a })), ...(edit.addAtoms ?? []).map(newAtom)];
  for (const [atom, z] of edit.setElement ?? []) atoms[atom]!.z = z;
  const orders = new Map(edit.setBondOrder ?? []);
  const bonds = parent.bonds.flatMap((bond, i) =>
    removedBonds.has(i) || removedAtoms.has(bond.a) || removedAtoms.has(bond.b)
      ? []
      : [{ ...bond, order: orders.get(i) ?? bond.order }],
  );
  for (const [a, b, order] of edit.addBonds ?? []) bonds.push({ a, b, order });
  const edited = { atoms, bonds };
  if (edit.keepWith !== undefined) return inducedSubgraph(edited, componentOf(edited, edit.keepWith));
  if (removedAtoms.size === 0) return edited;
  return inducedSubgraph(
    edited,
    atoms.flatMap((_, i) => (removedAtoms.has(i) ? [] : [i])),
  );
}
