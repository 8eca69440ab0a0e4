import { CLASS_COUNT, classOf, type MatchGraph } from "./match-graph";
import type { BondTest, PatternBond, Plan, SmartsPattern } from "./pattern";

function bondBetween(g: MatchGraph, a: number, b: number): number {
  for (let k = g.adjStart[a]!; k < g.adjStart[a + 1]!; k++) if (g.adjAtom[k] === b) return g.adjBond[k]!;
  return -1;
}

/**
 * Placement order depth-first from `start` through its component, then through the other
 * components from their first atoms, so every atom but a component's first is reached through
 * a bond from an atom already placed.
 */
export function planFrom(pattern: SmartsPattern, start: number): Plan {
  const plan: Plan = { order: [], from: [], fromTest: [], closures: [] };
  const placed = new Uint8Array(pattern.atomCount);
  const usedBonds = new Set<PatternBond>();
  for (const first of [start, ...pattern.componentStarts]) {
    const stack = [first];
    const via = new Map<number, PatternBond | null>([[first, null]]);
    while (stack.length > 0) {
      const atom = stack.pop()!;
      if (placed[atom]) continue;
      placed[atom] = 1;
      plan.order.push(atom);
      const through = via.get(atom) ?? null;
      if (through) usedBonds.add(through);
      plan.from.push(through ? (through.a === atom ? through.b : through.a) : -1);
      plan.fromTest.push(through?.test ?? null);
      const rings: [number, BondTest][] = [];
      for (const [other, bond] of pattern.adjacency[atom]!) {
        if (placed[other] && bond !== through && !usedBonds.has(bond)) {
          rings.push([other, bond.test]);
          usedBonds.add(bond);
        }
      }
      plan.closures.push(rings);
      for (let k = pattern.adjacency[atom]!.length - 1; k >= 0; k--) {
        const [other, bond] = pattern.adjacency[atom]![k]!;
        if (!placed[other]) {
          via.set(other, bond);
          stack.push(other);
        }
      }
    }
  }
  return plan;
}

/**
 * Places pattern atom order[k] on `atom` if it is unused and its class, atom and ring-closure
 * tests pass, then continues the depth-first search; `visit` gets each complete match (pattern
 * atom → molecule atom in `mapped`) and returns true to stop.
 */
function place(
  pattern: SmartsPattern,
  plan: Plan,
  g: MatchGraph,
  k: number,
  mapped: Int32Array,
  atom: number,
  visit: (mapped: Int32Array) => boolean,
): boolean {
  const order = plan.order;
  const p = order[k]!;
  const mask = pattern.classMasks[p];
  if (mask && mask[classOf(g, atom)] !== 1) return false;
  for (let q = 0; q < k; q++) if (mapped[order[q]!] === atom) return false;
  if (!pattern.atomTests[p]!(g, atom)) return false;
  const closures = plan.closures[k]!;
  for (let c = 0; c < closures.length; c++) {
    const [other, bondTest] = closures[c]!;
    const bond = bondBetween(g, atom, mapped[other]!);
    if (bond < 0 || !bondTest(g, bond)) return false;
  }
  mapped[p] = atom;
  return k + 1 === order.length ? visit(mapped) : search(pattern, plan, g, k + 1, mapped, visit);
}

function search(
  pattern: SmartsPattern,
  plan: Plan,
  g: MatchGraph,
  k: number,
  mapped: Int32Array,
  visit: (mapped: Int32Array) => boolean,
): boolean {
  const parent = plan.from[k]!;
  if (parent < 0) {
    for (let atom = 0; atom < g.atomCount; atom++) if (place(pattern, plan, g, k, mapped, atom, visit)) return true;
    return false;
  }
  const bondTest = plan.fromTest[k]!;
  const anchor = mapped[parent]!;
  const end = g.adjStart[anchor + 1]!;
  for (let j = g.adjStart[anchor]!; j < end; j++) {
    if (bondTest(g, g.adjBond[j]!) && place(pattern, plan, g, k, mapped, g.adjAtom[j]!, visit)) return true;
  }
  return false;
}

const STOP = () => true;

/** Whether the pattern matches with its first atom on `atom` (RDKit's recursive SMARTS semantics). */
export function matchesAt(pattern: SmartsPattern, g: MatchGraph, atom: number): boolean {
  if (pattern.atomCount === 1) {
    const mask = pattern.classMasks[0];
    return (!mask || mask[classOf(g, atom)] === 1) && pattern.atomTests[0]!(g, atom);
  }
  return place(pattern, pattern.plans[0]!, g, 0, pattern.scratch, atom, STOP);
}

/** Number of atoms of each class, kept on the graph once counted. */
const classCounts = new WeakMap<MatchGraph, Int32Array>();

function classHistogram(g: MatchGraph): Int32Array {
  let counts = classCounts.get(g);
  if (!counts) {
    counts = new Int32Array(CLASS_COUNT);
    for (let atom = 0; atom < g.atomCount; atom++) counts[classOf(g, atom)]!++;
    classCounts.set(g, counts);
  }
  return counts;
}

/**
 * Whether the pattern matches anywhere. The search starts from the pattern atom whose classes
 * the fewest atoms of the molecule have, and stops at once when one has none.
 */
export function hasMatch(pattern: SmartsPattern, g: MatchGraph): boolean {
  const counts = classHistogram(g);
  let start = 0;
  let fewest = Infinity;
  for (let p = 0; p < pattern.atomCount; p++) {
    const list = pattern.classLists[p];
    let candidates = g.atomCount;
    if (list) {
      candidates = 0;
      for (const key of list) candidates += counts[key]!;
      if (candidates === 0) return false;
    }
    if (candidates < fewest) {
      fewest = candidates;
      start = p;
    }
  }
  const plan = (pattern.plans[start] ??= planFrom(pattern, start));
  return search(pattern, plan, g, 0, pattern.scratch, STOP);
}

/**
 * Number of matches as RDKit's `SubstructMatch(mol, pattern, matches)` returns them (uniquified:
 * matches on the same set of atoms count once).
 */
export function countUniqueMatches(pattern: SmartsPattern, g: MatchGraph): number {
  let count = 0;
  if (pattern.atomCount === 1) {
    for (let atom = 0; atom < g.atomCount; atom++) if (matchesAt(pattern, g, atom)) count++;
    return count;
  }
  const plan = pattern.plans[0]!;
  if (pattern.atomCount === 2 && plan.from[1] === 0) {
    // Two bonded atoms: each bond counts once, whichever way round it matches.
    const bondTest = plan.fromTest[1]!;
    for (let a = 0; a < g.atomCount; a++) {
      for (let j = g.adjStart[a]!; j < g.adjStart[a + 1]!; j++) {
        const b = g.adjAtom[j]!;
        if (b < a || !bondTest(g, g.adjBond[j]!)) continue;
        if (
          (matchesAt1(pattern, 0, g, a) && matchesAt1(pattern, 1, g, b)) ||
          (matchesAt1(pattern, 0, g, b) && matchesAt1(pattern, 1, g, a))
        )
          count++;
      }
    }
    return count;
  }
  const seen = new Set<string>();
  search(pattern, plan, g, 0, new Int32Array(pattern.atomCount), (complete) => {
    seen.add(
      Array.from(complete)
        .sort((x, y) => x - y)
        .join(","),
    );
    return false;
  });
  return seen.size;
}

/** Whether pattern atom p alone accepts `atom` (class and atom test). */
function matchesAt1(pattern: SmartsPattern, p: number, g: MatchGraph, atom: number): boolean {
  const mask = pattern.classMasks[p];
  return (!mask || mask[classOf(g, atom)] === 1) && pattern.atomTests[p]!(g, atom);
}
