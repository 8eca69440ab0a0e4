import type { Mol } from "@rdkit/rdkit";
import {
  atomPairCounts,
  bertzCT,
  bitSetTanimoto,
  countTanimoto,
  gobbiPharmacophoreBits,
  graphDescriptors,
  morganCountsOfGraph,
  readMolGraph,
  readRDKitDescriptors,
  type MoleculeGraph,
  type RDKitDescriptors,
  type RDKitModule,
} from "@sieve/chem";
import { isomerObjective } from "./isomer-task";
import type { MoleculeScore, Objective } from "./objective";
import { clippedLinear, gaussian, maxGaussian, minGaussian, weightedGeometricMean } from "./score-modifiers";

/**
 * PMO's median, MPO, SMARTS and hop tasks (Gao et al., NeurIPS 2022) as GuacaMol defines them
 * (Brown et al., J Chem Inf Model 2019, 59:1096; guacamol/standard_benchmarks.py 0.5.x:
 * `median_camphor_menthol`, `median_tadalafil_sildenafil`, `amlodipine_rings`,
 * `perindopril_rings`, `hard_fexofenadine`, `sitagliptin_replacement`,
 * `zaleplon_with_other_formula`, `valsartan_smarts`, `decoration_hop`, `scaffold_hop`), with
 * GuacaMol's own fingerprints: unfolded count vectors compared by RDKit's count Tanimoto.
 * ECFP4/ECFP6 = `GetMorganFingerprint(mol, 2|3)` (`@sieve/chem` `morganCountsOfGraph`), AP =
 * `GetAtomPairFingerprint(mol, maxLength=10)` (`atomPairCounts`); PHCO, the hop tasks' Gobbi 2D
 * pharmacophore bits (`Gen2DFingerprint(mol, Gobbi_Pharm2D.factory)`, `gobbiPharmacophoreBits`),
 * is a bit set compared by bit Tanimoto. logP and TPSA are RDKit's Crippen logP and TPSA, Bertz is
 * `GraphDescriptors.BertzCT` (`bertzCT`). The hop tasks combine their terms by GuacaMol's
 * `ArithmeticMeanScoringFunction`, every other task by its `GeometricMeanScoringFunction`.
 * bench/optimize/guacamol-reference.py recomputes them with RDKit in Python.
 */
export const GUACAMOL_MPO_REFERENCES = {
  camphor: "CC1(C)C2CCC1(C)C(=O)C2",
  menthol: "CC(C)C1CCC(C)CC1O",
  tadalafil: "O=C1N(CC(N2C1CC3=C(C2C4=CC5=C(OCO5)C=C4)NC6=C3C=CC=C6)=O)C",
  sildenafil: "CCCC1=NN(C2=C1N=C(NC2=O)C3=C(C=CC(=C3)S(=O)(=O)N4CCN(CC4)C)OCC)C",
  amlodipine: "Clc1ccccc1C2C(=C(/N/C(=C2/C(=O)OCC)COCCN)C)\\C(=O)OC",
  perindopril: "O=C(OCC)C(NC(C(=O)N1C(C(=O)O)CC2CCCCC12)C)CCC",
  fexofenadine: "CC(C)(C(=O)O)c1ccc(cc1)C(O)CCCN2CCC(CC2)C(O)(c3ccccc3)c4ccccc4",
  sitagliptin: "Fc1cc(c(F)cc1F)CC(N)CC(=O)N3Cc2nnc(n2CC3)C(F)(F)F",
  zaleplon: "O=C(C)N(CC)C1=CC=CC(C2=CC=NC3=C(C=NN23)C#N)=C1",
  /** deco_hop's and scaffold_hop's pharmacophore reference, a quinazoline kinase-inhibitor-like molecule. */
  hop: "CCCOc1cc2ncnc(Nc3ccc4ncsc4c3)c2cc1S(=O)(=O)C(C)(C)C",
} as const;
/** `valsartan_smarts`: the valsartan substructure, with sitagliptin's properties (sitagliptin as that function writes it). */
export const VALSARTAN_SMARTS = "CN(C=O)Cc1ccc(c2ccccc2)cc1";
const VALSARTAN_PROPERTY_SOURCE = "NC(CC(=O)N1CCn2c(nnc2C(F)(F)F)C1)Cc1cc(F)c(F)cc1F";

type CountFingerprint = (rdkit: RDKitModule, mol: Mol, graph: MoleculeGraph) => Map<number, number>;
const FINGERPRINTS = {
  ECFP4: (rdkit, _mol, graph) => morganCountsOfGraph(rdkit, graph, 2),
  ECFP6: (rdkit, _mol, graph) => morganCountsOfGraph(rdkit, graph, 3),
  AP: (rdkit, mol, graph) => atomPairCounts(rdkit, mol, graph, 10),
} satisfies Record<string, CountFingerprint>;
type FingerprintType = keyof typeof FINGERPRINTS;

/** The hop tasks' SMARTS: the reference's 4-amino-quinazoline core and its two decorations. */
export const HOP_SMARTS = {
  scaffold: "[#7]-c1n[c;h1]nc2[c;h1]c(-[#8])[c;h0][c;h1]c12",
  sulfone: "CS([#6])(=O)=O",
  benzothiazole_amine: "[#7]-c1ccc2ncsc2c1",
  decoration: "[#6]-[#6]-[#6]-[#8]-[#6]~[#6]~[#6]~[#6]~[#6]-[#7]-c1ccc2ncsc2c1",
} as const;

/** A molecule as the terms below read it: graph and descriptors computed once per call. */
interface Scored {
  mol: Mol;
  graph: MoleculeGraph;
  descriptors: () => RDKitDescriptors;
}
/** One GuacaMol scoring term: the raw value, reported as a property, and its desirability. */
interface Term {
  name: string;
  raw: (m: Scored) => number;
  modifier: (x: number) => number;
}

function withReference<T>(rdkit: RDKitModule, smiles: string, read: (m: Scored) => T): T {
  const mol = rdkit.get_mol(smiles);
  if (!mol) throw new Error(`RDKit cannot read the reference molecule ${smiles}`);
  try {
    return read(scoredOf(rdkit, mol));
  } finally {
    mol.delete();
  }
}

function scoredOf(rdkit: RDKitModule, mol: Mol, known?: MoleculeGraph): Scored {
  const graph = known ?? readMolGraph(mol);
  let descriptors: RDKitDescriptors | undefined;
  return {
    mol,
    graph,
    descriptors: () => (descriptors ??= graphDescriptors(rdkit, graph) ?? readRDKitDescriptors(mol)),
  };
}

/** GuacaMol `TanimotoScoringFunction(target, fp_type, score_modifier)`; the identity modifier by default. */
function tanimotoTerm(
  rdkit: RDKitModule,
  name: string,
  target: string,
  type: FingerprintType,
  modifier: (x: number) => number = (x) => x,
): Term {
  const fingerprint = FINGERPRINTS[type];
  const reference = withReference(rdkit, target, (m) => fingerprint(rdkit, m.mol, m.graph));
  return {
    name: `similarity_${name}_${type.toLowerCase()}`,
    raw: (m) => countTanimoto(fingerprint(rdkit, m.mol, m.graph), reference),
    modifier,
  };
}

/**
 * GuacaMol `TanimotoScoringFunction(target, fp_type="PHCO", score_modifier)`: bit Tanimoto of the
 * Gobbi 2D pharmacophore fingerprints.
 */
function pharmacophoreTerm(rdkit: RDKitModule, name: string, target: string, modifier: (x: number) => number): Term {
  const reference = withReference(rdkit, target, (m) => gobbiPharmacophoreBits(rdkit, m.mol, m.graph));
  return {
    name: `similarity_${name}_phco`,
    raw: (m) => bitSetTanimoto(gobbiPharmacophoreBits(rdkit, m.mol, m.graph), reference),
    modifier,
  };
}

const logpOf = (m: Scored) => m.descriptors().CrippenClogP;
const tpsaOf = (m: Scored) => m.descriptors().tpsa;
const bertzOf = (m: Scored) => bertzCT(m.graph);

/** GuacaMol `IsomerScoringFunction(formula)`: already a desirability in [0, 1]. */
function isomerTerm(formula: string): Term {
  const isomer = isomerObjective(formula);
  return { name: `isomer_${formula}`, raw: (m) => isomer.score(m.mol, m.graph).fitness, modifier: (x) => x };
}

const smartsQueries = new WeakMap<RDKitModule, Map<string, Mol>>();

/**
 * GuacaMol `SMARTSScoringFunction(target, inverse)`: 1 when the molecule contains the SMARTS, else
 * 0; the other way round when `inverse` (a group the molecule must lose). Its property is the match.
 */
function smartsTerm(rdkit: RDKitModule, name: string, smarts: string, inverse = false): Term {
  let queries = smartsQueries.get(rdkit);
  if (!queries) smartsQueries.set(rdkit, (queries = new Map()));
  let query = queries.get(smarts);
  if (!query) {
    query = rdkit.get_qmol(smarts) ?? undefined;
    if (!query) throw new Error(`RDKit cannot read the SMARTS ${smarts}`);
    queries.set(smarts, query);
  }
  const pattern = query;
  return {
    name,
    raw: (m) => ((JSON.parse(m.mol.get_substruct_match(pattern)) as { atoms?: number[] }).atoms?.length ? 1 : 0),
    modifier: inverse ? (x) => 1 - x : (x) => x,
  };
}

/** GuacaMol `GeometricMeanScoringFunction` over the terms; each term's raw value is reported. */
function geometricMeanObjective(rdkit: RDKitModule, name: string, terms: readonly Term[]): Objective {
  return termsObjective(rdkit, name, terms, (values) =>
    weightedGeometricMean(
      values,
      values.map(() => 1),
    ),
  );
}

/** GuacaMol `ArithmeticMeanScoringFunction` (equal weights) over the terms; each term's raw value is reported. */
function arithmeticMeanObjective(rdkit: RDKitModule, name: string, terms: readonly Term[]): Objective {
  return termsObjective(rdkit, name, terms, (values) => values.reduce((sum, v) => sum + v, 0) / values.length);
}

function termsObjective(
  rdkit: RDKitModule,
  name: string,
  terms: readonly Term[],
  combine: (values: number[]) => number,
): Objective {
  return {
    name,
    score(mol, graph): MoleculeScore {
      const m = scoredOf(rdkit, mol, graph);
      const properties: Record<string, number> = {};
      const values = terms.map((term) => {
        const raw = term.raw(m);
        properties[term.name] = raw;
        return term.modifier(raw);
      });
      return { fitness: combine(values), properties };
    },
  };
}

/** Median molecules 1: geometric mean of the ECFP4 similarities to menthol and camphor. */
export function median1Objective(rdkit: RDKitModule): Objective {
  const { menthol, camphor } = GUACAMOL_MPO_REFERENCES;
  return geometricMeanObjective(rdkit, "median1", [
    tanimotoTerm(rdkit, "menthol", menthol, "ECFP4"),
    tanimotoTerm(rdkit, "camphor", camphor, "ECFP4"),
  ]);
}

/** Median molecules 2: geometric mean of the ECFP6 similarities to tadalafil and sildenafil. */
export function median2Objective(rdkit: RDKitModule): Objective {
  const { tadalafil, sildenafil } = GUACAMOL_MPO_REFERENCES;
  return geometricMeanObjective(rdkit, "median2", [
    tanimotoTerm(rdkit, "tadalafil", tadalafil, "ECFP6"),
    tanimotoTerm(rdkit, "sildenafil", sildenafil, "ECFP6"),
  ]);
}

/** Amlodipine MPO: ECFP4 similarity to amlodipine, and three rings (Gaussian μ 3 σ 0.5 on the ring count). */
export function amlodipineMpoObjective(rdkit: RDKitModule): Objective {
  return geometricMeanObjective(rdkit, "amlodipine_mpo", [
    tanimotoTerm(rdkit, "amlodipine", GUACAMOL_MPO_REFERENCES.amlodipine, "ECFP4"),
    { name: "rings", raw: (m) => m.descriptors().NumRings, modifier: gaussian(3, 0.5) },
  ]);
}

/** Perindopril MPO: ECFP4 similarity to perindopril, and two aromatic rings (Gaussian μ 2 σ 0.5). */
export function perindoprilMpoObjective(rdkit: RDKitModule): Objective {
  return geometricMeanObjective(rdkit, "perindopril_mpo", [
    tanimotoTerm(rdkit, "perindopril", GUACAMOL_MPO_REFERENCES.perindopril, "ECFP4"),
    { name: "aromatic_rings", raw: (m) => m.descriptors().NumAromaticRings, modifier: gaussian(2, 0.5) },
  ]);
}

/**
 * Fexofenadine MPO ("make fexofenadine less greasy"): AP similarity to fexofenadine (clipped
 * linear to 1 at 0.8), TPSA at least 90 (MaxGaussian σ 10) and logP at most 4 (MinGaussian σ 1).
 */
export function fexofenadineMpoObjective(rdkit: RDKitModule): Objective {
  return geometricMeanObjective(rdkit, "fexofenadine_mpo", [
    tanimotoTerm(rdkit, "fexofenadine", GUACAMOL_MPO_REFERENCES.fexofenadine, "AP", clippedLinear(0.8)),
    { name: "tpsa", raw: tpsaOf, modifier: maxGaussian(90, 10) },
    { name: "logp", raw: logpOf, modifier: minGaussian(4, 1) },
  ]);
}

/**
 * Sitagliptin MPO: unlike sitagliptin (ECFP4 similarity, Gaussian μ 0 σ 0.1) but with its logP
 * (Gaussian σ 0.2), its TPSA (Gaussian σ 5) and its formula C16H15F6N5O (isomer score).
 */
export function sitagliptinMpoObjective(rdkit: RDKitModule): Objective {
  const { sitagliptin } = GUACAMOL_MPO_REFERENCES;
  const [logp, tpsa] = withReference(rdkit, sitagliptin, (m) => [logpOf(m), tpsaOf(m)]);
  return geometricMeanObjective(rdkit, "sitagliptin_mpo", [
    tanimotoTerm(rdkit, "sitagliptin", sitagliptin, "ECFP4", gaussian(0, 0.1)),
    { name: "logp", raw: logpOf, modifier: gaussian(logp!, 0.2) },
    { name: "tpsa", raw: tpsaOf, modifier: gaussian(tpsa!, 5) },
    isomerTerm("C16H15F6N5O"),
  ]);
}

/** Zaleplon MPO: ECFP4 similarity to zaleplon, with the formula C19H17N3O2 (isomer score). */
export function zaleplonMpoObjective(rdkit: RDKitModule): Objective {
  return geometricMeanObjective(rdkit, "zaleplon_mpo", [
    tanimotoTerm(rdkit, "zaleplon", GUACAMOL_MPO_REFERENCES.zaleplon, "ECFP4"),
    isomerTerm("C19H17N3O2"),
  ]);
}

/**
 * Valsartan SMARTS: contains valsartan's `CN(C=O)Cc1ccc(c2ccccc2)cc1` (0 otherwise), with
 * sitagliptin's logP (Gaussian σ 0.2), TPSA (σ 5) and Bertz complexity (σ 30).
 */
export function valsartanSmartsObjective(rdkit: RDKitModule): Objective {
  const [logp, tpsa, bertz] = withReference(rdkit, VALSARTAN_PROPERTY_SOURCE, (m) => [
    logpOf(m),
    tpsaOf(m),
    bertzOf(m),
  ]);
  return geometricMeanObjective(rdkit, "valsartan_smarts", [
    smartsTerm(rdkit, "smarts_match", VALSARTAN_SMARTS),
    { name: "logp", raw: logpOf, modifier: gaussian(logp!, 0.2) },
    { name: "tpsa", raw: tpsaOf, modifier: gaussian(tpsa!, 5) },
    { name: "bertz", raw: bertzOf, modifier: gaussian(bertz!, 30) },
  ]);
}

/**
 * Decoration hop: keep the reference's quinazoline scaffold (SMARTS, 1 when present) but lose both
 * of its decorations, the tert-butyl sulfone and the benzothiazol-6-amine (1 when absent), while
 * keeping its pharmacophore (PHCO similarity, clipped linear to 1 at 0.85); arithmetic mean.
 */
export function decoHopObjective(rdkit: RDKitModule): Objective {
  return arithmeticMeanObjective(rdkit, "deco_hop", [
    pharmacophoreTerm(rdkit, "hop", GUACAMOL_MPO_REFERENCES.hop, clippedLinear(0.85)),
    smartsTerm(rdkit, "sulfone", HOP_SMARTS.sulfone, true),
    smartsTerm(rdkit, "benzothiazole_amine", HOP_SMARTS.benzothiazole_amine, true),
    smartsTerm(rdkit, "scaffold", HOP_SMARTS.scaffold),
  ]);
}

/**
 * Scaffold hop: keep the reference's propoxy…benzothiazol-6-amine decoration (SMARTS, 1 when
 * present) but lose its quinazoline scaffold (1 when absent), while keeping its pharmacophore (PHCO
 * similarity, clipped linear to 1 at 0.75); arithmetic mean.
 */
export function scaffoldHopObjective(rdkit: RDKitModule): Objective {
  return arithmeticMeanObjective(rdkit, "scaffold_hop", [
    pharmacophoreTerm(rdkit, "hop", GUACAMOL_MPO_REFERENCES.hop, clippedLinear(0.75)),
    smartsTerm(rdkit, "decoration", HOP_SMARTS.decoration),
    smartsTerm(rdkit, "scaffold", HOP_SMARTS.scaffold, true),
  ]);
}

/** The GuacaMol-derived tasks of this file, by their PMO names. */
export const GUACAMOL_MPO_TASKS: Record<string, (rdkit: RDKitModule) => Objective> = {
  median1: median1Objective,
  median2: median2Objective,
  amlodipine_mpo: amlodipineMpoObjective,
  perindopril_mpo: perindoprilMpoObjective,
  fexofenadine_mpo: fexofenadineMpoObjective,
  sitagliptin_mpo: sitagliptinMpoObjective,
  zaleplon_mpo: zaleplonMpoObjective,
  valsartan_smarts: valsartanSmartsObjective,
  deco_hop: decoHopObjective,
  scaffold_hop: scaffoldHopObjective,
};
