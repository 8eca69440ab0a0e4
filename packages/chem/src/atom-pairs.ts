import type { Mol as JSMol } from "@rdkit/rdkit";
import type { MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";

/**
 * Unfolded atom-pair fingerprint (Carhart, Smith & Venkataraghavan, J Chem Inf Comput Sci 1985,
 * 25:64), equal to RDKit's `rdMolDescriptors.GetAtomPairFingerprint(mol, minLength=1,
 * maxLength)`'s non-zero elements (counts, topological distances, chirality off), as GuacaMol's
 * "AP" fingerprint uses it (`maxLength=10`). RDKit.js offers only a folded bit vector, so this ports
 * RDKit 2022.09 `Code/GraphMol/Fingerprints/AtomPairs.cpp` (`getAtomPairFingerprint`) and
 * `FingerprintUtil.cpp` (`getAtomCode`, `getAtomPairCode`, `numPiElectrons`).
 */

/** `atomNumberTypes` of `AtomPairs.h`: the element of each 4-bit type code (a 16th slot holds 0). */
const ATOM_NUMBER_TYPES = [5, 6, 7, 8, 9, 14, 15, 16, 17, 33, 34, 35, 51, 52, 43, 0];
const NUM_TYPE_BITS = 4;
const NUM_PI_BITS = 2;
const NUM_BRANCH_BITS = 3;
const MAX_NUM_PI = (1 << NUM_PI_BITS) - 1;
const MAX_NUM_BRANCHES = (1 << NUM_BRANCH_BITS) - 1;
const CODE_SIZE = NUM_TYPE_BITS + NUM_PI_BITS + NUM_BRANCH_BITS;
const NUM_PATH_BITS = 5;
const AROMATIC_BOND = 12;
const UNSATURATED_SP3_CANDIDATE = new Set([6, 7, 8]);

const sp3Queries = new WeakMap<RDKitModule, JSMol>();

/** `getAtomCode`'s type index: the loop of `AtomPairs.cpp`, which stops at the first larger listed element. */
function typeIndex(atomicNumber: number): number {
  const types = 1 << NUM_TYPE_BITS;
  let index = 0;
  while (index < types) {
    if (ATOM_NUMBER_TYPES[index] === atomicNumber) break;
    if (ATOM_NUMBER_TYPES[index]! > atomicNumber) {
      index = types;
      break;
    }
    index++;
  }
  return index === types ? index - 1 : index;
}

/**
 * RDKit's `numPiElectrons` per atom: 1 for aromatic atoms, 0 for sp3 atoms, else the explicit
 * valence minus the bonds and explicit hydrogens (the bond orders beyond one). Uncharged or
 * charged C, N and O with a multiple bond are never sp3 in RDKit's hybridization rules; for other
 * elements with a multiple bond (sulfoxides, for example, whose sulfur RDKit calls sp3 or sp2
 * depending on conjugation) RDKit.js is asked which atoms it made sp3.
 */
function piElectrons(rdkit: RDKitModule, mol: JSMol, graph: MolGraph): number[] {
  const aromatic = new Set(graph.aromaticAtoms);
  const excess = graph.atomicNumbers.map((_, atom) => {
    if (aromatic.has(atom)) return 0;
    let orders = 0;
    for (const [bond] of graph.neighbours[atom]!) {
      orders += graph.bondTypes[bond] === AROMATIC_BOND ? 1.5 : graph.bondOrders[bond]!;
    }
    return orders - graph.neighbours[atom]!.length;
  });
  let sp3 = new Set<number>();
  if (excess.some((e, atom) => e > 0 && !UNSATURATED_SP3_CANDIDATE.has(graph.atomicNumbers[atom]!))) {
    let query = sp3Queries.get(rdkit);
    if (!query) {
      query = rdkit.get_qmol("[^3]")!;
      sp3Queries.set(rdkit, query);
    }
    // RDKit.js returns "{}", not "[]", when nothing matches (a thioamide of sp2 atoms only, for example).
    const matches: unknown = JSON.parse(mol.get_substruct_matches(query));
    sp3 = new Set(Array.isArray(matches) ? matches.map((m: { atoms: number[] }) => m.atoms[0]!) : []);
  }
  return excess.map((e, atom) => (aromatic.has(atom) ? 1 : sp3.has(atom) ? 0 : Math.trunc(e)));
}

/** Topological distances (bonds on the shortest path) from every atom, by breadth-first search; −1 when unconnected. */
export function topologicalDistances(graph: MolGraph): Int32Array[] {
  const n = graph.atomicNumbers.length;
  return Array.from({ length: n }, (_, start) => {
    const distance = new Int32Array(n).fill(-1);
    distance[start] = 0;
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const atom = queue[head]!;
      for (const [, other] of graph.neighbours[atom]!) {
        if (distance[other] !== -1) continue;
        distance[other] = distance[atom]! + 1;
        queue.push(other);
      }
    }
    return distance;
  });
}

/**
 * Atom-pair code → count for an RDKit.js molecule (owned by the caller) and its graph read with
 * `readMolGraph`: every pair of atoms at topological distance 1 to `maxLength`, coded by both
 * atoms' (element type, π electrons mod 3, heavy-atom degree mod 7) and their distance.
 */
export function atomPairCounts(rdkit: RDKitModule, mol: JSMol, graph: MolGraph, maxLength = 29): Map<number, number> {
  const pi = piElectrons(rdkit, mol, graph);
  const codes = graph.atomicNumbers.map((z, atom) => {
    let code = graph.neighbours[atom]!.length % MAX_NUM_BRANCHES;
    code |= (pi[atom]! % MAX_NUM_PI) << NUM_BRANCH_BITS;
    code |= typeIndex(z) << (NUM_BRANCH_BITS + NUM_PI_BITS);
    return code;
  });
  const distances = topologicalDistances(graph);
  const counts = new Map<number, number>();
  for (let i = 0; i < codes.length; i++) {
    for (let j = i + 1; j < codes.length; j++) {
      const distance = distances[i]![j]!;
      if (distance < 1 || distance > maxLength) continue;
      const low = Math.min(codes[i]!, codes[j]!);
      const high = Math.max(codes[i]!, codes[j]!);
      const code = (distance | (low << NUM_PATH_BITS) | (high << (NUM_PATH_BITS + CODE_SIZE))) >>> 0;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  return counts;
}
