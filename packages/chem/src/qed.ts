/*
 * Port of RDKit's rdkit/Chem/QED.py (RDKit 2022.09), which carries this notice:
 *
 *  Copyright (c) 2009-2017, Novartis Institutes for BioMedical Research Inc.
 *  All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are
 * met:
 *
 *     * Redistributions of source code must retain the above copyright
 *       notice, this list of conditions and the following disclaimer.
 *     * Redistributions in binary form must reproduce the above
 *       copyright notice, this list of conditions and the following
 *       disclaimer in the documentation and/or other materials provided
 *       with the distribution.
 *     * Neither the name of Novartis Institutes for BioMedical Research Inc.
 *       nor the names of its contributors may be used to endorse or promote
 *       products derived from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 * "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 * LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
 * A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
 * OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
 * SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
 * LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
 * DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
 * THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
import type { Mol } from "@rdkit/rdkit";
import { readMolGraph, type MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";
import { graphDescriptors } from "./graph-descriptors";
import { readRDKitDescriptors, type RDKitDescriptors } from "./rdkit-descriptors";
import { ACCEPTOR_SMARTS, STRUCTURAL_ALERT_SMARTS } from "./qed-patterns";
import {
  compileSmarts,
  countUniqueMatches,
  hasMatch,
  matchGraphApplies,
  matchGraphOf,
  type MatchGraph,
  type SmartsPattern,
} from "./smarts/index";
import { mayMatch, moleculeFeatures, smartsScreen, type SmartsScreen } from "./smarts-screen";

/**
 * QED, the quantitative estimate of drug-likeness: Bickerton, Paolini, Besnard, Muresan &
 * Hopkins, "Quantifying the chemical beauty of drugs", Nat Chem 2012, 4:90-98,
 * doi:10.1038/nchem.1243, ported from RDKit 2022.09 `rdkit/Chem/QED.py` (descriptor
 * version 1.1.0): same ADS parameters, weights, acceptor and alert SMARTS. Each property
 * comes from the RDKit function QED.py calls, as RDKit.js's `get_descriptors()` computes it
 * (reproduced from the graph by `graph-descriptors.ts`, identical values):
 * MW `_CalcMolWt` = `amw`, ALOGP `Crippen.MolLogP` = `CrippenClogP`, PSA `MolSurf.TPSA` =
 * `tpsa`, HBD `CalcNumHBD` = `NumHBD`, ROTB `CalcNumRotatableBonds(Strict)` = `NumRotatableBonds`
 * (RDKit's default is Strict); HBA, AROM and ALERTS are computed here as QED.py does.
 * QED.py first calls `Chem.RemoveHs`; molecules parsed from SMILES already went through it,
 * so the molecule is used as given.
 */

export interface QedProperties {
  MW: number;
  ALOGP: number;
  HBA: number;
  HBD: number;
  PSA: number;
  ROTB: number;
  AROM: number;
  ALERTS: number;
}
export type QedWeights = Record<keyof QedProperties, number>;
interface AdsParameter {
  A: number;
  B: number;
  C: number;
  D: number;
  E: number;
  F: number;
  DMAX: number;
}

export const WEIGHT_MAX: QedWeights = {
  MW: 0.5,
  ALOGP: 0.25,
  HBA: 0.0,
  HBD: 0.5,
  PSA: 0.0,
  ROTB: 0.5,
  AROM: 0.25,
  ALERTS: 1.0,
};
export const WEIGHT_MEAN: QedWeights = {
  MW: 0.66,
  ALOGP: 0.46,
  HBA: 0.05,
  HBD: 0.61,
  PSA: 0.06,
  ROTB: 0.65,
  AROM: 0.48,
  ALERTS: 0.95,
};
export const WEIGHT_NONE: QedWeights = { MW: 1, ALOGP: 1, HBA: 1, HBD: 1, PSA: 1, ROTB: 1, AROM: 1, ALERTS: 1 };

const ADS_PARAMETERS: Record<keyof QedProperties, AdsParameter> = {
  MW: {
    A: 2.817065973,
    B: 392.5754953,
    C: 290.7489764,
    D: 2.419764353,
    E: 49.22325677,
    F: 65.37051707,
    DMAX: 104.9805561,
  },
  ALOGP: {
    A: 3.172690585,
    B: 137.8624751,
    C: 2.534937431,
    D: 4.581497897,
    E: 0.822739154,
    F: 0.576295591,
    DMAX: 131.3186604,
  },
  HBA: {
    A: 2.948620388,
    B: 160.4605972,
    C: 3.615294657,
    D: 4.435986202,
    E: 0.290141953,
    F: 1.300669958,
    DMAX: 148.7763046,
  },
  HBD: {
    A: 1.618662227,
    B: 1010.051101,
    C: 0.985094388,
    D: 0.000000001,
    E: 0.713820843,
    F: 0.920922555,
    DMAX: 258.1632616,
  },
  PSA: {
    A: 1.876861559,
    B: 125.2232657,
    C: 62.90773554,
    D: 87.83366614,
    E: 12.01999824,
    F: 28.51324732,
    DMAX: 104.5686167,
  },
  ROTB: { A: 0.01, B: 272.4121427, C: 2.55837997, D: 1.565547684, E: 1.271567166, F: 2.758063707, DMAX: 105.4420403 },
  AROM: {
    A: 3.21778897,
    B: 957.7374108,
    C: 2.274627939,
    D: 0.000000001,
    E: 1.317690384,
    F: 0.375760881,
    DMAX: 312.337261,
  },
  ALERTS: { A: 0.01, B: 1199.094025, C: -0.09002883, D: 0.000000001, E: 0.185904477, F: 0.875193782, DMAX: 417.725314 },
};

/** RDKit `Bond::BondType` values, as `MolGraph.bondTypes` encodes them. */
const AROMATIC_BOND = 12;
const SINGLE_OR_AROMATIC = new Set([1, AROMATIC_BOND]);

/** A compiled QED SMARTS with the cheap screen that lets most searches be skipped. */
interface QedPattern {
  smarts: string;
  pattern: SmartsPattern;
  screen: SmartsScreen;
}
interface QedPatterns {
  acceptors: QedPattern[];
  alerts: QedPattern[];
}

/**
 * The SMARTS, compiled once for our matcher (`smarts/`): it searches the graph already read
 * from RDKit.js, instead of crossing into WebAssembly (and parsing a JSON answer) 127 times per
 * molecule. The tests check it agrees with RDKit.js's own substructure search on every pattern.
 */
let compiledPatterns: QedPatterns | undefined;

function compileQedPattern(smarts: string): QedPattern {
  return { smarts, pattern: compileSmarts(smarts), screen: smartsScreen(smarts) };
}

function qedPatterns(): QedPatterns {
  compiledPatterns ??= {
    acceptors: ACCEPTOR_SMARTS.map(compileQedPattern),
    alerts: STRUCTURAL_ALERT_SMARTS.map(compileQedPattern),
  };
  return compiledPatterns;
}

/**
 * The same SMARTS as RDKit.js query molecules, for the molecules our matcher does not model
 * (`matchGraphApplies`: dummy atoms, dative and other unusual bonds); compiled on first need,
 * once per RDKit module, and kept for its lifetime (never deleted).
 */
const rdkitQueries = new WeakMap<RDKitModule, Map<string, Mol>>();

function rdkitQuery(rdkit: RDKitModule, smarts: string): Mol {
  let queries = rdkitQueries.get(rdkit);
  if (!queries) rdkitQueries.set(rdkit, (queries = new Map()));
  let query = queries.get(smarts);
  if (!query) {
    const compiled = rdkit.get_qmol(smarts);
    if (!compiled) throw new Error(`RDKit rejected the QED SMARTS ${smarts}`);
    queries.set(smarts, (query = compiled));
  }
  return query;
}

/** Number of (unique) matches, as `len(mol.GetSubstructMatches(pattern))`, through RDKit.js. */
function rdkitMatchCount(rdkit: RDKitModule, mol: Mol, smarts: string): number {
  const matches: unknown = JSON.parse(mol.get_substruct_matches(rdkitQuery(rdkit, smarts)));
  return Array.isArray(matches) ? matches.length : 0;
}

/**
 * AROM: `len(Chem.GetSSSR(Chem.DeleteSubstructs(mol, AliphaticRings)))` with AliphaticRings
 * `[$([A;R][!a])]`. Deleting every aliphatic ring atom singly bonded to a non-aromatic atom leaves
 * (mostly) aromatic ring systems, and an SSSR has exactly as many rings as the graph's cycle
 * rank, bonds − atoms + connected components, which is what is counted here.
 */
function aromaticRingCount(graph: MolGraph): number {
  const atomCount = graph.atomicNumbers.length;
  const aromatic = new Uint8Array(atomCount);
  graph.bondAtoms.forEach(([a, b], bond) => {
    if (graph.bondTypes[bond] === AROMATIC_BOND) aromatic[a] = aromatic[b] = 1;
  });
  const inRing = new Uint8Array(atomCount);
  for (const ring of graph.atomRings) for (const atom of ring) inRing[atom] = 1;
  const deleted = new Uint8Array(atomCount);
  for (let atom = 0; atom < atomCount; atom++) {
    if (aromatic[atom] || !inRing[atom]) continue;
    // An unspecified SMARTS bond means single or aromatic: a ring C=O alone does not qualify.
    const qualifies = ([bond, neighbour]: [number, number]) =>
      !aromatic[neighbour] && SINGLE_OR_AROMATIC.has(graph.bondTypes[bond]!);
    if (graph.neighbours[atom]!.some(qualifies)) deleted[atom] = 1;
  }

  const parent = Array.from({ length: atomCount }, (_, atom) => atom);
  const root = (atom: number): number => {
    while (parent[atom] !== atom) atom = parent[atom] = parent[parent[atom]!]!;
    return atom;
  };
  let keptAtoms = 0;
  for (let atom = 0; atom < atomCount; atom++) if (!deleted[atom]) keptAtoms++;
  let components = keptAtoms;
  let bonds = 0;
  for (const [a, b] of graph.bondAtoms) {
    if (deleted[a] || deleted[b]) continue;
    bonds++;
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) {
      parent[ra] = rb;
      components--;
    }
  }
  return bonds - keptAtoms + components;
}

/**
 * QED.py `properties(mol)`, reusing a graph and descriptors the caller already read (and the
 * match graph, when the caller built one). HBA counts each acceptor pattern's matches,
 * `len(mol.GetSubstructMatches(pattern))`; ALERTS counts the alert patterns that match.
 */
export function qedProperties(
  rdkit: RDKitModule,
  mol: Mol,
  graph: MolGraph,
  descriptors: RDKitDescriptors,
  matchGraph?: MatchGraph,
): QedProperties {
  const patterns = qedPatterns();
  const features = moleculeFeatures(graph);
  let acceptors = 0;
  let alerts = 0;
  if (matchGraphApplies(graph)) {
    matchGraph ??= matchGraphOf(graph);
    for (const { pattern, screen } of patterns.acceptors)
      if (mayMatch(screen, features)) acceptors += countUniqueMatches(pattern, matchGraph);
    for (const { pattern, screen } of patterns.alerts)
      if (mayMatch(screen, features) && hasMatch(pattern, matchGraph)) alerts++;
  } else {
    for (const { smarts, screen } of patterns.acceptors)
      if (mayMatch(screen, features)) acceptors += rdkitMatchCount(rdkit, mol, smarts);
    for (const { smarts, screen } of patterns.alerts)
      if (mayMatch(screen, features) && mol.get_substruct_match(rdkitQuery(rdkit, smarts)) !== "{}") alerts++;
  }
  return {
    MW: descriptors.amw,
    ALOGP: descriptors.CrippenClogP,
    HBA: acceptors,
    HBD: descriptors.NumHBD,
    PSA: descriptors.tpsa,
    ROTB: descriptors.NumRotatableBonds,
    AROM: aromaticRingCount(graph),
    ALERTS: alerts,
  };
}

/** QED.py `ads`: the asymmetric double sigmoid, scaled to a desirability in (0, 1]. */
function ads(x: number, p: AdsParameter): number {
  const exp1 = 1 + Math.exp((-1 * (x - p.C + p.D / 2)) / p.E);
  const exp2 = 1 + Math.exp((-1 * (x - p.C - p.D / 2)) / p.F);
  const dx = p.A + (p.B / exp1) * (1 - 1 / exp2);
  return dx / p.DMAX;
}

/** QED.py `qed(mol, w, qedProperties)`: weighted geometric mean of the eight desirabilities. */
export function qedFromProperties(properties: QedProperties, weights: QedWeights = WEIGHT_MEAN): number {
  let weighted = 0;
  let totalWeight = 0;
  for (const name of Object.keys(ADS_PARAMETERS) as (keyof QedProperties)[]) {
    weighted += weights[name] * Math.log(ads(properties[name], ADS_PARAMETERS[name]));
    totalWeight += weights[name];
  }
  return Math.exp(weighted / totalWeight);
}

/** QED of a molecule the caller owns, with the mean weights by default (QED.py `qed`/`default`). */
export function qed(rdkit: RDKitModule, mol: Mol, weights: QedWeights = WEIGHT_MEAN): number {
  return qedProfile(rdkit, mol, weights).qed;
}

/**
 * QED with the eight properties it was computed from, so that a caller who also needs MW (`_CalcMolWt`),
 * ALOGP (`Crippen.MolLogP`) or PSA (`TPSA`) reads them here instead of asking RDKit.js's
 * `get_descriptors()` for all its descriptors again.
 */
export function qedProfile(
  rdkit: RDKitModule,
  mol: Mol,
  weights: QedWeights = WEIGHT_MEAN,
  /** The molecule's graph, when the caller already read it with `readMolGraph`. */
  graph: MolGraph = readMolGraph(mol),
): { qed: number; properties: QedProperties } {
  const descriptors = graphDescriptors(rdkit, graph) ?? readRDKitDescriptors(mol);
  const properties = qedProperties(rdkit, mol, graph, descriptors);
  return { qed: qedFromProperties(properties, weights), properties };
}
