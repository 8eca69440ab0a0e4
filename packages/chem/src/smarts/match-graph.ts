import type { MolGraph } from "../morgan-environments";

/** The atom and bond properties SMARTS primitives test, as typed arrays over the molecule. */
export interface MatchGraph {
  atomCount: number;
  atomicNumber: Int32Array;
  aromatic: Uint8Array;
  charge: Int32Array;
  isotope: Int32Array;
  /** `H`: hydrogens on the atom plus H atoms bonded to it (`getTotalNumHs(true)`). */
  totalHs: Int32Array;
  /** `D`: bonds to atoms in the graph (`getDegree`). */
  degree: Int32Array;
  /** `X`: degree plus hydrogens on the atom (`getTotalDegree`). */
  totalDegree: Int32Array;
  /** `v`: total valence (Kekulé bond orders plus hydrogens on the atom). */
  valence: Int32Array;
  /** `R n`: number of rings of RDKit's ring set containing the atom. */
  ringCount: Int32Array;
  /** `r n`: size of the smallest such ring, 0 outside rings. */
  minRingSize: Int32Array;
  /** Adjacency in compressed rows: the neighbours of atom i are adjAtom[adjStart[i] .. adjStart[i + 1]). */
  adjStart: Int32Array;
  adjAtom: Int32Array;
  adjBond: Int32Array;
  /** 1 single, 2 double, 3 triple, 12 aromatic, 0 anything else. */
  bondType: Uint8Array;
  bondInRing: Uint8Array;
  /** Per recursive SMARTS id: 0 unknown, 1 matches, 2 does not, for each atom. */
  recursion: (Uint8Array | undefined)[];
}

export const AROMATIC_BOND = 12;

/**
 * Atom classes, 2 × atomic number + aromatic flag: what the cheapest screens look at. A pattern
 * atom's class set is a necessary condition read from its expression (null: any class).
 */
export const CLASS_COUNT = 2 * 128;

/**
 * Whether the matcher models every atom and bond of the molecule: no dummy atoms (atomic number
 * 0), and only single, double, triple and aromatic bonds (not dative, zero-order, quadruple ...,
 * whose valence contributions RDKit counts its own way). Callers use RDKit.js for the others.
 */
export function matchGraphApplies(graph: MolGraph): boolean {
  for (const z of graph.atomicNumbers) if (z < 1 || z >= CLASS_COUNT / 2) return false;
  for (const order of graph.bondOrders) if (order !== 1 && order !== 2 && order !== 3) return false;
  return true;
}

/** Builds the match graph of a molecule as RDKit.js holds it (hydrogens implicit, except H atoms it kept). */
export function matchGraphOf(graph: MolGraph): MatchGraph {
  const n = graph.atomicNumbers.length;
  const bondCount = graph.bondAtoms.length;
  const atomicNumberArray = Int32Array.from(graph.atomicNumbers);
  const aromatic = new Uint8Array(n);
  for (const atom of graph.aromaticAtoms) aromatic[atom] = 1;
  const charge = Int32Array.from(graph.formalCharges);
  const isotope = Int32Array.from(graph.isotopes);
  const attachedHs = graph.attachedHs;
  const bondType = new Uint8Array(bondCount);
  for (let b = 0; b < bondCount; b++) {
    const type = graph.bondTypes[b]!;
    bondType[b] = type === 1 || type === 2 || type === 3 || type === AROMATIC_BOND ? type : 0;
  }
  const { ringCount, minRingSize, bondInRing } = ringMembership(graph, n, bondCount);

  const adjStart = new Int32Array(n + 1);
  for (let atom = 0; atom < n; atom++) adjStart[atom + 1] = adjStart[atom]! + graph.neighbours[atom]!.length;
  const adjAtom = new Int32Array(adjStart[n]!);
  const adjBond = new Int32Array(adjStart[n]!);
  const totalHs = new Int32Array(n);
  const degree = new Int32Array(n);
  const totalDegree = new Int32Array(n);
  const valence = new Int32Array(n);
  for (let atom = 0; atom < n; atom++) {
    const neighbours = graph.neighbours[atom]!;
    let hNeighbours = 0;
    let bondValence = 0;
    let k = adjStart[atom]!;
    for (const [bond, other] of neighbours) {
      adjAtom[k] = other;
      adjBond[k++] = bond;
      if (graph.atomicNumbers[other] === 1) hNeighbours++;
      bondValence += graph.bondOrders[bond]!;
    }
    const hs = attachedHs[atom]!;
    totalHs[atom] = hs + hNeighbours;
    degree[atom] = neighbours.length;
    totalDegree[atom] = neighbours.length + hs;
    valence[atom] = bondValence + hs;
  }
  return {
    atomCount: n,
    atomicNumber: atomicNumberArray,
    aromatic,
    charge,
    isotope,
    totalHs,
    degree,
    totalDegree,
    valence,
    ringCount,
    minRingSize,
    adjStart,
    adjAtom,
    adjBond,
    bondType,
    bondInRing,
    recursion: [],
  };
}

/**
 * The same graph after RDKit's `MolOps::addHs`: every hydrogen on an atom becomes an H atom,
 * appended after the existing atoms in the order of the atoms that carry them. Degree and
 * valence of the heavy atoms now count those H atoms; H counts and total degree are unchanged.
 */
export function withExplicitHydrogens(g: MatchGraph, graph: MolGraph): MatchGraph {
  const n = g.atomCount;
  let added = 0;
  for (let atom = 0; atom < n; atom++) added += graph.attachedHs[atom]!;
  if (added === 0) return g;
  const total = n + added;
  const bondCount = g.bondType.length;
  const grow = (source: Int32Array, fill: number) => {
    const out = new Int32Array(total);
    out.set(source);
    if (fill !== 0) out.fill(fill, n);
    return out;
  };
  const atomicNumberArray = grow(g.atomicNumber, 1);
  const aromatic = new Uint8Array(total);
  aromatic.set(g.aromatic);
  const degree = new Int32Array(total);
  const bondType = new Uint8Array(bondCount + added);
  bondType.set(g.bondType);
  bondType.fill(1, bondCount);
  const bondInRing = new Uint8Array(bondCount + added);
  bondInRing.set(g.bondInRing);

  const adjStart = new Int32Array(total + 1);
  for (let atom = 0; atom < n; atom++) {
    const hs = graph.attachedHs[atom]!;
    degree[atom] = g.degree[atom]! + hs;
    adjStart[atom + 1] = adjStart[atom]! + degree[atom]!;
  }
  for (let atom = n; atom < total; atom++) {
    degree[atom] = 1;
    adjStart[atom + 1] = adjStart[atom]! + 1;
  }
  const adjAtom = new Int32Array(adjStart[total]!);
  const adjBond = new Int32Array(adjStart[total]!);
  let hydrogen = n;
  let bond = bondCount;
  for (let atom = 0; atom < n; atom++) {
    let k = adjStart[atom]!;
    for (let j = g.adjStart[atom]!; j < g.adjStart[atom + 1]!; j++) {
      adjAtom[k] = g.adjAtom[j]!;
      adjBond[k++] = g.adjBond[j]!;
    }
    for (let h = graph.attachedHs[atom]!; h > 0; h--, hydrogen++, bond++) {
      adjAtom[k] = hydrogen;
      adjBond[k++] = bond;
      adjAtom[adjStart[hydrogen]!] = atom;
      adjBond[adjStart[hydrogen]!] = bond;
    }
  }
  return {
    atomCount: total,
    atomicNumber: atomicNumberArray,
    aromatic,
    charge: grow(g.charge, 0),
    isotope: grow(g.isotope, 0),
    totalHs: grow(g.totalHs, 0),
    degree,
    totalDegree: grow(g.totalDegree, 1),
    valence: grow(g.valence, 1),
    ringCount: grow(g.ringCount, 0),
    minRingSize: grow(g.minRingSize, 0),
    adjStart,
    adjAtom,
    adjBond,
    bondType,
    bondInRing,
    recursion: [],
  };
}

function ringMembership(graph: MolGraph, n: number, bondCount: number) {
  const ringCount = new Int32Array(n);
  const minRingSize = new Int32Array(n);
  const bondInRing = new Uint8Array(bondCount);
  for (const ring of graph.atomRings) {
    const size = ring.length;
    for (let k = 0; k < size; k++) {
      const atom = ring[k]!;
      ringCount[atom]!++;
      if (minRingSize[atom] === 0 || size < minRingSize[atom]!) minRingSize[atom] = size;
      const next = ring[(k + 1) % size]!;
      for (const [bond, other] of graph.neighbours[atom]!) {
        if (other === next) {
          bondInRing[bond] = 1;
          break;
        }
      }
    }
  }
  return { ringCount, minRingSize, bondInRing };
}

/** The atom's class, 2 × atomic number + aromatic flag. */
export function classOf(g: MatchGraph, atom: number): number {
  return 2 * g.atomicNumber[atom]! + g.aromatic[atom]!;
}
