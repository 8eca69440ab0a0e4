import type { MolGraph } from "./morgan-environments";

/**
 * Bertz's molecular complexity index CT (Bertz, J Am Chem Soc 1981, 103:3599), equal to RDKit's
 * `GraphDescriptors.BertzCT(mol)` (Python, RDKit 2022.09 `rdkit/Chem/GraphDescriptors.py`),
 * which GuacaMol's `bertz` descriptor calls: the information content of the atom elements plus
 * that of the bond "connections" (pairs of adjacent bonds and multiple bonds), with atoms grouped
 * into symmetry classes by their sorted bond-order-weighted distances. Ported step by step:
 * `_CreateBondDictEtc`, `_AssignSymmetryClasses`, `_LookUpBondOrder`, `_CalculateEntropies`.
 */

const AROMATIC_BOND = 12;
/** RDKit's `LOCAL_INF`, the distance between unconnected atoms in `getDistanceMat`. */
const UNCONNECTED = 1e8;
/** `BertzCT`'s default cutoff: how many of an atom's sorted distances define its symmetry class. */
const CUTOFF = 100;

/** `InfoEntropy` of RDKit's `ML/InfoTheory` (C version): −Σ p log₂ p over the non-zero counts. */
function infoEntropy(counts: readonly number[]): number {
  let total = 0;
  for (const c of counts) total += c;
  let accum = 0;
  if (total !== 0) {
    for (const c of counts) {
      const p = c / total;
      if (p !== 0) accum += -p * Math.log(p);
    }
  }
  return accum / Math.log(2);
}

/** `_LookUpBondOrder`: 1.5 for aromatic bonds, else the bond order. */
function bondOrder(graph: MolGraph, bond: number): number {
  return graph.bondTypes[bond] === AROMATIC_BOND ? 1.5 : graph.bondTypes[bond]!;
}

/** `_AssignSymmetryClasses`: atoms with the same sorted row of `getDistanceMat(useBO=1)` (4 decimals) share a class. */
function symmetryClasses(graph: MolGraph): number[] {
  const n = graph.atomicNumbers.length;
  const d = new Float64Array(n * n).fill(UNCONNECTED);
  for (let i = 0; i < n; i++) d[i * n + i] = 0;
  graph.bondAtoms.forEach(([i, j], bond) => {
    const contribution = graph.bondTypes[bond] === AROMATIC_BOND ? 1 / 1.5 : 1 / graph.bondTypes[bond]!;
    d[i * n + j] = contribution;
    d[j * n + i] = contribution;
  });
  // Floyd–Warshall, as RDKit's `FloydWarshall` (row and column k do not change in round k).
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const ik = d[i * n + k]!;
      for (let j = 0; j < n; j++) {
        const through = ik + d[k * n + j]!;
        if (through < d[i * n + j]!) d[i * n + j] = through;
      }
    }
  }
  const keys = new Map<string, number>();
  return Array.from({ length: n }, (_, i) => {
    const row = Array.from(d.subarray(i * n, (i + 1) * n)).sort((a, b) => a - b);
    const key = row
      .slice(0, CUTOFF)
      .map((x) => x.toFixed(4))
      .join(",");
    let index = keys.get(key);
    if (index === undefined) {
      index = keys.size + 1;
      keys.set(key, index);
    }
    return index;
  });
}

/** BertzCT of a molecule graph read with `readMolGraph` (no hydrogen atoms in the graph, as RDKit parses SMILES). */
export function bertzCT(graph: MolGraph): number {
  const n = graph.atomicNumbers.length;
  if (n < 2) return 0;
  const classes = symmetryClasses(graph);
  // Neighbours in ascending index order, with the bond to each (`_CreateBondDictEtc` sorts them).
  const neighbours = graph.neighbours.map((list) => [...list].sort((p, q) => p[1] - q[1]));
  const atomTypes = new Map<number, number>();
  const connections = new Map<string, number>();
  const addConnection = (key: string, value: number) => connections.set(key, (connections.get(key) ?? 0) + value);
  for (let atom = 0; atom < n; atom++) {
    const z = graph.atomicNumbers[atom]!;
    atomTypes.set(z, (atomTypes.get(z) ?? 0) + 1);
    const hinge = classes[atom]!;
    const list = neighbours[atom]!;
    for (let i = 0; i < list.length; i++) {
      const [bondI, neighbourI] = list[i]!;
      const classI = classes[neighbourI]!;
      const orderI = bondOrder(graph, bondI);
      if (orderI > 1 && neighbourI > atom) {
        addConnection(`${Math.min(hinge, classI)},${Math.max(hinge, classI)}`, (orderI * (orderI - 1)) / 2);
      }
      for (let j = i + 1; j < list.length; j++) {
        const [bondJ, neighbourJ] = list[j]!;
        const classJ = classes[neighbourJ]!;
        addConnection(
          `${Math.min(classI, classJ)},${hinge},${Math.max(classI, classJ)}`,
          orderI * bondOrder(graph, bondJ),
        );
      }
    }
  }
  const connectionCounts = connections.size === 0 ? [1] : [...connections.values()];
  let total = 0;
  for (const c of connectionCounts) total += c;
  const connectionIE = total * (infoEntropy(connectionCounts) + Math.log(total) / Math.log(2));
  const atomTypeIE = n * infoEntropy([...atomTypes.values()]);
  return atomTypeIE + connectionIE;
}
