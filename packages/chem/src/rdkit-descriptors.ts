import type { Mol } from "@rdkit/rdkit";

/**
 * The fields of RDKit.js `Mol.get_descriptors()` we use, with the RDKit C++ function behind
 * each (`Code/MinimalLib/common.h`, `get_descriptors`, which evaluates every
 * `RDKit::Descriptors::Properties` descriptor with its default options).
 */
export interface RDKitDescriptors {
  /** `calcAMW`: average molecular weight, = Python `Descriptors.MolWt`. */
  amw: number;
  /** `calcExactMW`: monoisotopic weight, = `Descriptors.ExactMolWt`. */
  exactmw: number;
  /** `calcClogP`: Wildman–Crippen logP, = `Crippen.MolLogP`. */
  CrippenClogP: number;
  /** `calcTPSA` (N and O only), = `rdMolDescriptors.CalcTPSA`. */
  tpsa: number;
  /** `calcNumHBD`, = `rdMolDescriptors.CalcNumHBD`. */
  NumHBD: number;
  /** `calcNumHBA`, = `rdMolDescriptors.CalcNumHBA`. */
  NumHBA: number;
  /** `calcLipinskiHBD`: N–H and O–H count, = `Lipinski.NHOHCount`. */
  lipinskiHBD: number;
  /** `calcLipinskiHBA`: N and O count, = `Lipinski.NOCount`. */
  lipinskiHBA: number;
  /** `calcNumRotatableBonds` with the default (Strict) definition. */
  NumRotatableBonds: number;
  NumRings: number;
  NumAromaticRings: number;
  NumHeavyAtoms: number;
  /** All atoms including implicit hydrogens. */
  NumAtoms: number;
  FractionCSP3: number;
}

/** Parses `get_descriptors()` once; it computes all ~45 RDKit descriptors in one call. */
export function readRDKitDescriptors(mol: Mol): RDKitDescriptors {
  return JSON.parse(mol.get_descriptors()) as RDKitDescriptors;
}
