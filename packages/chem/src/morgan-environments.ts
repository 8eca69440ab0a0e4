import type { Mol as JSMol } from "@rdkit/rdkit";
import type { RDKitModule } from "./rdkit";

/**
 * Unfolded Morgan (ECFP-like) environment ids, equal to RDKit's
 * `rdMolDescriptors.GetMorganFingerprint(mol, radius).GetNonzeroElements()`
 * (count-based, 32-bit ids, connectivity invariants, bond types on, chirality off).
 *
 * RDKit.js exposes only folded fingerprints, so this ports the algorithm of RDKit
 * 2022.09 `Code/GraphMol/Fingerprints/MorganFingerprints.cpp` (`calcFingerprint`)
 * and `FingerprintUtil.cpp` (`getConnectivityInvariants`), with the 32-bit
 * `gboost::hash_combine` of `Code/RDGeneral/hash/hash.hpp`. The ids are what
 * RDKit's SA-score fragment table is keyed by.
 */

/** The molecular graph (atoms as RDKit.js holds them) the Morgan port and the SA score need. */
export interface MolGraph {
  atomicNumbers: number[];
  /** Hydrogens counted on the atom itself (implicit plus explicit-in-brackets), not H atoms in the graph. */
  attachedHs: number[];
  formalCharges: number[];
  isotopes: number[];
  /** RDKit `Bond::BondType` values: 1 single, 2 double, 3 triple, 12 aromatic, 17 dative, ... */
  bondTypes: number[];
  /** Bond orders as RDKit.js's JSON writes them: Kekulé orders, or the bond type for unusual bonds. */
  bondOrders: number[];
  bondAtoms: [number, number][];
  /** Atoms RDKit marked aromatic. */
  aromaticAtoms: number[];
  /** Per atom, [bond index, neighbour atom] pairs. */
  neighbours: [number, number][][];
  /** RDKit's ring set (symmetrized SSSR) as atom index lists, ring bonds in order. */
  atomRings: number[][];
  /** RDKit's legacy CIP ranks (`_CIPRank`), present when RDKit saw a possible stereocentre. */
  cipRanks?: number[];
}

const AROMATIC_BOND = 12;

interface RDKitJsonAtom {
  z?: number;
  impHs?: number;
  chg?: number;
  isotope?: number;
}
interface RDKitJson {
  defaults: { atom: Required<RDKitJsonAtom>; bond: { bo: number } };
  molecules: {
    atoms: RDKitJsonAtom[];
    bonds?: { bo?: number; atoms: [number, number] }[];
    extensions?: {
      name: string;
      aromaticAtoms?: number[];
      aromaticBonds?: number[];
      atomRings?: number[][];
      cipRanks?: number[];
    }[];
  }[];
}

/** Reads the molecule graph from RDKit.js's JSON, which carries aromaticity and rings. */
export function readMolGraph(mol: JSMol): MolGraph {
  const json = JSON.parse(mol.get_json()) as RDKitJson;
  const molecule = json.molecules[0];
  if (!molecule) throw new Error("RDKit JSON holds no molecule");
  const atomDefaults = json.defaults.atom;
  const representation = molecule.extensions?.find((e) => e.name === "rdkitRepresentation");
  const aromaticBonds = new Set(representation?.aromaticBonds ?? []);
  const bonds = molecule.bonds ?? [];
  const neighbours: [number, number][][] = molecule.atoms.map(() => []);
  bonds.forEach(({ atoms: [a, b] }, bondIdx) => {
    neighbours[a]?.push([bondIdx, b]);
    neighbours[b]?.push([bondIdx, a]);
  });
  return {
    atomicNumbers: molecule.atoms.map((a) => a.z ?? atomDefaults.z),
    attachedHs: molecule.atoms.map((a) => a.impHs ?? atomDefaults.impHs),
    formalCharges: molecule.atoms.map((a) => a.chg ?? atomDefaults.chg),
    isotopes: molecule.atoms.map((a) => a.isotope ?? atomDefaults.isotope),
    bondTypes: bonds.map((b, i) => (aromaticBonds.has(i) ? AROMATIC_BOND : (b.bo ?? json.defaults.bond.bo))),
    bondOrders: bonds.map((b) => b.bo ?? json.defaults.bond.bo),
    bondAtoms: bonds.map((b) => b.atoms),
    aromaticAtoms: representation?.aromaticAtoms ?? [],
    neighbours,
    atomRings: representation?.atomRings ?? [],
    cipRanks: representation?.cipRanks,
  };
}

/** `gboost::hash_combine` on RDKit's 32-bit `hash_result_t`. */
function hashCombine(seed: number, value: number): number {
  return (seed ^ ((value >>> 0) + 0x9e3779b9 + ((seed << 6) >>> 0) + (seed >>> 2))) >>> 0;
}

/** `gboost::hash_value(std::pair<int32_t, uint32_t>)`. */
function hashPair(first: number, second: number): number {
  return hashCombine(hashCombine(0, first), second);
}

/**
 * `int(isotope mass − average atomic weight)` per (element, isotope), as RDKit's
 * invariant uses it. Isotopes are rare, so each is asked of RDKit once and cached
 * rather than shipping a mass table that could drift from RDKit's.
 */
const deltaMassCache = new Map<string, number>();

function deltaMass(rdkit: RDKitModule, atomicNumber: number, isotope: number): number {
  if (isotope === 0) return 0;
  const key = `${atomicNumber}:${isotope}`;
  let delta = deltaMassCache.get(key);
  if (delta === undefined) {
    const mass = (iso: number) => {
      const atom = JSON.stringify({
        rdkitjson: { version: 12 },
        defaults: {
          atom: { z: 6, impHs: 0, chg: 0, nRad: 0, isotope: 0, stereo: "unspecified" },
          bond: { bo: 1, stereo: "unspecified" },
        },
        molecules: [{ atoms: [{ z: atomicNumber, isotope: iso }], bonds: [] }],
      });
      const single = rdkit.get_mol(atom);
      if (!single) throw new Error(`RDKit cannot build element ${atomicNumber}`);
      try {
        return (JSON.parse(single.get_descriptors()) as { amw: number }).amw;
      } finally {
        single.delete();
      }
    };
    delta = Math.trunc(mass(isotope) - mass(0));
    deltaMassCache.set(key, delta);
  }
  return delta;
}

/** RDKit's `getConnectivityInvariants` with ring membership (the Morgan default). */
function connectivityInvariants(rdkit: RDKitModule, graph: MolGraph): Uint32Array {
  const inRing = new Uint8Array(graph.atomicNumbers.length);
  for (const ring of graph.atomRings) for (const atom of ring) inRing[atom] = 1;
  return Uint32Array.from(graph.atomicNumbers, (z, i) => {
    const neighbours = graph.neighbours[i] ?? [];
    // getTotalNumHs(true) also counts hydrogens present as graph atoms.
    const hydrogenNeighbours = neighbours.filter(([, other]) => graph.atomicNumbers[other] === 1).length;
    const attachedHs = graph.attachedHs[i] ?? 0;
    let seed = 0;
    seed = hashCombine(seed, z);
    seed = hashCombine(seed, neighbours.length + attachedHs);
    seed = hashCombine(seed, attachedHs + hydrogenNeighbours);
    seed = hashCombine(seed, graph.formalCharges[i] ?? 0);
    seed = hashCombine(seed, deltaMass(rdkit, z, graph.isotopes[i] ?? 0));
    if (inRing[i]) seed = hashCombine(seed, 1);
    return seed;
  });
}

/** Morgan environment id → count for a graph already read with {@link readMolGraph}. */
export function morganCountsOfGraph(rdkit: RDKitModule, graph: MolGraph, radius = 2): Map<number, number> {
  const nAtoms = graph.atomicNumbers.length;
  const words = Math.max(1, Math.ceil(graph.bondTypes.length / 32));
  const counts = new Map<number, number>();
  const add = (id: number) => counts.set(id, (counts.get(id) ?? 0) + 1);

  let invariants = connectivityInvariants(rdkit, graph);
  invariants.forEach(add);

  // Bond sets of environments already counted: an environment covering exactly the
  // same bonds as an earlier one is redundant, and its centre atom stops growing.
  const seen = new Set<string>();
  let neighbourhoods = Array.from({ length: nAtoms }, () => new Uint32Array(words));
  const dead = new Uint8Array(nAtoms);

  for (let layer = 0; layer < radius; layer++) {
    // Atoms that are dead keep invariant 0 for the next round, as in RDKit.
    const roundInvariants = new Uint32Array(nAtoms);
    const roundNeighbourhoods = neighbourhoods.slice();
    const candidates: { key: string; invariant: number; atom: number }[] = [];

    for (let atom = 0; atom < nAtoms; atom++) {
      if (dead[atom]) continue;
      const bonds = graph.neighbours[atom] ?? [];
      if (bonds.length === 0) {
        dead[atom] = 1;
        continue;
      }
      const grown = Uint32Array.from(neighbourhoods[atom] ?? []);
      const pairs: [number, number][] = [];
      for (const [bond, other] of bonds) {
        grown[bond >>> 5]! |= 1 << (bond & 31);
        const otherHood = neighbourhoods[other]!;
        for (let w = 0; w < words; w++) grown[w]! |= otherHood[w]!;
        pairs.push([graph.bondTypes[bond]!, invariants[other]!]);
      }
      pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      let invariant = hashCombine(layer, invariants[atom]!);
      for (const [bondType, otherInvariant] of pairs)
        invariant = hashCombine(invariant, hashPair(bondType, otherInvariant));
      roundInvariants[atom] = invariant;
      roundNeighbourhoods[atom] = grown;
      const key = grown.join(",");
      candidates.push({ key, invariant, atom });
      if (seen.has(key)) dead[atom] = 1;
    }

    // RDKit sorts by (bond set, invariant, atom): among equal bond sets the smallest
    // invariant is counted; the order between different bond sets does not matter.
    candidates.sort((p, q) => p.invariant - q.invariant || p.atom - q.atom);
    for (const { key, invariant, atom } of candidates) {
      if (seen.has(key)) {
        dead[atom] = 1;
      } else {
        add(invariant);
        seen.add(key);
      }
    }
    invariants = roundInvariants;
    neighbourhoods = roundNeighbourhoods;
  }
  return counts;
}

/**
 * Morgan environment id → count for an RDKit.js molecule the caller owns (not deleted here),
 * equal to RDKit's `GetMorganFingerprint(mol, radius).GetNonzeroElements()`.
 */
export function morganEnvironmentCounts(rdkit: RDKitModule, mol: JSMol, radius = 2): Map<number, number> {
  return morganCountsOfGraph(rdkit, readMolGraph(mol), radius);
}
