import type { Mol } from "@rdkit/rdkit";
import { morganFingerprint, qed, tanimoto, type RDKitModule } from "@sieve/chem";
import type { MoleculeScore, Objective } from "./objective";
import { clippedLinear, gaussian, maxGaussian, minGaussian, weightedGeometricMean } from "./score-modifiers";

/**
 * Benchmark objectives after GuacaMol (Brown et al., J Chem Inf Model 2019, 59:1096;
 * guacamol/standard_benchmarks.py, version 0.5.5) as used by PMO (Gao et al., "Sample efficiency
 * matters", NeurIPS 2022). GuacaMol compares unfolded count fingerprints (ECFP4 = Morgan radius 2
 * counts, FCFP4, ECFP6, AP); RDKit.js offers folded bit vectors only, so here every similarity is
 * the Tanimoto of 2048-bit vectors: Morgan radius 2 (`@sieve/chem` `morganFingerprint`) for ECFP4
 * and, lacking feature invariants, for FCFP4 too; Morgan radius 3 for ECFP6; RDKit's hashed
 * atom pairs for AP. Scores are therefore close to, not equal to, GuacaMol's.
 */

/** The rediscovery targets, as GuacaMol writes them. */
export const REDISCOVERY_TARGETS = {
  celecoxib: "CC1=CC=C(C=C1)C1=CC(=NN1C1=CC=C(C=C1)S(N)(=O)=O)C(F)(F)F",
  troglitazone: "Cc1c(C)c2OC(C)(COc3ccc(CC4SC(=O)NC4=O)cc3)CCc2c(C)c1O",
  thiothixene: "CN(C)S(=O)(=O)c1ccc2Sc3ccccc3C(=CCCN4CCN(C)CC4)c2c1",
} as const;

/** GuacaMol's similarity targets and the fingerprint each is compared with (threshold 0.75). */
export const SIMILARITY_TARGETS = {
  albuterol: { smiles: "CC(C)(C)NCC(O)c1ccc(O)c(CO)c1", fingerprint: "FCFP4" },
  mestranol: { smiles: "COc1ccc2[C@H]3CC[C@@]4(C)[C@@H](CC[C@@]4(O)C#C)[C@@H]3CCc2c1", fingerprint: "AP" },
} as const;

export const OSIMERTINIB = "COc1cc(N(C)CCN(C)C)c(NC(=O)C=C)cc1Nc2nccc(n2)c3cn(C)c4ccccc34";
export const RANOLAZINE = "COc1ccccc1OCC(O)CN2CCN(CC(=O)Nc3c(C)cccc3C)CC2";

const bitsOf = (bytes: Uint8Array) => new Uint32Array(Uint8Array.from(bytes).buffer);
const ecfp6 = (mol: Mol) =>
  bitsOf(mol.get_morgan_fp_as_uint8array(JSON.stringify({ radius: 3, nBits: 2048 })) as Uint8Array);
const atomPairs = (mol: Mol) =>
  bitsOf(mol.get_atom_pair_fp_as_uint8array(JSON.stringify({ nBits: 2048 })) as Uint8Array);

function fingerprintOf(rdkit: RDKitModule, smiles: string, fingerprint: (mol: Mol) => Uint32Array): Uint32Array {
  const mol = rdkit.get_mol(smiles);
  if (!mol) throw new Error(`RDKit cannot read the reference molecule ${smiles}`);
  try {
    return fingerprint(mol);
  } finally {
    mol.delete();
  }
}

const descriptorsOf = (mol: Mol) => JSON.parse(mol.get_descriptors()) as { CrippenClogP: number; tpsa: number };

export function qedObjective(rdkit: RDKitModule): Objective {
  return {
    name: "qed",
    score(mol) {
      const value = qed(rdkit, mol);
      return { fitness: value, properties: { qed: value } };
    },
  };
}

/** GuacaMol rediscovery: Tanimoto similarity to the target (Morgan radius 2, 2048 bits here). */
export function rediscoveryObjective(rdkit: RDKitModule, name: string, targetSmiles: string): Objective {
  const target = fingerprintOf(rdkit, targetSmiles, morganFingerprint);
  return {
    name: `${name}_rediscovery`,
    score(mol) {
      const similarity = tanimoto(morganFingerprint(mol), target);
      return { fitness: similarity, properties: { similarity } };
    },
  };
}

/**
 * GuacaMol similarity (`similarity` in standard_benchmarks.py): Tanimoto similarity to the target,
 * clipped linear to 1 at 0.75, with FCFP4 approximated by Morgan radius 2 bits and AP by RDKit's
 * hashed atom pairs (see the note at the top).
 */
export function similarityObjective(rdkit: RDKitModule, name: keyof typeof SIMILARITY_TARGETS): Objective {
  const { smiles, fingerprint: kind } = SIMILARITY_TARGETS[name];
  const fingerprint = kind === "AP" ? atomPairs : morganFingerprint;
  const target = fingerprintOf(rdkit, smiles, fingerprint);
  const clipped = clippedLinear(0.75);
  return {
    name: `${name}_similarity`,
    score(mol) {
      const similarity = tanimoto(fingerprint(mol), target);
      return { fitness: clipped(similarity), properties: { similarity } };
    },
  };
}

/**
 * GuacaMol osimertinib MPO: geometric mean of similarity to osimertinib (FCFP4, clipped linear
 * to 1 at 0.8), "but not too similar" (ECFP6, MinGaussian μ 0.85 σ 0.1), TPSA at least 100
 * (MaxGaussian σ 10) and logP at most 1 (MinGaussian σ 1).
 */
export function osimertinibMpoObjective(rdkit: RDKitModule): Objective {
  const fcfp4Target = fingerprintOf(rdkit, OSIMERTINIB, morganFingerprint);
  const ecfp6Target = fingerprintOf(rdkit, OSIMERTINIB, ecfp6);
  const [similar, notTooSimilar, tpsa, logp] = [
    clippedLinear(0.8),
    minGaussian(0.85, 0.1),
    maxGaussian(100, 10),
    minGaussian(1, 1),
  ];
  return {
    name: "osimertinib_mpo",
    score(mol): MoleculeScore {
      const d = descriptorsOf(mol);
      const properties = {
        similarity_fcfp4: tanimoto(morganFingerprint(mol), fcfp4Target),
        similarity_ecfp6: tanimoto(ecfp6(mol), ecfp6Target),
        tpsa: d.tpsa,
        logp: d.CrippenClogP,
      };
      const fitness = weightedGeometricMean(
        [
          similar(properties.similarity_fcfp4),
          notTooSimilar(properties.similarity_ecfp6),
          tpsa(properties.tpsa),
          logp(properties.logp),
        ],
        [1, 1, 1, 1],
      );
      return { fitness, properties };
    },
  };
}

const fluorinePatterns = new WeakMap<RDKitModule, Mol>();

/**
 * GuacaMol ranolazine MPO: geometric mean of similarity to ranolazine (AP, clipped linear to 1
 * at 0.7), logP at least 7 (MaxGaussian σ 1), TPSA at least 95 (MaxGaussian σ 20) and one
 * fluorine (Gaussian μ 1 σ 1 on the fluorine count).
 */
export function ranolazineMpoObjective(rdkit: RDKitModule): Objective {
  const target = fingerprintOf(rdkit, RANOLAZINE, atomPairs);
  let fluorine = fluorinePatterns.get(rdkit);
  if (!fluorine) {
    fluorine = rdkit.get_qmol("[F]")!;
    fluorinePatterns.set(rdkit, fluorine);
  }
  const pattern = fluorine;
  const [similar, logp, tpsa, fluorines] = [clippedLinear(0.7), maxGaussian(7, 1), maxGaussian(95, 20), gaussian(1, 1)];
  return {
    name: "ranolazine_mpo",
    score(mol): MoleculeScore {
      const d = descriptorsOf(mol);
      const matches: unknown = JSON.parse(mol.get_substruct_matches(pattern));
      const properties = {
        similarity_ap: tanimoto(atomPairs(mol), target),
        logp: d.CrippenClogP,
        tpsa: d.tpsa,
        fluorine_count: Array.isArray(matches) ? matches.length : 0,
      };
      const fitness = weightedGeometricMean(
        [
          similar(properties.similarity_ap),
          logp(properties.logp),
          tpsa(properties.tpsa),
          fluorines(properties.fluorine_count),
        ],
        [1, 1, 1, 1],
      );
      return { fitness, properties };
    },
  };
}
