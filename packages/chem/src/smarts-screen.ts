import { atomicNumber } from "./elements";
import type { MolGraph } from "./morgan-environments";

/** What a molecule contains, read once from its graph, to rule SMARTS patterns out cheaply. */
export interface MoleculeFeatures {
  elements: Set<number>;
  hasCharge: boolean;
  hasTripleBond: boolean;
  /** Atoms per element, and per element those RDKit marked aromatic and those it did not. */
  elementCounts: Map<number, number>;
  aromaticCounts: Map<number, number>;
  aliphaticCounts: Map<number, number>;
}

/**
 * A necessary condition for a SMARTS pattern to match, read from the pattern text: each
 * top-level atom limited to some elements (`I`, `[Cl,Br,I]`, `[#16]`, `[SH0;X2]`) needs one of
 * them in the molecule, a bracket atom that always carries a charge (`[N+]`, `[O-,S-]`) needs a
 * charged atom, and a top-level `#` bond needs a triple bond. What is not understood (recursive
 * SMARTS, negations, wildcards) adds no condition, so the screen never rejects a pattern that
 * could match; it only saves the substructure searches that cannot succeed. Since a match maps
 * the pattern's atoms to distinct atoms, the molecule also needs at least as many atoms of an
 * element as the pattern has top-level atoms limited to that element alone, and, for organic-
 * subset atoms written without brackets, as many aromatic (`c`, `n` …) or aliphatic (`C`, `N` …)
 * ones.
 */
export interface SmartsScreen {
  elementSets: number[][];
  needsCharge: boolean;
  needsTripleBond: boolean;
  /** [atomic number, atoms needed] */
  elementCounts: [number, number][];
  aromaticCounts: [number, number][];
  aliphaticCounts: [number, number][];
}

const ORGANIC_ATOM = /^(Cl|Br|[BCNOPSFI]|[bcnops])/;
const AROMATIC_ELEMENT = /^(se|te|as|[bcnops])/;
const BOND_EXPRESSION_CHARS = new Set([",", "!", ";", "&", "~", "=", "-", ":", "@", "/", "\\"]);
/** A nonzero charge primitive that is not negated ("+", "-2"; not "+0" or "!+"). */
const CHARGE_PRIMITIVE = /(^|[^!])[+-](?!0)/;

/** Atomic number of the element a bracket-atom term starts with ("SH0" → S, "#16" → S, "15N" → N, "se" → Se). */
function leadingElement(term: string): number | undefined {
  const atomicNumberPrimitive = /^#(\d+)/.exec(term);
  if (atomicNumberPrimitive) return Number(atomicNumberPrimitive[1]);
  const symbol = term.replace(/^\d+/, "");
  const aromatic = AROMATIC_ELEMENT.exec(symbol);
  if (aromatic) return atomicNumber(aromatic[1]![0]!.toUpperCase() + aromatic[1]!.slice(1));
  const twoLetters = /^[A-Z][a-z]/.exec(symbol);
  if (twoLetters && atomicNumber(twoLetters[0]) !== undefined) return atomicNumber(twoLetters[0]);
  // "H" leads H-count primitives as well as hydrogen itself: no condition.
  return /^[A-GI-Z]/.test(symbol) ? atomicNumber(symbol[0]!) : undefined;
}

/**
 * SMARTS operator precedence: ';' (lowest) joins conjuncts, each a ',' list of alternatives.
 * The atom satisfies every conjunct, so one conjunct whose alternatives all imply something suffices.
 */
function bracketRequirements(content: string): { elements?: number[]; charged: boolean } {
  if (content.includes("$(")) return { charged: false };
  let elements: number[] | undefined;
  let charged = false;
  for (const conjunct of content.split(";")) {
    const alternatives = conjunct.split(",");
    const numbers = alternatives.map(leadingElement);
    if (!elements && numbers.every((z) => z !== undefined)) elements = numbers as number[];
    if (alternatives.every((alternative) => CHARGE_PRIMITIVE.test(alternative))) charged = true;
  }
  return { elements, charged };
}

/** Organic-subset symbols that SMARTS reads as "aromatic" (lower case) or "aliphatic" (upper case) atoms. */
const AROMATIC_ORGANIC = new Set(["b", "c", "n", "o", "p", "s"]);
const ALIPHATIC_ORGANIC = new Set(["B", "C", "N", "O", "P", "S"]);

function increment(counts: Map<number, number>, z: number): void {
  counts.set(z, (counts.get(z) ?? 0) + 1);
}

export function smartsScreen(smarts: string): SmartsScreen {
  const elementCounts = new Map<number, number>();
  const aromaticCounts = new Map<number, number>();
  const aliphaticCounts = new Map<number, number>();
  const screen: SmartsScreen = {
    elementSets: [],
    needsCharge: false,
    needsTripleBond: false,
    elementCounts: [],
    aromaticCounts: [],
    aliphaticCounts: [],
  };
  for (let i = 0; i < smarts.length;) {
    const char = smarts[i]!;
    if (char === "[") {
      let depth = 0;
      let end = i;
      for (; end < smarts.length; end++) {
        if (smarts[end] === "[") depth++;
        else if (smarts[end] === "]" && --depth === 0) break;
      }
      const { elements, charged } = bracketRequirements(smarts.slice(i + 1, end));
      if (elements) screen.elementSets.push(elements);
      if (elements && elements.every((z) => z === elements[0])) increment(elementCounts, elements[0]!);
      if (charged) screen.needsCharge = true;
      i = end + 1;
      continue;
    }
    const organic = ORGANIC_ATOM.exec(smarts.slice(i));
    if (organic) {
      const z = leadingElement(organic[1]!)!;
      screen.elementSets.push([z]);
      increment(elementCounts, z);
      if (AROMATIC_ORGANIC.has(organic[1]!)) increment(aromaticCounts, z);
      else if (ALIPHATIC_ORGANIC.has(organic[1]!)) increment(aliphaticCounts, z);
      i += organic[1]!.length;
      continue;
    }
    // A bare '#' between atoms is a triple bond; one inside a bond expression ('=,#', '!#') is not required.
    if (
      char === "#" &&
      !BOND_EXPRESSION_CHARS.has(smarts[i - 1] ?? "") &&
      !BOND_EXPRESSION_CHARS.has(smarts[i + 1] ?? "")
    ) {
      screen.needsTripleBond = true;
    }
    i++;
  }
  screen.elementCounts = [...elementCounts].filter(([, count]) => count > 1);
  screen.aromaticCounts = [...aromaticCounts];
  screen.aliphaticCounts = [...aliphaticCounts];
  return screen;
}

export function moleculeFeatures(graph: MolGraph): MoleculeFeatures {
  const elementCounts = new Map<number, number>();
  const aromaticCounts = new Map<number, number>();
  const aliphaticCounts = new Map<number, number>();
  const aromatic = new Set(graph.aromaticAtoms);
  graph.atomicNumbers.forEach((z, atom) => {
    increment(elementCounts, z);
    increment(aromatic.has(atom) ? aromaticCounts : aliphaticCounts, z);
  });
  return {
    elements: new Set(graph.atomicNumbers),
    hasCharge: graph.formalCharges.some((charge) => charge !== 0),
    hasTripleBond: graph.bondTypes.includes(3),
    elementCounts,
    aromaticCounts,
    aliphaticCounts,
  };
}

const atLeast = (needed: [number, number][], present: Map<number, number>) =>
  needed.every(([z, count]) => (present.get(z) ?? 0) >= count);

/** False only when the pattern certainly cannot match a molecule with these features. */
export function mayMatch(screen: SmartsScreen, features: MoleculeFeatures): boolean {
  if (screen.needsTripleBond && !features.hasTripleBond) return false;
  if (screen.needsCharge && !features.hasCharge) return false;
  return (
    screen.elementSets.every((set) => set.some((z) => features.elements.has(z))) &&
    atLeast(screen.elementCounts, features.elementCounts) &&
    atLeast(screen.aromaticCounts, features.aromaticCounts) &&
    atLeast(screen.aliphaticCounts, features.aliphaticCounts)
  );
}
