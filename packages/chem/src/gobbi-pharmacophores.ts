import type { Mol as JSMol } from "@rdkit/rdkit";
import { topologicalDistances } from "./atom-pairs";
import type { MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";

/**
 * Gobbi & Poppinger's 2D pharmacophore fingerprint (Biotechnol Bioeng 1998, 61:47) as RDKit
 * builds it: `Generate.Gen2DFingerprint(mol, Gobbi_Pharm2D.factory)`, GuacaMol's "PHCO"
 * fingerprint. RDKit.js offers no pharmacophore fingerprint, so this ports RDKit 2022.09
 * `rdkit/Chem/Pharm2D` (Gobbi_Pharm2D.py, SigFactory.py, Generate.py, Utils.py): the feature
 * SMARTS are matched by RDKit.js, the rest is done here. Every 2- and 3-point combination of
 * distinct feature atoms whose topological distances all lie in [2, 100) sets one bit, numbered
 * as RDKit numbers it (39,972 bits), so the bit sets themselves equal RDKit's.
 */

/** Gobbi_Pharm2D.py's feature definitions, by family, in RDKit's sorted family order (one atom each). */
const FEATURE_SMARTS: readonly (readonly [family: string, smarts: string])[] = [
  ["AG", "[$([C,S](=[O,S,P])-[O;H1])]"],
  ["AR", "[$([a;D3](@*)(@*)*)]"],
  [
    "BG",
    "[$([N;H2&+0][$([C,a]);!$([C,a](=O))]),$([N;H1&+0]([$([C,a]);!$([C,a](=O))])[$([C,a]);!$([C,a](=O))]),$([N;H0&+0]([C;!$(C(=O))])([C;!$(C(=O))])[C;!$(C(=O))]),$([N,n;X2;+0])]",
  ],
  [
    "HA",
    "[$([O,S;H1;v2]-[!$(*=[O,N,P,S])]),$([O,S;H0;v2]),$([O,S;-]),$([N&v3;H1,H2]-[!$(*=[O,N,P,S])]),$([N;v3;H0]),$([n,o,s;+0]),F]",
  ],
  ["HD", "[$([N;!H0;v3]),$([N;!H0;+1;v4]),$([O,S;H1;+0]),$([n;H1;+0])]"],
  ["LH", "[$([C;H2,H1](!=*)[C;H2,H1][C;H2,H1][$([C;H1,H2,H3]);!$(C=*)]),$(C([C;H2,H3])([C;H2,H3])[C;H2,H3])]"],
  ["RR", "[$([A;D3](@*)(@*)*)]"],
  ["X", "[!#1;!#6;!#7;!#8;!#9;!#16;!#17;!#35;!#53]"],
];
const FAMILIES = FEATURE_SMARTS.length;
/** Gobbi_Pharm2D.defaultBins: topological distance bins [low, high). */
const DISTANCE_BINS: readonly (readonly [number, number])[] = [
  [2, 3],
  [3, 4],
  [4, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [8, 100],
];
const MIN_DISTANCE = DISTANCE_BINS[0]![0];
const MAX_DISTANCE = DISTANCE_BINS.at(-1)![1];
/** Where the last, open-ended bin starts; every bin before it is one bond wide. */
const LAST_BIN_START = DISTANCE_BINS.at(-1)![0];
const BINS = DISTANCE_BINS.length;

/** The bin of a topological distance in [MIN_DISTANCE, MAX_DISTANCE). */
function binOf(distance: number): number {
  return distance >= LAST_BIN_START ? BINS - 1 : distance - MIN_DISTANCE;
}

/**
 * Utils.GetIndexCombinations: the non-decreasing family tuples of `size` families, in RDKit's
 * order, as index by base-`FAMILIES` code.
 */
function familyComboIndex(size: number): Map<number, number> {
  const index = new Map<number, number>();
  const visit = (prefix: number[]) => {
    if (prefix.length === size) {
      index.set(
        prefix.reduce((code, family) => code * FAMILIES + family, 0),
        index.size,
      );
      return;
    }
    for (let family = prefix.at(-1) ?? 0; family < FAMILIES; family++) visit([...prefix, family]);
  };
  visit([]);
  return index;
}
const PAIR_COMBOS = familyComboIndex(2);
const TRIPLE_COMBOS = familyComboIndex(3);

/**
 * Utils.GetPossibleScaffolds(3, bins): the bin triples (d01, d02, d12) that pass the binned
 * triangle inequality, in RDKit's order; −1 for the others (no real molecule reaches them).
 */
const TRIANGLE_SCAFFOLDS = (() => {
  const index = new Int16Array(BINS ** 3).fill(-1);
  const fits = (a: number, b: number, c: number) => DISTANCE_BINS[a]![1] + DISTANCE_BINS[b]![1] >= DISTANCE_BINS[c]![0];
  let next = 0;
  for (let a = 0; a < BINS; a++)
    for (let b = 0; b < BINS; b++)
      for (let c = 0; c < BINS; c++)
        if (fits(a, b, c) && fits(b, c, a) && fits(c, a, b)) index[(a * BINS + b) * BINS + c] = next++;
  return { index, count: next };
})();
const TRIPLE_START = PAIR_COMBOS.size * BINS;
/** SigFactory.GetSigSize() of the Gobbi factory: 2- and 3-point pharmacophores. */
export const GOBBI_FINGERPRINT_SIZE = TRIPLE_START + TRIPLE_COMBOS.size * TRIANGLE_SCAFFOLDS.count;

/**
 * Utils.OrderTriangle: RDKit's canonical order of a triangle's raw distances (d01, d02, d12) given
 * its sorted families, so that equivalent atom orders give one bit. Returns the reordered distances.
 */
function orderTriangle(f0: number, f1: number, f2: number, d01: number, d02: number, d12: number): number[] {
  const d = [d01, d02, d12];
  let order: readonly number[];
  if (f0 !== f1 && f1 !== f2) return d;
  if (f0 === f1 && f1 === f2) {
    const sums = [d01 + d02, d01 + d12, d02 + d12];
    const most = Math.max(...sums);
    if (sums[0] === most) order = d01 > d02 ? [0, 1, 2] : [1, 0, 2];
    else if (sums[1] === most) order = d01 > d12 ? [0, 2, 1] : [2, 0, 1];
    else order = d02 > d12 ? [1, 2, 0] : [2, 1, 0];
  } else if (f0 === f1) {
    order = d02 > d12 ? [0, 1, 2] : [0, 2, 1];
  } else {
    order = d01 > d02 ? [0, 1, 2] : [1, 0, 2];
  }
  return order.map((i) => d[i]!);
}

const featureQueries = new WeakMap<RDKitModule, JSMol[]>();

/** The atoms of each feature family (RDKit.js matches of the single-atom feature SMARTS). */
function featureAtoms(rdkit: RDKitModule, mol: JSMol): number[][] {
  let queries = featureQueries.get(rdkit);
  if (!queries) {
    queries = FEATURE_SMARTS.map(([family, smarts]) => {
      const query = rdkit.get_qmol(smarts);
      if (!query) throw new Error(`RDKit rejected the Gobbi ${family} SMARTS`);
      return query;
    });
    featureQueries.set(rdkit, queries);
  }
  return queries.map((query) => {
    // RDKit.js returns "{}", not "[]", when nothing matches.
    const matches: unknown = JSON.parse(mol.get_substruct_matches(query));
    return Array.isArray(matches) ? matches.map((m: { atoms: number[] }) => m.atoms[0]!).sort((a, b) => a - b) : [];
  });
}

/**
 * The on bits of RDKit's Gobbi 2D pharmacophore fingerprint for an RDKit.js molecule (owned by
 * the caller) and its graph read with `readMolGraph`.
 */
export function gobbiPharmacophoreBits(rdkit: RDKitModule, mol: JSMol, graph: MolGraph): Set<number> {
  const features = featureAtoms(rdkit, mol).flatMap((atoms, family) => atoms.map((atom) => ({ family, atom })));
  const bits = new Set<number>();
  if (features.length < 2) return bits;
  const distances = topologicalDistances(graph);
  // Generate._ShortestPathsMatch: a combination counts only when every distance is in [2, 100).
  const usable = (distance: number) => distance >= MIN_DISTANCE && distance < MAX_DISTANCE;
  for (let i = 0; i < features.length; i++) {
    const a = features[i]!;
    const fromA = distances[a.atom]!;
    for (let j = i + 1; j < features.length; j++) {
      const b = features[j]!;
      const ab = fromA[b.atom]!;
      if (!usable(ab)) continue;
      bits.add(PAIR_COMBOS.get(a.family * FAMILIES + b.family)! * BINS + binOf(ab));
      const fromB = distances[b.atom]!;
      for (let k = j + 1; k < features.length; k++) {
        const c = features[k]!;
        const ac = fromA[c.atom]!;
        const bc = fromB[c.atom]!;
        if (!usable(ac) || !usable(bc)) continue;
        const [d01, d02, d12] = orderTriangle(a.family, b.family, c.family, ab, ac, bc).map(binOf);
        const scaffold = TRIANGLE_SCAFFOLDS.index[(d01! * BINS + d02!) * BINS + d12!]!;
        const combo = TRIPLE_COMBOS.get((a.family * FAMILIES + b.family) * FAMILIES + c.family)!;
        bits.add(TRIPLE_START + combo * TRIANGLE_SCAFFOLDS.count + scaffold);
      }
    }
  }
  return bits;
}

/** Tanimoto similarity of two bit sets, as RDKit's `DataStructs.TanimotoSimilarity` of SparseBitVects (1 when both are empty). */
export function bitSetTanimoto(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let common = 0;
  for (const bit of a) if (b.has(bit)) common++;
  const either = a.size + b.size - common;
  return either === 0 ? 1 : common / either;
}
