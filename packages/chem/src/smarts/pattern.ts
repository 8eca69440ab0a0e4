import type { MatchGraph } from "./match-graph";

/** What a compiled pattern tests at one molecule atom. */
export type AtomTest = (g: MatchGraph, atom: number) => boolean;
/** What a compiled pattern tests at one molecule bond. */
export type BondTest = (g: MatchGraph, bond: number) => boolean;

export interface PatternBond {
  a: number;
  b: number;
  test: BondTest;
}

/**
 * An order in which to place the pattern atoms: each is bonded to one placed before it, except
 * the first atom of each component.
 */
export interface Plan {
  order: number[];
  /** For order[k]: the earlier pattern atom it is reached from (-1: it starts a component), and that bond's test. */
  from: number[];
  fromTest: (BondTest | null)[];
  /** For order[k]: the other bonds to pattern atoms placed before it (ring closures), as [earlier atom, test]. */
  closures: [number, BondTest][][];
}

/** A compiled SMARTS pattern. */
export interface SmartsPattern {
  smarts: string;
  atomCount: number;
  atomTests: AtomTest[];
  /** Per pattern atom, the classes it can match (as a lookup table and as a list), or null when any. */
  classMasks: (Uint8Array | null)[];
  classLists: (number[] | null)[];
  /** Placement orders by starting pattern atom, built when first needed; plans[0] starts at the first atom. */
  plans: (Plan | undefined)[];
  adjacency: [number, PatternBond][][];
  componentStarts: number[];
  /** The mapping a search fills; a pattern is never searched inside its own search. */
  scratch: Int32Array;
}
