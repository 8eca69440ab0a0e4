import { atomicNumber } from "../elements";
import { CLASS_COUNT, AROMATIC_BOND, type MatchGraph } from "./match-graph";
import type { AtomTest, BondTest, PatternBond } from "./pattern";

/**
 * A bracket atom's expression. Primitives are already tests; a recursive `$(...)` keeps its inner
 * pattern's parse, which compiling turns into a test.
 */
export type AtomExpr =
  | { kind: "prim"; test: AtomTest; classes: ReadonlySet<number> | null }
  | { kind: "recursive"; pattern: ParsedSmarts }
  | { kind: "not"; child: AtomExpr }
  | { kind: "and" | "or"; children: AtomExpr[] };

/** A SMARTS pattern read into its atoms' expressions, its bonds' tests and where each component starts. */
export interface ParsedSmarts {
  smarts: string;
  atoms: AtomExpr[];
  bonds: PatternBond[];
  componentStarts: number[];
}

const ELEMENT_LIKE_ORGANIC = ["Cl", "Br", "B", "C", "N", "O", "P", "S", "F", "I"];
const AROMATIC_SYMBOLS = ["se", "te", "as", "c", "n", "o", "s", "p", "b"];

export class SmartsError extends Error {}

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
      const pattern = parseSmarts(smarts.slice(i + 2, j));
      i = j + 1;
      return { kind: "recursive", pattern };
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

/** Reads a SMARTS pattern; throws on anything the matcher does not implement. */
export function parseSmarts(smarts: string): ParsedSmarts {
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

  return { smarts, atoms, bonds, componentStarts };
}
