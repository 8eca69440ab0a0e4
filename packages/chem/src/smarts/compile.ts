import { CLASS_COUNT } from "./match-graph";
import { matchesAt, planFrom } from "./match";
import { parseSmarts, type AtomExpr, type ParsedSmarts } from "./parse";
import type { AtomTest, PatternBond, SmartsPattern } from "./pattern";

/** Keys of the per-graph caches of recursive SMARTS results (`MatchGraph.recursion`). */
let recursiveIds = 0;

/** Compiles a SMARTS pattern; throws on anything the matcher does not implement. */
export function compileSmarts(smarts: string): SmartsPattern {
  return compileParsed(parseSmarts(smarts));
}

function compileParsed({ smarts, atoms, bonds, componentStarts }: ParsedSmarts): SmartsPattern {
  const adjacency: [number, PatternBond][][] = atoms.map(() => []);
  for (const bond of bonds) {
    adjacency[bond.a]!.push([bond.b, bond]);
    adjacency[bond.b]!.push([bond.a, bond]);
  }
  const classLists = atoms.map((atom) => {
    const classes = classesOf(atom);
    return classes === null ? null : [...classes].sort((x, y) => x - y);
  });
  const pattern: SmartsPattern = {
    smarts,
    atomCount: atoms.length,
    atomTests: atoms.map(atomTestOf),
    classMasks: classLists.map((list) => {
      if (list === null) return null;
      const mask = new Uint8Array(CLASS_COUNT);
      for (const key of list) mask[key] = 1;
      return mask;
    }),
    classLists,
    plans: [],
    adjacency,
    componentStarts,
    scratch: new Int32Array(atoms.length),
  };
  pattern.plans[0] = planFrom(pattern, 0);
  return pattern;
}

function classesOf(expr: AtomExpr): ReadonlySet<number> | null {
  switch (expr.kind) {
    case "prim":
      return expr.classes;
    case "recursive":
      // A recursive SMARTS holds where its first atom does.
      return classesOf(expr.pattern.atoms[0]!);
    case "not":
      return null;
    case "and": {
      // Every conjunct holds: the classes allowed by all the conjuncts that limit them.
      let result: Set<number> | null = null;
      for (const child of expr.children) {
        const classes = classesOf(child);
        if (classes === null) continue;
        if (result === null) result = new Set(classes);
        else for (const key of [...result]) if (!classes.has(key)) result.delete(key);
      }
      return result;
    }
    case "or": {
      const result = new Set<number>();
      for (const child of expr.children) {
        const classes = classesOf(child);
        if (classes === null) return null;
        for (const key of classes) result.add(key);
      }
      return result;
    }
  }
}

function atomTestOf(expr: AtomExpr): AtomTest {
  switch (expr.kind) {
    case "prim":
      return expr.test;
    case "recursive": {
      const inner = compileParsed(expr.pattern);
      const id = recursiveIds++;
      return (g, a) => {
        let cache = g.recursion[id];
        if (!cache) cache = g.recursion[id] = new Uint8Array(g.atomCount);
        const known = cache[a]!;
        if (known !== 0) return known === 1;
        const result = matchesAt(inner, g, a);
        cache[a] = result ? 1 : 2;
        return result;
      };
    }
    case "not": {
      const child = atomTestOf(expr.child);
      return (g, a) => !child(g, a);
    }
    case "and": {
      const children = expr.children.map(atomTestOf);
      if (children.length === 2) {
        const [x, y] = children as [AtomTest, AtomTest];
        return (g, a) => x(g, a) && y(g, a);
      }
      return (g, a) => {
        for (const child of children) if (!child(g, a)) return false;
        return true;
      };
    }
    case "or": {
      const children = expr.children.map(atomTestOf);
      return (g, a) => {
        for (const child of children) if (child(g, a)) return true;
        return false;
      };
    }
  }
}
