import type { RDKitModule } from "@sieve/chem";
import { componentLabels, type AnnotatedGraph, type MolGraph } from "./mol-graph";
import type { Random } from "./random";
import { acceptChild, DEFAULT_CHILD_LIMITS, type ChildLimits } from "./validity";

/**
 * GB-GA crossover: Jensen, Chem Sci 2019, 10:3567, crossover.py of github.com/jensengroup/GB-GA
 * (`crossover`, `crossover_non_ring`, `crossover_ring`, `cut`, `cut_ring`), done on the Kekulé
 * graph instead of with `FragmentOnBonds` and fragment reaction SMARTS:
 * - non-ring: cut one acyclic single bond (`[*]-;!@[*]`) in each parent and join a fragment of
 *   one to a fragment of the other by a single bond ('[*:1]-[1*].[1*]-[*:2]>>[*:1]-[*:2]');
 * - ring: cut two ring bonds, either the outer bonds of a `[R]@[R]@[R]@[R]` path or both bonds
 *   of a `[R]@[R;!D2]@[R]` path, so that each parent falls into exactly two fragments with two
 *   open valences each, and join two fragments by both pairs of open valences, each new bond
 *   single or double ('[*:1]~[1*].[1*]~[*:2]>>[*:1]-[*:2]' or '…>>[*:1]=[*:2]', intermolecular
 *   then intramolecular). Jensen's code keeps only the double-bond products of the first join
 *   (its product list is reset inside the loop); here all four bond-order pairs are candidates.
 * Each of 10 tries picks ring or non-ring crossover with equal chance; a child equal to a parent
 * does not count. Candidates of a cut are visited in random order and the first acceptable one
 * is kept, which draws the same child as Jensen's random choice among all acceptable ones.
 */

const CROSSOVER_TRIES = 10;
const RING_CUT_TRIES = 10;
/** RDKit sanitisations per cut before cutting again (each candidate costs one). */
const CANDIDATES_PER_CUT = 8;

export interface Parent {
  smiles: string;
  graph: AnnotatedGraph;
}

/** A fragment of a parent: its atoms (parent numbering) and the atom behind each open valence. */
interface Fragment {
  atoms: number[];
  open: number[];
}

/** Removes the cut bonds; the fragments if they leave exactly two, else null. */
function fragments(graph: AnnotatedGraph, cutBonds: number[]): [Fragment, Fragment] | null {
  const labels = componentLabels(graph, new Set(cutBonds));
  const distinct = [...new Set(labels)];
  if (distinct.length !== 2) return null;
  const result = distinct.map((label) => ({
    atoms: labels.flatMap((l, i) => (l === label ? [i] : [])),
    open: [] as number[],
  }));
  for (const bond of cutBonds) {
    const { a, b } = graph.bonds[bond]!;
    if (labels[a] === labels[b]) return null;
    for (const atom of [a, b]) result[distinct.indexOf(labels[atom]!)]!.open.push(atom);
  }
  return [result[0]!, result[1]!];
}

function cutNonRing(graph: AnnotatedGraph, random: Random): [Fragment, Fragment] | null {
  const cuttable = graph.bonds.flatMap((bond, i) => (bond.order === 1 && !graph.ringBond[i] ? [i] : []));
  return cuttable.length === 0 ? null : fragments(graph, [random.pick(cuttable)]);
}

/** Paths of `length` distinct atoms along ring bonds, whose middle atom passes `middleOk`. */
function ringPaths(graph: AnnotatedGraph, length: number, middleOk: (atom: number) => boolean): number[][] {
  const paths: number[][] = [];
  const extend = (path: number[]) => {
    if (path.length === length) return void paths.push([...path]);
    for (const [next, bond] of graph.neighbours[path[path.length - 1]!]!) {
      if (!graph.ringBond[bond] || path.includes(next) || (path.length === 1 && !middleOk(next))) continue;
      path.push(next);
      extend(path);
      path.pop();
    }
  };
  graph.atoms.forEach((_, atom) => graph.ringAtom[atom] && extend([atom]));
  return paths;
}

function cutRing(graph: AnnotatedGraph, random: Random): [Fragment, Fragment] | null {
  for (let attempt = 0; attempt < RING_CUT_TRIES; attempt++) {
    const bond = (a: number, b: number) => graph.neighbours[a]!.find(([n]) => n === b)![1];
    let cut: number[];
    if (random.next() < 0.5) {
      const paths = ringPaths(graph, 4, () => true);
      if (paths.length === 0) return null;
      const [p0, p1, p2, p3] = random.pick(paths) as [number, number, number, number];
      cut = [bond(p0, p1), bond(p2, p3)];
    } else {
      const paths = ringPaths(graph, 3, (atom) => graph.neighbours[atom]!.length !== 2);
      if (paths.length === 0) return null;
      const [p0, p1, p2] = random.pick(paths) as [number, number, number];
      cut = [bond(p0, p1), bond(p1, p2)];
    }
    const parts = fragments(graph, cut);
    if (parts) return parts;
  }
  return null;
}

/** Joins fragment `fa` of graph A to `fb` of graph B with the given [open A, open B, order] bonds. */
function join(a: MolGraph, fa: Fragment, b: MolGraph, fb: Fragment, links: [number, number, number][]): MolGraph {
  const indexA = new Map(fa.atoms.map((atom, i) => [atom, i]));
  const indexB = new Map(fb.atoms.map((atom, i) => [atom, fa.atoms.length + i]));
  const inner = (graph: MolGraph, index: Map<number, number>) =>
    graph.bonds.flatMap((bond) => {
      const x = index.get(bond.a);
      const y = index.get(bond.b);
      return x === undefined || y === undefined ? [] : [{ a: x, b: y, order: bond.order }];
    });
  return {
    atoms: [...fa.atoms.map((i) => ({ ...a.atoms[i]! })), ...fb.atoms.map((i) => ({ ...b.atoms[i]! }))],
    bonds: [
      ...inner(a, indexA),
      ...inner(b, indexB),
      ...links.map(([x, y, order]) => ({ a: indexA.get(x)!, b: indexB.get(y)!, order })),
    ],
  };
}

interface Joining {
  fa: Fragment;
  fb: Fragment;
  links: [number, number, number][];
}

/** Every way of joining a fragment of A to a fragment of B through all their open valences. */
function joinings(cutA: Fragment[], cutB: Fragment[], ring: boolean): Joining[] {
  const result: Joining[] = [];
  for (const fa of cutA) {
    for (const fb of cutB) {
      if (!ring) {
        result.push({ fa, fb, links: [[fa.open[0]!, fb.open[0]!, 1]] });
        continue;
      }
      for (const [b0, b1] of [
        [fb.open[0]!, fb.open[1]!],
        [fb.open[1]!, fb.open[0]!],
      ]) {
        for (const [o0, o1] of [
          [1, 1],
          [1, 2],
          [2, 1],
          [2, 2],
        ]) {
          result.push({
            fa,
            fb,
            links: [
              [fa.open[0]!, b0!, o0!],
              [fa.open[1]!, b1!, o1!],
            ],
          });
        }
      }
    }
  }
  return result;
}

/** One GB-GA crossover child of two parents, as canonical SMILES, or null after 10 failed tries. */
export function crossover(
  rdkit: RDKitModule,
  parentA: Parent,
  parentB: Parent,
  random: Random,
  limits: ChildLimits = DEFAULT_CHILD_LIMITS,
): string | null {
  for (let attempt = 0; attempt < CROSSOVER_TRIES; attempt++) {
    const ring = random.next() >= 0.5;
    const cut = ring ? cutRing : cutNonRing;
    const cutA = cut(parentA.graph, random);
    const cutB = cut(parentB.graph, random);
    if (!cutA || !cutB) continue;
    // Only the joinings actually tried are built.
    for (const { fa, fb, links } of random.shuffle(joinings(cutA, cutB, ring)).slice(0, CANDIDATES_PER_CUT)) {
      const smiles = acceptChild(rdkit, join(parentA.graph, fa, parentB.graph, fb, links), random, limits);
      if (smiles !== null && smiles !== parentA.smiles && smiles !== parentB.smiles) return smiles;
    }
  }
  return null;
}
