import { CRIPPEN_TYPES } from "./crippen-types";
import { ELEMENT_SYMBOLS } from "./elements";
import type { MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";
import type { RDKitDescriptors } from "./rdkit-descriptors";
import {
  compileSmarts,
  countUniqueMatches,
  matchesAt,
  matchGraphApplies,
  matchGraphOf,
  withExplicitHydrogens,
  type MatchGraph,
  type SmartsPattern,
} from "./smarts/index";

/**
 * The RDKit descriptors we report, computed from the molecule graph instead of RDKit.js's
 * `get_descriptors()`. That call evaluates all 43 RDKit properties, and ~85% of its time goes
 * to the chi, kappa and Phi indices (path enumeration) that we do not use. Each value here
 * repeats the RDKit 2026.09 C++ function behind the `get_descriptors()` field, operation for
 * operation (same atom order, same floating-point sums), and the tests check the results are
 * identical to `get_descriptors()` on the reference set and DrugCentral:
 *
 * - `amw`/`exactmw`: `calcAMW`/`calcExactMW` (`MolOps::getAvgMolWt`/`getExactMolWt`), with the
 *   masses read from RDKit.js itself, one element or isotope at a time, and kept;
 * - `CrippenClogP`: `calcCrippenDescriptors` — `MolOps::addHs`, then each atom gets the first of
 *   RDKit's 110 Crippen types whose SMARTS matches on it, and the contributions are summed in
 *   atom order (hydrogens last, in the order addHs appends them);
 * - `tpsa`: `getTPSAAtomContribs` (N and O only, RDKit's default);
 * - `NumHBD`, `NumHBA`, `NumRotatableBonds` (Strict, RDKit's default): the SMARTS of
 *   `Lipinski.cpp` counted as `SubstructMatch` counts them;
 * - the rest are direct counts (`calcLipinskiHBA/HBD`, `calcNumRings`, `calcNumAromaticRings`,
 *   `getNumHeavyAtoms`, `calcFractionCSP3`).
 *
 * Molecules with what this does not model (`matchGraphApplies`: dummy atoms; bonds other than
 * single, double, triple and aromatic) get `null`, and the caller uses `get_descriptors()`.
 */

/** `calcNumHBD`'s SMARTS in RDKit 2026.09 (`Lipinski.cpp`). */
export const HBD_SMARTS = "[N&!H0&v3,N&!H0&+1&v4,O&H1&+0,S&H1&+0,n&H1&+0]";
/** `calcNumHBA`'s SMARTS in RDKit 2026.09: unlike 2022.09, aromatic N must have two connections (`nH0X2`). */
export const HBA_SMARTS =
  "[$([O,S;H1;v2]-[!$(*=[O,N,P,S])]),$([O,S;H0;v2]),$([O,S;-]),$([N;v3;!$(N-*=!@[O,N,P,S])]),$([nH0X2,o,s;+0])]";
/** `calcNumRotatableBonds(Strict)`'s SMARTS in RDKit 2026.09 (2022.09 lacks the `!$([CH3])` terms). */
export const ROTATABLE_BOND_SMARTS =
  "[!$(*#*)&!D1&!$(C(F)(F)F)&!$(C(Cl)(Cl)Cl)&!$(C(Br)(Br)Br)&!$(C([CH3])([CH3])[CH3])&!$([CH3])&!$([CD3](=[N,O,S])-!@[#7,O,S!D1])&!$([#7,O,S!D1]-!@[CD3]=[N,O,S])&!$([CD3](=[N+])-!@[#7!D1])&!$([#7!D1]-!@[CD3]=[N+])]-,:;!@[!$(*#*)&!D1&!$(C(F)(F)F)&!$(C(Cl)(Cl)Cl)&!$(C(Br)(Br)Br)&!$(C([CH3])([CH3])[CH3])&!$([CH3])]";

const AROMATIC_BOND = 12;

interface Patterns {
  hbd: SmartsPattern;
  hba: SmartsPattern;
  rotatable: SmartsPattern;
  crippen: { pattern: SmartsPattern; logp: number }[];
  /** Per atom class (2 × atomic number + aromatic flag), the Crippen types whose first atom can have it. */
  crippenByClass: Map<number, number[]>;
}

let patterns: Patterns | undefined;

function compiledPatterns(): Patterns {
  patterns ??= {
    hbd: compileSmarts(HBD_SMARTS),
    hba: compileSmarts(HBA_SMARTS),
    rotatable: compileSmarts(ROTATABLE_BOND_SMARTS),
    crippen: CRIPPEN_TYPES.map(([, smarts, logp]) => ({ pattern: compileSmarts(smarts), logp })),
    crippenByClass: new Map(),
  };
  return patterns;
}

function crippenCandidates(p: Patterns, atomClass: number): number[] {
  let candidates = p.crippenByClass.get(atomClass);
  if (!candidates) {
    candidates = [];
    p.crippen.forEach(({ pattern }, index) => {
      const mask = pattern.classMasks[0];
      if (!mask || mask[atomClass] === 1) candidates!.push(index);
    });
    p.crippenByClass.set(atomClass, candidates);
  }
  return candidates;
}

// ---------------------------------------------------------------------------------------------
// Masses, asked of RDKit.js once per element and isotope (the same PeriodicTable it uses).

interface ElementMasses {
  /** `PeriodicTable::getAtomicWeight`: what `Atom::getMass` gives for an atom without isotope. */
  weight: number;
  /** `PeriodicTable::getMostCommonIsotopeMass`. */
  commonIsotope: number;
}

const elementMasses = new WeakMap<RDKitModule, Map<number, ElementMasses>>();
const isotopeMasses = new WeakMap<RDKitModule, Map<string, number>>();

/**
 * amw and exactmw of a one-atom SMILES: a lone bracket atom carries no hydrogens, so they are
 * its masses. (Hydrogens are kept, so that "[H]" is read without RDKit's warning about a lone H.)
 */
function oneAtomMasses(rdkit: RDKitModule, smiles: string): { amw: number; exactmw: number } {
  const mol = rdkit.get_mol(smiles, JSON.stringify({ removeHs: false }));
  if (!mol) throw new Error(`RDKit cannot build ${smiles}`);
  try {
    if (mol.get_num_atoms() !== 1) throw new Error(`${smiles} is not one atom for RDKit`);
    return JSON.parse(mol.get_descriptors()) as { amw: number; exactmw: number };
  } finally {
    mol.delete();
  }
}

function massesOf(rdkit: RDKitModule, z: number): ElementMasses {
  let table = elementMasses.get(rdkit);
  if (!table) elementMasses.set(rdkit, (table = new Map()));
  let masses = table.get(z);
  if (!masses) {
    const { amw, exactmw } = oneAtomMasses(rdkit, `[${ELEMENT_SYMBOLS[z]}]`);
    masses = { weight: amw, commonIsotope: exactmw };
    table.set(z, masses);
  }
  return masses;
}

function isotopeMass(rdkit: RDKitModule, z: number, isotope: number): number {
  let table = isotopeMasses.get(rdkit);
  if (!table) isotopeMasses.set(rdkit, (table = new Map()));
  const key = `${isotope}${ELEMENT_SYMBOLS[z]}`;
  let mass = table.get(key);
  if (mass === undefined) {
    mass = oneAtomMasses(rdkit, `[${key}]`).amw;
    table.set(key, mass);
  }
  return mass;
}

/**
 * RDKit's `constants::electronMass` (u), which 2026.09's `getExactMolWt` subtracts per unit of
 * formal charge: the value that reproduces RDKit.js's exactmw of charged atoms bit for bit.
 */
export const ELECTRON_MASS = 5.4857991e-4;

// ---------------------------------------------------------------------------------------------

/** `getTPSAAtomContribs` summed, as RDKit 2026.09 computes it (N and O only). */
function topologicalPolarSurfaceArea(graph: MolGraph, inThreeRing: Uint8Array): number {
  const n = graph.atomicNumbers.length;
  const nNbrs = new Int32Array(n);
  const nSing = new Int32Array(n);
  const nDoub = new Int32Array(n);
  const nTrip = new Int32Array(n);
  const nArom = new Int32Array(n);
  const nHs = new Int32Array(n);
  graph.bondAtoms.forEach(([begin, end], bond) => {
    if (graph.atomicNumbers[begin] === 1) {
      nNbrs[end]!--;
      nHs[end]!++;
    } else if (graph.atomicNumbers[end] === 1) {
      nNbrs[begin]!--;
      nHs[begin]!++;
    } else {
      const type = graph.bondTypes[bond];
      const counter =
        type === AROMATIC_BOND ? nArom : type === 1 ? nSing : type === 2 ? nDoub : type === 3 ? nTrip : null;
      if (counter) {
        counter[begin]!++;
        counter[end]!++;
      }
    }
  });
  let result = 0;
  for (let i = 0; i < n; i++) {
    const z = graph.atomicNumbers[i]!;
    if (z !== 7 && z !== 8) continue;
    nHs[i]! += graph.attachedHs[i]!;
    const chg = graph.formalCharges[i]!;
    const in3Ring = inThreeRing[i] === 1;
    nNbrs[i]! += graph.neighbours[i]!.length;
    const [nbrs, hs, sing, doub, trip, arom] = [nNbrs[i]!, nHs[i]!, nSing[i]!, nDoub[i]!, nTrip[i]!, nArom[i]!];
    let tmp = -1;
    if (z === 7) {
      switch (nbrs) {
        case 1:
          if (hs === 0 && chg === 0 && trip === 1) tmp = 23.79;
          else if (hs === 1 && chg === 0 && doub === 1) tmp = 23.85;
          else if (hs === 2 && chg === 0 && sing === 1) tmp = 26.02;
          else if (hs === 2 && chg === 1 && doub === 1) tmp = 25.59;
          else if (hs === 3 && chg === 1 && sing === 1) tmp = 27.64;
          break;
        case 2:
          if (hs === 0 && chg === 0 && sing === 1 && doub === 1) tmp = 12.36;
          else if (hs === 0 && chg === 0 && trip === 1 && doub === 1) tmp = 13.6;
          else if (hs === 1 && chg === 0 && sing === 2 && in3Ring) tmp = 21.94;
          else if (hs === 1 && chg === 0 && sing === 2 && !in3Ring) tmp = 12.03;
          else if (hs === 0 && chg === 1 && trip === 1 && sing === 1) tmp = 4.36;
          else if (hs === 1 && chg === 1 && doub === 1 && sing === 1) tmp = 13.97;
          else if (hs === 2 && chg === 1 && sing === 2) tmp = 16.61;
          else if (hs === 0 && chg === 0 && arom === 2) tmp = 12.89;
          else if (hs === 1 && chg === 0 && arom === 2) tmp = 15.79;
          else if (hs === 1 && chg === 1 && arom === 2) tmp = 14.14;
          break;
        case 3:
          if (hs === 0 && chg === 0 && sing === 3 && in3Ring) tmp = 3.01;
          else if (hs === 0 && chg === 0 && sing === 3 && !in3Ring) tmp = 3.24;
          else if (hs === 0 && chg === 0 && sing === 1 && doub === 2) tmp = 11.68;
          else if (hs === 0 && chg === 1 && sing === 2 && doub === 1) tmp = 3.01;
          else if (hs === 1 && chg === 1 && sing === 3) tmp = 4.44;
          else if (hs === 0 && chg === 0 && arom === 3) tmp = 4.41;
          else if (hs === 0 && chg === 0 && sing === 1 && arom === 2) tmp = 4.93;
          else if (hs === 0 && chg === 0 && doub === 1 && arom === 2) tmp = 8.39;
          else if (hs === 0 && chg === 1 && arom === 3) tmp = 4.1;
          else if (hs === 0 && chg === 1 && sing === 1 && arom === 2) tmp = 3.88;
          break;
        case 4:
          if (hs === 0 && sing === 4 && chg === 1) tmp = 0.0;
          break;
      }
      if (tmp < 0.0) {
        tmp = 30.5 - nbrs * 8.2 + hs * 1.5;
        if (tmp < 0) tmp = 0.0;
      }
    } else {
      switch (nbrs) {
        case 1:
          if (hs === 0 && chg === 0 && doub === 1) tmp = 17.07;
          else if (hs === 1 && chg === 0 && sing === 1) tmp = 20.23;
          else if (hs === 0 && chg === -1 && sing === 1) tmp = 23.06;
          break;
        case 2:
          if (hs === 0 && chg === 0 && sing === 2 && in3Ring) tmp = 12.53;
          else if (hs === 0 && chg === 0 && sing === 2 && !in3Ring) tmp = 9.23;
          else if (hs === 0 && chg === 0 && arom === 2) tmp = 13.14;
          break;
      }
      if (tmp < 0.0) {
        tmp = 28.5 - nbrs * 8.6 + hs * 1.5;
        if (tmp < 0) tmp = 0.0;
      }
    }
    result += tmp;
  }
  return result;
}

/** `calcClogP`: Crippen types on the hydrogen-complete graph, contributions summed in atom order. */
function crippenLogP(p: Patterns, explicit: MatchGraph): number {
  let logp = 0;
  for (let atom = 0; atom < explicit.atomCount; atom++) {
    for (const index of crippenCandidates(p, 2 * explicit.atomicNumber[atom]! + explicit.aromatic[atom]!)) {
      const type = p.crippen[index]!;
      if (matchesAt(type.pattern, explicit, atom)) {
        logp += type.logp;
        break;
      }
    }
  }
  return logp;
}

/** The `get_descriptors()` fields we use, or null when {@link matchGraphApplies} says the graph is not modelled. */
export function graphDescriptors(
  rdkit: RDKitModule,
  graph: MolGraph,
  matchGraph?: MatchGraph,
): RDKitDescriptors | null {
  if (!matchGraphApplies(graph)) return null;
  matchGraph ??= matchGraphOf(graph);
  const p = compiledPatterns();
  const n = graph.atomicNumbers.length;
  const hydrogen = massesOf(rdkit, 1);

  let amw = 0;
  let exactmw = 0;
  let implicitHs = 0;
  let heavyAtoms = 0;
  let carbons = 0;
  let sp3Carbons = 0;
  let lipinskiHBA = 0;
  let lipinskiHBD = 0;
  for (let atom = 0; atom < n; atom++) {
    const z = graph.atomicNumbers[atom]!;
    const isotope = graph.isotopes[atom]!;
    const hs = graph.attachedHs[atom]!;
    const masses = massesOf(rdkit, z);
    const mass = isotope === 0 ? masses.weight : isotopeMass(rdkit, z, isotope);
    amw += mass;
    amw += hs * hydrogen.weight;
    exactmw += isotope === 0 ? masses.commonIsotope : mass;
    exactmw -= ELECTRON_MASS * graph.formalCharges[atom]!;
    implicitHs += hs;
    if (z > 1) heavyAtoms++;
    if (z === 6) {
      carbons++;
      if (graph.neighbours[atom]!.length + hs === 4) sp3Carbons++;
    } else if (z === 7 || z === 8) {
      lipinskiHBA++;
      lipinskiHBD += matchGraph.totalHs[atom]!;
    }
  }
  exactmw += implicitHs * hydrogen.commonIsotope;

  const inThreeRing = new Uint8Array(n);
  let aromaticRings = 0;
  const bondOf = (a: number, b: number) => graph.neighbours[a]!.find(([, other]) => other === b)![0];
  for (const ring of graph.atomRings) {
    if (ring.length === 3) for (const atom of ring) inThreeRing[atom] = 1;
    if (ring.every((atom, k) => graph.bondTypes[bondOf(atom, ring[(k + 1) % ring.length]!)] === AROMATIC_BOND))
      aromaticRings++;
  }

  return {
    amw,
    exactmw,
    CrippenClogP: crippenLogP(p, withExplicitHydrogens(matchGraph, graph)),
    tpsa: topologicalPolarSurfaceArea(graph, inThreeRing),
    NumHBD: countUniqueMatches(p.hbd, matchGraph),
    NumHBA: countUniqueMatches(p.hba, matchGraph),
    lipinskiHBD,
    lipinskiHBA,
    NumRotatableBonds: countUniqueMatches(p.rotatable, matchGraph),
    NumRings: graph.atomRings.length,
    NumAromaticRings: aromaticRings,
    NumHeavyAtoms: heavyAtoms,
    NumAtoms: n + implicitHs,
    FractionCSP3: carbons === 0 ? 0 : sp3Carbons / carbons,
  };
}
