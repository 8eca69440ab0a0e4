import type { RDKitModule } from "@sieve/chem";
import { applyEdit, type GraphEdit } from "./graph-edit";
import { readKekuleGraph, type AnnotatedGraph } from "./mol-graph";
import type { Random } from "./random";
import { acceptChild, DEFAULT_CHILD_LIMITS, type ChildLimits } from "./validity";

/**
 * GB-GA mutations: Jensen, "A graph-based genetic algorithm and generative model/Monte Carlo tree
 * search for the exploration of chemical space", Chem Sci 2019, 10:3567, mutate.py of
 * github.com/jensengroup/GB-GA as used in GuacaMol (Brown et al., J Chem Inf Model 2019, 59:1096)
 * and PMO (Gao et al., NeurIPS 2022). Each of Jensen's reaction SMARTS, with his probabilities,
 * is matched and applied on the Kekulé graph here (the SMARTS is quoted beside each rule).
 * Jensen enumerates every product of the chosen reaction and picks a random valid one; we visit
 * the matches in random order and keep the first valid product, the same choice by rejection.
 */
export const MUTATION_TYPES = [
  "insert_atom",
  "change_bond_order",
  "delete_cyclic_bond",
  "add_ring",
  "delete_atom",
  "change_atom",
  "append_atom",
] as const;
export type MutationType = (typeof MUTATION_TYPES)[number];
const MUTATION_PROBABILITIES = [0.15, 0.14, 0.14, 0.14, 0.14, 0.14, 0.15];

/** Jensen tries up to 10 reactions before giving up on a parent. */
const MUTATION_TRIES = 10;
/** Matches tried per reaction: each costs an RDKit sanitisation, and the first few nearly always decide. */
const MATCHES_PER_TRY = 6;

/** Every place a rule matches (as atom or bond indices) and what it does at one. */
interface Rule {
  sites: number[][];
  edit: (site: number[]) => GraphEdit;
}

const BOND_ORDER_KINDS = [0.6, 0.35, 0.05]; // single, double, triple
const H = (g: AnnotatedGraph, atom: number) => g.atoms[atom]!.hydrogens;
const degree = (g: AnnotatedGraph, atom: number) => g.neighbours[atom]!.length;
const atomIndices = (g: AnnotatedGraph) => g.atoms.map((_, i) => i);
/** Each bond once per direction, as [a, b, bond], because a SMARTS match is directed. */
const directedBonds = (g: AnnotatedGraph) =>
  g.bonds.flatMap(({ a, b }, i) => [
    [a, b, i],
    [b, a, i],
  ]);

function insertAtom(g: AnnotatedGraph, random: Random): Rule {
  const kind = random.weightedIndex(BOND_ORDER_KINDS);
  const z = random.pick([[6, 7, 8, 16], [6, 7], [6]][kind]!);
  const x = g.atoms.length;
  // [*:1]~[*:2]>>[*:1]X[*:2]; [*;!H0:1]~[*:2]>>[*:1]=X-[*:2]; [*;!R;!H1;!H0:1]~[*:2]>>[*:1]#X-[*:2]
  const allowed = [() => true, (a: number) => H(g, a) > 0, (a: number) => !g.ringAtom[a] && H(g, a) >= 2][kind]!;
  return {
    sites: directedBonds(g).filter(([a]) => allowed(a!)),
    edit: ([a, b, bond]) => ({
      removeBonds: [bond!],
      addAtoms: [z],
      addBonds: [
        [a!, x, kind + 1],
        [x, b!, 1],
      ],
    }),
  };
}

function changeBondOrder(g: AnnotatedGraph, random: Random): Rule {
  const variant = random.weightedIndex([0.45, 0.45, 0.05, 0.05]);
  const order = [1, 2, 2, 3][variant]!;
  const matches = [
    (_a: number, _b: number, o: number) => o !== 1, // [*:1]!-[*:2]>>[*:1]-[*:2]
    (a: number, b: number, o: number) => o === 1 && H(g, a) > 0 && H(g, b) > 0, // [*;!H0:1]-[*;!H0:2]>>[*:1]=[*:2]
    (_a: number, _b: number, o: number) => o === 3, // [*:1]#[*:2]>>[*:1]=[*:2]
    (a: number) => !g.ringAtom[a] && H(g, a) >= 2, // [*;!R;!H1;!H0:1]~[*:2]>>[*:1]#[*:2]
  ][variant]!;
  return {
    sites: directedBonds(g).filter(([a, b, bond]) => matches(a!, b!, g.bonds[bond!]!.order)),
    edit: ([, , bond]) => ({ setBondOrder: [[bond!, order]] }),
  };
}

function deleteCyclicBond(g: AnnotatedGraph): Rule {
  // [*:1]@[*:2]>>([*:1].[*:2])
  return {
    sites: g.bonds.flatMap((_, i) => (g.ringBond[i] ? [[i]] : [])),
    edit: ([bond]) => ({ removeBonds: [bond!] }),
  };
}

/**
 * Paths of `size` distinct atoms whose ends are acyclic and carry a hydrogen, closed into a ring:
 * '[*;!r;!H0:1]~[*;!r:2]~[*;!r;!H0:3]>>[*:1]1~[*:2]~[*:3]1' and its 4-, 5- and 6-atom
 * analogues, whose positions 2 and size−1 must be acyclic too.
 */
function addRing(g: AnnotatedGraph, random: Random): Rule {
  const size = 3 + random.weightedIndex([0.05, 0.05, 0.45, 0.45]);
  const acyclicAt = (position: number) =>
    position === 0 || position === 1 || position === size - 2 || position === size - 1;
  const sites: number[][] = [];
  const extend = (path: number[]) => {
    const last = path[path.length - 1]!;
    if (path.length === size) {
      if (H(g, last) > 0) sites.push([...path]);
      return;
    }
    for (const [next] of g.neighbours[last]!) {
      if (path.includes(next) || (acyclicAt(path.length) && g.ringAtom[next])) continue;
      path.push(next);
      extend(path);
      path.pop();
    }
  };
  for (const start of atomIndices(g)) if (!g.ringAtom[start] && H(g, start) > 0) extend([start]);
  return { sites, edit: (path) => ({ addBonds: [[path[0]!, path[size - 1]!, 1]] }) };
}

/** Ordered choices of `count` distinct items. */
function arrangements(items: number[], count: number): number[][] {
  if (count === 0) return [[]];
  return items.flatMap((item) =>
    arrangements(
      items.filter((other) => other !== item),
      count - 1,
    ).map((rest) => [item, ...rest]),
  );
}

function deleteAtom(g: AnnotatedGraph, random: Random): Rule {
  const variant = random.weightedIndex([0.25, 0.25, 0.25, 0.1875, 0.0625]);
  const wantedDegree = [1, 2, 3, 4, 4][variant]!;
  const sites: number[][] = [];
  for (const x of atomIndices(g)) {
    if (degree(g, x) !== wantedDegree) continue;
    const around = g.neighbours[x]!.map(([n]) => n);
    for (const order of arrangements(around, variant === 4 ? 3 : around.length)) {
      const ok = [
        () => true, // '[*:1]~[D1:2]>>[*:1]'
        () => true, // '[*:1]~[D2:2]~[*:3]>>[*:1]-[*:3]'
        () => H(g, order[1]!) > 0, // '[*:1]~[D3:2](~[*;!H0:3])~[*:4]>>[*:1]-[*:3]-[*:4]'
        // '[*:1]~[D4:2](~[*;!H0:3])(~[*;!H0:4])~[*:5]>>[*:1]-[*:3]-[*:4]-[*:5]'
        () => H(g, order[1]!) > 0 && H(g, order[2]!) > 0,
        () => H(g, order[1]!) >= 2, // '[*:1]~[D4:2](~[*;!H0;!H1:3])~[*:4]>>[*:1]-[*:3](-[*:4])'
      ][variant]!;
      if (ok()) sites.push([x, ...order]);
    }
  }
  return {
    sites,
    edit: ([x, ...n]) => {
      const chain =
        variant === 4
          ? [
              [n[0]!, n[1]!],
              [n[1]!, n[2]!],
            ]
          : n.slice(1).map((atom, i) => [n[i]!, atom]);
      return { removeAtoms: [x!], addBonds: chain.map(([a, b]) => [a!, b!, 1]), keepWith: n[0]! };
    },
  };
}

const CHANGE_ATOM_ELEMENTS = [6, 7, 8, 9, 16, 17, 35];
const CHANGE_ATOM_PROBABILITIES = [0.15, 0.15, 0.14, 0.14, 0.14, 0.14, 0.14];

function changeAtom(g: AnnotatedGraph, random: Random): Rule {
  // '[X:1]>>[Y:1]': X drawn until the molecule has it, Y drawn until it differs from X.
  const present = CHANGE_ATOM_ELEMENTS.filter((z) => g.atoms.some((a) => a.z === z));
  if (present.length === 0) return { sites: [], edit: () => ({}) };
  const from =
    present[random.weightedIndex(present.map((z) => CHANGE_ATOM_PROBABILITIES[CHANGE_ATOM_ELEMENTS.indexOf(z)]!))]!;
  const to =
    CHANGE_ATOM_ELEMENTS[
      random.weightedIndex(CHANGE_ATOM_PROBABILITIES.map((p, i) => (CHANGE_ATOM_ELEMENTS[i] === from ? 0 : p)))
    ]!;
  return {
    sites: atomIndices(g).flatMap((i) => (g.atoms[i]!.z === from ? [[i]] : [])),
    edit: ([atom]) => ({ setElement: [[atom!, to]] }),
  };
}

function appendAtom(g: AnnotatedGraph, random: Random): Rule {
  const kind = random.weightedIndex(BOND_ORDER_KINDS);
  const z = random.pick(
    [
      [6, 7, 8, 9, 16, 17, 35],
      [6, 7, 8],
      [6, 7],
    ][kind]!,
  );
  // '[*;!H0:1]>>[*:1]-X', '[*;!H0;!H1:1]>>[*:1]=X', '[*;H3:1]>>[*:1]#X'
  const allowed = [(h: number) => h > 0, (h: number) => h >= 2, (h: number) => h === 3][kind]!;
  return {
    sites: atomIndices(g).flatMap((i) => (allowed(H(g, i)) ? [[i]] : [])),
    edit: ([atom]) => ({ addAtoms: [z], addBonds: [[atom!, g.atoms.length, kind + 1]] }),
  };
}

const RULES: Record<MutationType, (g: AnnotatedGraph, random: Random) => Rule> = {
  insert_atom: insertAtom,
  change_bond_order: changeBondOrder,
  delete_cyclic_bond: deleteCyclicBond,
  add_ring: addRing,
  delete_atom: deleteAtom,
  change_atom: changeAtom,
  append_atom: appendAtom,
};

export interface Mutant {
  smiles: string;
  type: MutationType;
}

/**
 * One GB-GA mutation of a parent graph: up to 10 tries, each drawing a mutation type with
 * Jensen's probabilities (or the one given) and then a variant of it. Null when no try gives an
 * acceptable child (see `acceptChild`).
 */
export function mutate(
  rdkit: RDKitModule,
  parent: AnnotatedGraph,
  random: Random,
  limits: ChildLimits = DEFAULT_CHILD_LIMITS,
  only?: MutationType,
): Mutant | null {
  for (let attempt = 0; attempt < MUTATION_TRIES; attempt++) {
    const type = only ?? MUTATION_TYPES[random.weightedIndex(MUTATION_PROBABILITIES)]!;
    const rule = RULES[type](parent, random);
    const sites = random.shuffle([...rule.sites]).slice(0, MATCHES_PER_TRY);
    for (const site of sites) {
      const smiles = acceptChild(rdkit, applyEdit(parent, rule.edit(site)), random, limits);
      if (smiles !== null) return { smiles, type };
    }
  }
  return null;
}

/** `mutate` of a SMILES (read into a Kekulé graph first); null if it cannot be read or mutated. */
export function mutateSmiles(
  rdkit: RDKitModule,
  smiles: string,
  random: Random,
  limits?: ChildLimits,
  only?: MutationType,
): Mutant | null {
  const parent = readKekuleGraph(rdkit, smiles);
  return parent ? mutate(rdkit, parent, random, limits, only) : null;
}
