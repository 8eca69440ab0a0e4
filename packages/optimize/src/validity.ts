import { hasUnstableGroup, type RDKitModule } from "@sieve/chem";
import { cachePerModule } from "./bounded-cache";
import type { Random } from "./random";
import { componentLabels, toMolblock, type MolGraph } from "./mol-graph";

/**
 * Which children the operators may return. GB-GA (Jensen, Chem Sci 2019, 10:3567; `mol_ok` and
 * `ring_OK` in crossover.py of github.com/jensengroup/GB-GA) accepts a child that RDKit can
 * sanitise, has more than 5 atoms and fewer than a size drawn from N(mean, sd) — the
 * "average-size control" that keeps the population near drug size — and has no ring allene,
 * no ring over 6 atoms and no double bond inside a 3- or 4-ring. Sieve adds: one connected
 * molecule, a hard ceiling on heavy atoms, no radicals, and no charges except the N⁺/O⁻ of
 * nitro groups and N-oxides, with a net charge of zero.
 */
export interface ChildLimits {
  minHeavyAtoms: number;
  maxHeavyAtoms: number;
  /** GB-GA's size control: N(sizeMean, sizeSd) per child; GuacaMol's defaults are 39.15 and 3.50. */
  sizeMean: number;
  sizeSd: number;
  /**
   * Refuse children carrying an unstable group (`UNSTABLE_GROUPS` of `@sieve/chem`: hypohalites,
   * acyl halides, acyclic S–O and O–O, N–N–N chains, polyenes …), so that operators do not spend
   * oracle calls on them. Off for the GB-GA baseline, on in product runs with the filters on.
   */
  avoidUnstableGroups: boolean;
}

export const DEFAULT_CHILD_LIMITS: ChildLimits = {
  minHeavyAtoms: 6,
  maxHeavyAtoms: 60,
  sizeMean: 39.15,
  sizeSd: 3.5,
  avoidUnstableGroups: false,
};

const RING_PATTERNS = ["[R]=[R]=[R]", "[r3,r4]=[r3,r4]", "[r{7-}]"];
type QueryMol = NonNullable<ReturnType<RDKitModule["get_qmol"]>>;
const compiledRingPatterns = new WeakMap<RDKitModule, QueryMol[]>();

/** Ring patterns compiled once per RDKit module and kept for its lifetime (never deleted). */
function ringPatterns(rdkit: RDKitModule): QueryMol[] {
  let patterns = compiledRingPatterns.get(rdkit);
  if (!patterns) {
    patterns = RING_PATTERNS.map((smarts) => {
      const query = rdkit.get_qmol(smarts);
      if (!query) throw new Error(`RDKit rejected the SMARTS ${smarts}`);
      return query;
    });
    compiledRingPatterns.set(rdkit, patterns);
  }
  return patterns;
}

/** Charges Sieve lets a child carry (the nitro group and N-oxide zwitterions of drug molecules). */
function chargesAcceptable(graph: MolGraph): boolean {
  let net = 0;
  for (const atom of graph.atoms) {
    if (atom.radicals !== 0) return false;
    if (atom.charge === 0) continue;
    if (!((atom.z === 7 && atom.charge === 1) || (atom.z === 8 && atom.charge === -1))) return false;
    net += atom.charge;
  }
  return net === 0;
}

/**
 * Highest valence RDKit allows per element (neutral; N⁺ 4, O⁻ 1). Checked before RDKit so that
 * over-bonded products are refused without RDKit logging a sanitisation error for each.
 */
const MAX_VALENCE = new Map([
  [5, 3],
  [6, 4],
  [7, 3],
  [8, 2],
  [9, 1],
  [14, 4],
  [15, 7],
  [16, 6],
  [17, 1],
  [34, 6],
  [35, 1],
  [53, 5],
]);

function bondsAcceptable(graph: MolGraph): boolean {
  // Joining fragments can bond the same two atoms twice, or an atom to itself.
  const pairs = new Set<number>();
  for (const { a, b } of graph.bonds) {
    const key = Math.min(a, b) * 65536 + Math.max(a, b);
    if (a === b || pairs.has(key)) return false;
    pairs.add(key);
  }
  const valence = new Array<number>(graph.atoms.length).fill(0);
  for (const bond of graph.bonds) {
    valence[bond.a]! += bond.order;
    valence[bond.b]! += bond.order;
  }
  return graph.atoms.every((atom, i) => {
    const max = MAX_VALENCE.get(atom.z);
    return max === undefined || valence[i]! <= max + atom.charge;
  });
}

/** RDKit's verdicts on molblocks, per RDKit module (see `acceptChild`). */
const sanitisedChildCache = cachePerModule<RDKitModule, string | null>(4_096);

/**
 * Whether the graph has a shape two of the ring patterns refuse, decided in JavaScript so that
 * RDKit is not asked to sanitise it (half of the operators' products fail those patterns). It
 * only refuses what RDKit would refuse too:
 * - `[R]=[R]=[R]` for a ring carbon with two double bonds to ring atoms: RDKit neither perceives
 *   such a carbon as aromatic (it refuses atoms with two multiple bonds) nor rewrites its bonds;
 * - `[r{7-}]` for a ring atom on no cycle of 6 atoms or fewer: every ring RDKit lists for it is a
 *   cycle through it, so its smallest is 7 or more.
 * Anything else, including double bonds inside 3- and 4-rings (which aromaticity perception can
 * change), is left to RDKit.
 */
export function refusedRingShape(graph: MolGraph): boolean {
  const n = graph.atoms.length;
  const neighbours: [number, number][][] = Array.from({ length: n }, () => []);
  graph.bonds.forEach(({ a, b, order }) => {
    neighbours[a]!.push([b, order]);
    neighbours[b]!.push([a, order]);
  });
  const ring = ringAtoms(neighbours);
  for (let atom = 0; atom < n; atom++) {
    if (!ring[atom]) continue;
    if (graph.atoms[atom]!.z === 6) {
      let ringDoubleBonds = 0;
      for (const [other, order] of neighbours[atom]!) if (order === 2 && ring[other]) ringDoubleBonds++;
      if (ringDoubleBonds >= 2) return true;
    }
    if (!onSmallCycle(neighbours, atom, 6)) return true;
  }
  return false;
}

/** Atoms on a cycle: ends of a bond that is not a bridge (Tarjan's low-link, one DFS per component). */
function ringAtoms(neighbours: [number, number][][]): boolean[] {
  const n = neighbours.length;
  const order = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const ring = new Array<boolean>(n).fill(false);
  let counter = 0;
  const visit = (atom: number, from: number) => {
    order[atom] = low[atom] = counter++;
    for (const [next] of neighbours[atom]!) {
      if (next === from) continue;
      if (order[next] === -1) {
        visit(next, atom);
        low[atom] = Math.min(low[atom]!, low[next]!);
        // The bond atom–next lies on a cycle unless it is a bridge.
        if (low[next]! <= order[atom]!) ring[atom] = ring[next] = true;
      } else {
        low[atom] = Math.min(low[atom]!, order[next]!);
      }
    }
  };
  for (let atom = 0; atom < n; atom++) if (order[atom] === -1) visit(atom, -1);
  return ring;
}

/** Whether `atom` lies on a cycle of at most `maxSize` atoms (breadth-first, by first step away from it). */
function onSmallCycle(neighbours: [number, number][][], atom: number, maxSize: number): boolean {
  const depth = new Map<number, number>([[atom, 0]]);
  const branch = new Map<number, number>();
  const queue: number[] = [];
  for (const [next] of neighbours[atom]!) {
    depth.set(next, 1);
    branch.set(next, next);
    queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const current = queue[head]!;
    const d = depth.get(current)!;
    for (const [next] of neighbours[current]!) {
      if (next === atom) continue;
      const seen = depth.get(next);
      if (seen === undefined) {
        if (2 * (d + 1) > maxSize + 1) continue;
        depth.set(next, d + 1);
        branch.set(next, branch.get(current)!);
        queue.push(next);
      } else if (branch.get(next) !== branch.get(current) && d + seen + 1 <= maxSize) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The canonical SMILES of an edited graph if it is an acceptable child, else null. The cheap
 * graph checks run before RDKit sees the molecule; the size draw consumes one normal deviate.
 */
export function acceptChild(
  rdkit: RDKitModule,
  graph: MolGraph,
  random: Random,
  limits: ChildLimits = DEFAULT_CHILD_LIMITS,
): string | null {
  const size = graph.atoms.length;
  const targetSize = limits.sizeSd * random.normal() + limits.sizeMean;
  if (size < limits.minHeavyAtoms || size > limits.maxHeavyAtoms || size >= targetSize) return null;
  if (!chargesAcceptable(graph) || !bondsAcceptable(graph)) return null;
  const labels = componentLabels(graph);
  if (labels.some((label) => label !== labels[0])) return null;
  if (refusedRingShape(graph)) return null;
  const molblock = toMolblock(graph);
  if (molblock === null) return null;
  // The operators keep making the same products (the same cut of the same parents), so RDKit's
  // verdict on a molblock is kept rather than sanitised again.
  const key = limits.avoidUnstableGroups ? `U${molblock}` : molblock;
  return sanitisedChildCache(rdkit).get(key, () => sanitisedChild(rdkit, molblock, limits.avoidUnstableGroups));
}

/** RDKit's canonical SMILES of a molblock if it sanitises and has none of the refused ring (and unstable) groups. */
function sanitisedChild(rdkit: RDKitModule, molblock: string, avoidUnstableGroups: boolean): string | null {
  const mol = rdkit.get_mol(molblock);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    for (const pattern of ringPatterns(rdkit)) if (mol.get_substruct_match(pattern) !== "{}") return null;
    if (avoidUnstableGroups && hasUnstableGroup(rdkit, mol)) return null;
    return mol.get_smiles();
  } finally {
    mol.delete();
  }
}
