import { atomicNumber } from "./elements";
import type { MolGraph } from "./morgan-environments";

/**
 * A small SMARTS matcher over the molecule graph read from RDKit.js's JSON, so that the SMARTS
 * counts RDKit.js computes inside `get_descriptors()` (Crippen atom types, `CalcNumHBD`,
 * `CalcNumHBA`, `CalcNumRotatableBonds`) can be computed without it. It implements the part of
 * SMARTS those patterns use, with RDKit's meaning of each primitive:
 *
 * - atoms: `*`, `a`, `A` (not aromatic, H included), element symbols (upper case aliphatic,
 *   lower case aromatic, bracketed or not), `#n`, isotope, `H n` (total H count, H atoms in the
 *   graph included), `D n` (explicit degree), `X n` (total degree), `v n` (total valence),
 *   `R n`/`R` (number of SSSR rings / in a ring), `r n`/`r` (smallest ring size / in a ring),
 *   charges (`+`, `-`, `+n`, `++`, `+0`), recursive `$(...)`, chirality (ignored, as
 *   substructure matching does by default), and `!`, `&`, `,`, `;` with SMARTS precedence;
 * - bonds: `-` (single, not aromatic), `=`, `#`, `:` (aromatic), `~`, `@` (ring bond), `/` and `\`
 *   (single), the same operators, and the implicit single-or-aromatic bond;
 * - branches and ring closures, and `.`-separated components (matched on distinct atoms).
 *
 * Anything else is refused when the pattern is compiled, so a pattern can only be used if every
 * primitive it holds is understood. Matches are injective (distinct atoms for distinct pattern
 * atoms), as RDKit's `SubstructMatch`.
 */

/** The atom and bond properties SMARTS primitives test, as typed arrays over the molecule. */
export interface MatchGraph {
  atomCount: number;
  atomicNumber: Int32Array;
  aromatic: Uint8Array;
  charge: Int32Array;
  isotope: Int32Array;
  /** `H`: hydrogens on the atom plus H atoms bonded to it (`getTotalNumHs(true)`). */
  totalHs: Int32Array;
  /** `D`: bonds to atoms in the graph (`getDegree`). */
  degree: Int32Array;
  /** `X`: degree plus hydrogens on the atom (`getTotalDegree`). */
  totalDegree: Int32Array;
  /** `v`: total valence (Kekulé bond orders plus hydrogens on the atom). */
  valence: Int32Array;
  /** `R n`: number of rings of RDKit's ring set containing the atom. */
  ringCount: Int32Array;
  /** `r n`: size of the smallest such ring, 0 outside rings. */
  minRingSize: Int32Array;
  /** Adjacency in compressed rows: the neighbours of atom i are adjAtom[adjStart[i] .. adjStart[i + 1]). */
  adjStart: Int32Array;
  adjAtom: Int32Array;
  adjBond: Int32Array;
  /** 1 single, 2 double, 3 triple, 12 aromatic, 0 anything else. */
  bondType: Uint8Array;
  bondInRing: Uint8Array;
  /** Per recursive SMARTS id: 0 unknown, 1 matches, 2 does not, for each atom. */
  recursion: (Uint8Array | undefined)[];
}

const AROMATIC_BOND = 12;

/**
 * Whether the matcher models every atom and bond of the molecule: no dummy atoms (atomic number
 * 0), and only single, double, triple and aromatic bonds (not dative, zero-order, quadruple ...,
 * whose valence contributions RDKit counts its own way). Callers use RDKit.js for the others.
 */
export function matchGraphApplies(graph: MolGraph): boolean {
  for (const z of graph.atomicNumbers) if (z < 1 || z >= CLASS_COUNT / 2) return false;
  for (const order of graph.bondOrders) if (order !== 1 && order !== 2 && order !== 3) return false;
  return true;
}

/** Builds the match graph of a molecule as RDKit.js holds it (hydrogens implicit, except H atoms it kept). */
export function matchGraphOf(graph: MolGraph): MatchGraph {
  const n = graph.atomicNumbers.length;
  const bondCount = graph.bondAtoms.length;
  const atomicNumberArray = Int32Array.from(graph.atomicNumbers);
  const aromatic = new Uint8Array(n);
  for (const atom of graph.aromaticAtoms) aromatic[atom] = 1;
  const charge = Int32Array.from(graph.formalCharges);
  const isotope = Int32Array.from(graph.isotopes);
  const attachedHs = graph.attachedHs;
  const bondType = new Uint8Array(bondCount);
  for (let b = 0; b < bondCount; b++) {
    const type = graph.bondTypes[b]!;
    bondType[b] = type === 1 || type === 2 || type === 3 || type === AROMATIC_BOND ? type : 0;
  }
  const { ringCount, minRingSize, bondInRing } = ringMembership(graph, n, bondCount);

  const adjStart = new Int32Array(n + 1);
  for (let atom = 0; atom < n; atom++) adjStart[atom + 1] = adjStart[atom]! + graph.neighbours[atom]!.length;
  const adjAtom = new Int32Array(adjStart[n]!);
  const adjBond = new Int32Array(adjStart[n]!);
  const totalHs = new Int32Array(n);
  const degree = new Int32Array(n);
  const totalDegree = new Int32Array(n);
  const valence = new Int32Array(n);
  for (let atom = 0; atom < n; atom++) {
    const neighbours = graph.neighbours[atom]!;
    let hNeighbours = 0;
    let bondValence = 0;
    let k = adjStart[atom]!;
    for (const [bond, other] of neighbours) {
      adjAtom[k] = other;
      adjBond[k++] = bond;
      if (graph.atomicNumbers[other] === 1) hNeighbours++;
      bondValence += graph.bondOrders[bond]!;
    }
    const hs = attachedHs[atom]!;
    totalHs[atom] = hs + hNeighbours;
    degree[atom] = neighbours.length;
    totalDegree[atom] = neighbours.length + hs;
    valence[atom] = bondValence + hs;
  }
  return {
    atomCount: n,
    atomicNumber: atomicNumberArray,
    aromatic,
    charge,
    isotope,
    totalHs,
    degree,
    totalDegree,
    valence,
    ringCount,
    minRingSize,
    adjStart,
    adjAtom,
    adjBond,
    bondType,
    bondInRing,
    recursion: [],
  };
}

/**
 * The same graph after RDKit's `MolOps::addHs`: every hydrogen on an atom becomes an H atom,
 * appended after the existing atoms in the order of the atoms that carry them. Degree and
 * valence of the heavy atoms now count those H atoms; H counts and total degree are unchanged.
 */
export function withExplicitHydrogens(g: MatchGraph, graph: MolGraph): MatchGraph {
  const n = g.atomCount;
  let added = 0;
  for (let atom = 0; atom < n; atom++) added += graph.attachedHs[atom]!;
  if (added === 0) return g;
  const total = n + added;
  const bondCount = g.bondType.length;
  const grow = (source: Int32Array, fill: number) => {
    const out = new Int32Array(total);
    out.set(source);
    if (fill !== 0) out.fill(fill, n);
    return out;
  };
  const atomicNumberArray = grow(g.atomicNumber, 1);
  const aromatic = new Uint8Array(total);
  aromatic.set(g.aromatic);
  const degree = new Int32Array(total);
  const bondType = new Uint8Array(bondCount + added);
  bondType.set(g.bondType);
  bondType.fill(1, bondCount);
  const bondInRing = new Uint8Array(bondCount + added);
  bondInRing.set(g.bondInRing);

  const adjStart = new Int32Array(total + 1);
  for (let atom = 0; atom < n; atom++) {
    const hs = graph.attachedHs[atom]!;
    degree[atom] = g.degree[atom]! + hs;
    adjStart[atom + 1] = adjStart[atom]! + degree[atom]!;
  }
  for (let atom = n; atom < total; atom++) {
    degree[atom] = 1;
    adjStart[atom + 1] = adjStart[atom]! + 1;
  }
  const adjAtom = new Int32Array(adjStart[total]!);
  const adjBond = new Int32Array(adjStart[total]!);
  let hydrogen = n;
  let bond = bondCount;
  for (let atom = 0; atom < n; atom++) {
    let k = adjStart[atom]!;
    for (let j = g.adjStart[atom]!; j < g.adjStart[atom + 1]!; j++) {
      adjAtom[k] = g.adjAtom[j]!;
      adjBond[k++] = g.adjBond[j]!;
    }
    for (let h = graph.attachedHs[atom]!; h > 0; h--, hydrogen++, bond++) {
      adjAtom[k] = hydrogen;
      adjBond[k++] = bond;
      adjAtom[adjStart[hydrogen]!] = atom;
      adjBond[adjStart[hydrogen]!] = bond;
    }
  }
  return {
    atomCount: total,
    atomicNumber: atomicNumberArray,
    aromatic,
    charge: grow(g.charge, 0),
    isotope: grow(g.isotope, 0),
    totalHs: grow(g.totalHs, 0),
    degree,
    totalDegree: grow(g.totalDegree, 1),
    valence: grow(g.valence, 1),
    ringCount: grow(g.ringCount, 0),
    minRingSize: grow(g.minRingSize, 0),
    adjStart,
    adjAtom,
    adjBond,
    bondType,
    bondInRing,
    recursion: [],
  };
}

function ringMembership(graph: MolGraph, n: number, bondCount: number) {
  const ringCount = new Int32Array(n);
  const minRingSize = new Int32Array(n);
  const bondInRing = new Uint8Array(bondCount);
  for (const ring of graph.atomRings) {
    const size = ring.length;
    for (let k = 0; k < size; k++) {
      const atom = ring[k]!;
      ringCount[atom]!++;
      if (minRingSize[atom] === 0 || size < minRingSize[atom]!) minRingSize[atom] = size;
      const next = ring[(k + 1) % size]!;
      for (const [bond, other] of graph.neighbours[atom]!) {
        if (other === next) {
          bondInRing[bond] = 1;
          break;
        }
      }
    }
  }
  return { ringCount, minRingSize, bondInRing };
}

type AtomTest = (g: MatchGraph, atom: number) => boolean;
type BondTest = (g: MatchGraph, bond: number) => boolean;

interface PatternBond {
  a: number;
  b: number;
  test: BondTest;
}

/**
 * An order in which to place the pattern atoms: each is bonded to one placed before it, except
 * the first atom of each component.
 */
interface Plan {
  order: number[];
  /** For order[k]: the earlier pattern atom it is reached from (-1: it starts a component), and that bond's test. */
  from: number[];
  fromTest: (BondTest | null)[];
  /** For order[k]: the other bonds to pattern atoms placed before it (ring closures), as [earlier atom, test]. */
  closures: [number, BondTest][][];
}

/**
 * Atom classes, 2 × atomic number + aromatic flag: what the cheapest screens look at. A pattern
 * atom's class set is a necessary condition read from its expression (null: any class).
 */
const CLASS_COUNT = 2 * 128;

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

// ---------------------------------------------------------------------------------------------
// Parsing

type AtomExpr =
  | { kind: "prim"; test: AtomTest; classes: ReadonlySet<number> | null }
  | { kind: "not"; child: AtomExpr }
  | { kind: "and" | "or"; children: AtomExpr[] };

const ELEMENT_LIKE_ORGANIC = ["Cl", "Br", "B", "C", "N", "O", "P", "S", "F", "I"];
const AROMATIC_SYMBOLS = ["se", "te", "as", "c", "n", "o", "s", "p", "b"];

let recursiveIds = 0;

class SmartsError extends Error {}

function fail(smarts: string, at: number, why: string): never {
  throw new SmartsError(`Unsupported SMARTS ${smarts} at ${at}: ${why}`);
}

const prim = (test: AtomTest, classes: ReadonlySet<number> | null = null): AtomExpr => ({
  kind: "prim",
  test,
  classes,
});

function elementPrimitive(z: number, aromatic: boolean | null): AtomExpr {
  if (z >= CLASS_COUNT / 2) throw new SmartsError(`Unsupported atomic number ${z}`);
  if (aromatic === null) return prim((g, a) => g.atomicNumber[a] === z, new Set([2 * z, 2 * z + 1]));
  const flag = aromatic ? 1 : 0;
  return prim((g, a) => g.atomicNumber[a] === z && g.aromatic[a] === flag, new Set([2 * z + flag]));
}

/** Parses a bracket atom's content (between '[' and ']'). */
function parseBracket(smarts: string, start: number, end: number): AtomExpr {
  let i = start;
  const peek = () => (i < end ? smarts[i]! : "");
  const number = (): number | null => {
    const begin = i;
    while (i < end && smarts[i]! >= "0" && smarts[i]! <= "9") i++;
    return i > begin ? Number(smarts.slice(begin, i)) : null;
  };

  // Whether an element (symbol, #n or *) came before: then H is a hydrogen count, not hydrogen.
  let sawElement = false;
  const primitive = (): AtomExpr => {
    const c = peek();
    if (c === "$") {
      if (smarts[i + 1] !== "(") fail(smarts, i, "'$' without '('");
      let depth = 0;
      let j = i + 1;
      for (; j < end; j++) {
        if (smarts[j] === "(") depth++;
        else if (smarts[j] === ")" && --depth === 0) break;
      }
      const inner = compileSmarts(smarts.slice(i + 2, j));
      i = j + 1;
      const id = recursiveIds++;
      return prim(
        (g, a) => {
          let cache = g.recursion[id];
          if (!cache) cache = g.recursion[id] = new Uint8Array(g.atomCount);
          const known = cache[a]!;
          if (known !== 0) return known === 1;
          const result = matchesAt(inner, g, a);
          cache[a] = result ? 1 : 2;
          return result;
        },
        inner.classLists[0] ? new Set(inner.classLists[0]) : null,
      );
    }
    if (c === "#") {
      i++;
      const z = number();
      if (z === null) fail(smarts, i, "'#' without a number");
      sawElement = true;
      return elementPrimitive(z, null);
    }
    if (c >= "0" && c <= "9") {
      const mass = number()!;
      return prim((g, a) => g.isotope[a] === mass);
    }
    if (c === "+" || c === "-") {
      const sign = c === "+" ? 1 : -1;
      i++;
      let magnitude = 1;
      const n = number();
      if (n !== null) magnitude = n;
      else {
        while (peek() === c) {
          magnitude++;
          i++;
        }
      }
      const value = sign * magnitude;
      return prim((g, a) => g.charge[a] === value);
    }
    if (c === "*") {
      i++;
      sawElement = true;
      return prim(() => true);
    }
    if (c === "@") {
      // Chirality: substructure matching ignores it by default.
      while (peek() === "@") i++;
      return prim(() => true);
    }
    // Two-letter element symbols first (Cl, Br, Na, Se, ...), then the aromatic ones, then one letter.
    const two = smarts.slice(i, i + 2);
    // "Hg", "Ho", ... only where a new primitive sequence starts: after an atom, H is an H count.
    const startsSequence = i === start || "[,;&!".includes(smarts[i - 1]!);
    if (/^[A-Z][a-z]$/.test(two) && atomicNumber(two) !== undefined && (two[0] !== "H" || startsSequence)) {
      i += 2;
      sawElement = true;
      return elementPrimitive(atomicNumber(two)!, false);
    }
    for (const symbol of AROMATIC_SYMBOLS) {
      if (smarts.startsWith(symbol, i) && i + symbol.length <= end) {
        i += symbol.length;
        sawElement = true;
        return elementPrimitive(atomicNumber(symbol[0]!.toUpperCase() + symbol.slice(1))!, true);
      }
    }
    if (c === "H") {
      i++;
      const n = number();
      // H with no element before it and at most a charge after it ([H], [2H], [H+]) is a hydrogen
      // atom; otherwise an H count.
      if (!sawElement && n === null && (peek() === "" || peek() === "+" || peek() === "-"))
        return elementPrimitive(1, null);
      const count = n ?? 1;
      return prim((g, a) => g.totalHs[a] === count);
    }
    if (c === "a") {
      i++;
      sawElement = true;
      return prim((g, a) => g.aromatic[a] === 1);
    }
    if (c === "A") {
      i++;
      sawElement = true;
      return prim((g, a) => g.aromatic[a] === 0);
    }
    const counted = (property: (g: MatchGraph) => Int32Array, missing: "one" | "nonzero"): AtomExpr => {
      i++;
      const n = number();
      if (n === null && missing === "nonzero") return prim((g, a) => property(g)[a]! > 0);
      const value = n ?? 1;
      return prim((g, a) => property(g)[a] === value);
    };
    if (c === "D") return counted((g) => g.degree, "one");
    if (c === "X") return counted((g) => g.totalDegree, "one");
    if (c === "v") return counted((g) => g.valence, "one");
    if (c === "R") return counted((g) => g.ringCount, "nonzero");
    if (c === "r") return counted((g) => g.minRingSize, "nonzero");
    if (/^[A-Z]$/.test(c) && atomicNumber(c) !== undefined) {
      i++;
      sawElement = true;
      return elementPrimitive(atomicNumber(c)!, false);
    }
    return fail(smarts, i, `primitive '${c}'`);
  };

  const unary = (): AtomExpr => {
    if (peek() === "!") {
      i++;
      return { kind: "not", child: unary() };
    }
    return primitive();
  };
  const highAnd = (): AtomExpr => {
    const children = [unary()];
    for (;;) {
      const c = peek();
      if (c === "&") {
        i++;
        children.push(unary());
      } else if (c !== "" && c !== "," && c !== ";") {
        children.push(unary());
      } else break;
    }
    return children.length === 1 ? children[0]! : { kind: "and", children };
  };
  const or = (): AtomExpr => {
    const children = [highAnd()];
    while (peek() === ",") {
      i++;
      children.push(highAnd());
    }
    return children.length === 1 ? children[0]! : { kind: "or", children };
  };
  const children = [or()];
  while (peek() === ";") {
    i++;
    children.push(or());
  }
  if (i !== end) fail(smarts, i, "unexpected text in a bracket atom");
  return children.length === 1 ? children[0]! : { kind: "and", children };
}

function classesOf(expr: AtomExpr): ReadonlySet<number> | null {
  switch (expr.kind) {
    case "prim":
      return expr.classes;
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

const singleOrAromatic: BondTest = (g, b) => g.bondType[b] === 1 || g.bondType[b] === AROMATIC_BOND;

/** Parses a bond expression ("-", "=,#", "-,:;!@", ...); an empty one is single or aromatic. */
function parseBond(smarts: string, text: string, at: number): BondTest {
  if (text === "") return singleOrAromatic;
  let i = 0;
  const primitive = (): BondTest => {
    const c = text[i++];
    switch (c) {
      case "-":
      case "/":
      case "\\":
        return (g, b) => g.bondType[b] === 1;
      case "=":
        return (g, b) => g.bondType[b] === 2;
      case "#":
        return (g, b) => g.bondType[b] === 3;
      case ":":
        return (g, b) => g.bondType[b] === AROMATIC_BOND;
      case "~":
        return () => true;
      case "@":
        return (g, b) => g.bondInRing[b] === 1;
      default:
        return fail(smarts, at + i - 1, `bond primitive '${c}'`);
    }
  };
  const unary = (): BondTest => {
    if (text[i] === "!") {
      i++;
      const child = unary();
      return (g, b) => !child(g, b);
    }
    return primitive();
  };
  const all = (tests: BondTest[]): BondTest => (tests.length === 1 ? tests[0]! : (g, b) => tests.every((t) => t(g, b)));
  const highAnd = (): BondTest => {
    const tests = [unary()];
    while (i < text.length && text[i] !== "," && text[i] !== ";") {
      if (text[i] === "&") i++;
      tests.push(unary());
    }
    return all(tests);
  };
  const or = (): BondTest => {
    const tests = [highAnd()];
    while (text[i] === ",") {
      i++;
      tests.push(highAnd());
    }
    return tests.length === 1 ? tests[0]! : (g, b) => tests.some((t) => t(g, b));
  };
  const tests = [or()];
  while (text[i] === ";") {
    i++;
    tests.push(or());
  }
  return all(tests);
}

const BOND_CHARS = new Set(["-", "=", "#", ":", "~", "@", "!", "&", ",", ";", "/", "\\"]);

/** Compiles a SMARTS pattern; throws on anything the matcher does not implement. */
export function compileSmarts(smarts: string): SmartsPattern {
  const atoms: AtomExpr[] = [];
  const bonds: PatternBond[] = [];
  const componentStarts: number[] = [];
  const branchStack: number[] = [];
  const ringOpen = new Map<number, { atom: number; bond: string }>();
  let previous = -1;
  let pendingBond = "";
  let i = 0;

  const addAtom = (expr: AtomExpr) => {
    const index = atoms.length;
    atoms.push(expr);
    if (previous >= 0) bonds.push({ a: previous, b: index, test: parseBond(smarts, pendingBond, i) });
    else componentStarts.push(index);
    pendingBond = "";
    previous = index;
  };

  while (i < smarts.length) {
    const c = smarts[i]!;
    if (c === "[") {
      let depth = 0;
      let j = i;
      for (; j < smarts.length; j++) {
        if (smarts[j] === "[") depth++;
        else if (smarts[j] === "]" && --depth === 0) break;
      }
      if (j >= smarts.length) fail(smarts, i, "unclosed '['");
      addAtom(parseBracket(smarts, i + 1, j));
      i = j + 1;
    } else if (c === "(") {
      if (previous < 0) fail(smarts, i, "branch without an atom");
      branchStack.push(previous);
      i++;
    } else if (c === ")") {
      if (branchStack.length === 0) fail(smarts, i, "unbalanced ')'");
      previous = branchStack.pop()!;
      i++;
    } else if (c === ".") {
      if (pendingBond !== "") fail(smarts, i, "bond before '.'");
      previous = -1;
      i++;
    } else if (BOND_CHARS.has(c)) {
      pendingBond += c;
      i++;
    } else if ((c >= "0" && c <= "9") || c === "%") {
      let digit: number;
      if (c === "%") {
        digit = Number(smarts.slice(i + 1, i + 3));
        i += 3;
      } else {
        digit = Number(c);
        i++;
      }
      if (previous < 0) fail(smarts, i, "ring closure without an atom");
      const open = ringOpen.get(digit);
      if (open) {
        ringOpen.delete(digit);
        bonds.push({ a: open.atom, b: previous, test: parseBond(smarts, pendingBond || open.bond, i) });
      } else {
        ringOpen.set(digit, { atom: previous, bond: pendingBond });
      }
      pendingBond = "";
    } else {
      let expr: AtomExpr | undefined;
      if (c === "*") expr = prim(() => true);
      else if (c === "a") expr = prim((g, a) => g.aromatic[a] === 1);
      else if (c === "A") expr = prim((g, a) => g.aromatic[a] === 0);
      else {
        const organic = ELEMENT_LIKE_ORGANIC.find((symbol) => smarts.startsWith(symbol, i));
        if (organic) {
          expr = elementPrimitive(atomicNumber(organic)!, false);
          i += organic.length - 1;
        } else {
          const aromaticSymbol = ["c", "n", "o", "s", "p", "b"].find((symbol) => smarts.startsWith(symbol, i));
          if (aromaticSymbol) expr = elementPrimitive(atomicNumber(aromaticSymbol.toUpperCase())!, true);
        }
      }
      if (!expr) fail(smarts, i, `'${c}'`);
      i++;
      addAtom(expr);
    }
  }
  if (ringOpen.size > 0 || branchStack.length > 0 || pendingBond !== "") fail(smarts, i, "unfinished pattern");
  if (atoms.length === 0) fail(smarts, 0, "no atoms");

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

/**
 * Placement order depth-first from `start` through its component, then through the other
 * components from their first atoms, so every atom but a component's first is reached through
 * a bond from an atom already placed.
 */
function planFrom(pattern: SmartsPattern, start: number): Plan {
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

// ---------------------------------------------------------------------------------------------
// Matching

function bondBetween(g: MatchGraph, a: number, b: number): number {
  for (let k = g.adjStart[a]!; k < g.adjStart[a + 1]!; k++) if (g.adjAtom[k] === b) return g.adjBond[k]!;
  return -1;
}

/** The atom's class, 2 × atomic number + aromatic flag. */
function classOf(g: MatchGraph, atom: number): number {
  return 2 * g.atomicNumber[atom]! + g.aromatic[atom]!;
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
