import type { Mol } from "@rdkit/rdkit";
import { molecularFormula } from "./formula";
import { graphDescriptors } from "./graph-descriptors";
import { readMolGraph, type MolGraph } from "./morgan-environments";
import { qedFromProperties, qedProperties } from "./qed";
import type { RDKitModule } from "./rdkit";
import { readRDKitDescriptors } from "./rdkit-descriptors";
import { saScoreOfGraph } from "./sa-score";
import { matchGraphApplies, matchGraphOf } from "./smarts/index";

/** Physico-chemical descriptors; each names the RDKit Python function it equals (see the README). */
export interface MoleculeDescriptors {
  /** Average molecular weight, `Descriptors.MolWt`. */
  mw: number;
  /** Monoisotopic weight, `Descriptors.ExactMolWt`. */
  exact_mw: number;
  /** Wildman–Crippen logP, `Crippen.MolLogP`. */
  logp: number;
  /** Topological polar surface area (N, O), `rdMolDescriptors.CalcTPSA`. */
  tpsa: number;
  /** H-bond donors, `rdMolDescriptors.CalcNumHBD`. */
  hbd: number;
  /** H-bond acceptors, `rdMolDescriptors.CalcNumHBA`. */
  hba: number;
  /** Strict definition, `rdMolDescriptors.CalcNumRotatableBonds`. */
  rotatable_bonds: number;
  /** SSSR ring count, `rdMolDescriptors.CalcNumRings`. */
  rings: number;
  aromatic_rings: number;
  heavy_atoms: number;
  fraction_csp3: number;
  /** QED with mean weights, `QED.qed`. */
  qed: number;
  /** Ertl–Schuffenhauer SA score (1 easy to 10 hard); null when it cannot be computed. */
  sa_score: number | null;
}

/**
 * Lipinski's rule of five (Lipinski et al., Adv Drug Deliv Rev 1997, 23:3): one violation each
 * for MW > 500, logP > 5, more than 5 donors, more than 10 acceptors. Donors and acceptors are
 * counted as in the paper, N–H/O–H bonds and N/O atoms (`Lipinski.NHOHCount`, `Lipinski.NOCount`),
 * not with the pharmacophore definitions of `hbd`/`hba`.
 */
export interface LipinskiRuleOfFive {
  violations: number;
  donors: number;
  acceptors: number;
}

/** What is computed for a whole molecule, and again for its largest fragment. */
export interface MoleculeProfile {
  /** RDKit canonical isomeric SMILES. */
  smiles: string;
  /** Hill formula with charge suffix, as `rdMolDescriptors.CalcMolFormula`. */
  formula: string;
  descriptors: MoleculeDescriptors;
  lipinski: LipinskiRuleOfFive;
  /** Veber et al., J Med Chem 2002, 45:2615: at most 10 rotatable bonds and TPSA at most 140 Å². */
  veber_pass: boolean;
  /** The product's drug-likeness display rule: average molecular weight under 600. */
  drug_like: boolean;
}

const DRUG_LIKE_MAX_MW = 600;

/** SA score, or null where the port refuses the molecule (the analysis must not fail for it). */
function saScoreOrNull(rdkit: RDKitModule, graph: MolGraph): number | null {
  try {
    return saScoreOfGraph(rdkit, graph);
  } catch {
    return null;
  }
}

/**
 * Describes a molecule the caller owns (it is not deleted here). The molecule's graph is read
 * from RDKit.js once and shared by the descriptors, QED and the SA score; RDKit.js's
 * `get_descriptors()` is only called for molecules the graph computation does not model.
 */
export function describeMolecule(rdkit: RDKitModule, mol: Mol): MoleculeProfile {
  const graph = readMolGraph(mol);
  const matchGraph = matchGraphApplies(graph) ? matchGraphOf(graph) : undefined;
  const rdkitDescriptors = graphDescriptors(rdkit, graph, matchGraph) ?? readRDKitDescriptors(mol);
  const descriptors: MoleculeDescriptors = {
    mw: rdkitDescriptors.amw,
    exact_mw: rdkitDescriptors.exactmw,
    logp: rdkitDescriptors.CrippenClogP,
    tpsa: rdkitDescriptors.tpsa,
    hbd: rdkitDescriptors.NumHBD,
    hba: rdkitDescriptors.NumHBA,
    rotatable_bonds: rdkitDescriptors.NumRotatableBonds,
    rings: rdkitDescriptors.NumRings,
    aromatic_rings: rdkitDescriptors.NumAromaticRings,
    heavy_atoms: rdkitDescriptors.NumHeavyAtoms,
    fraction_csp3: rdkitDescriptors.FractionCSP3,
    qed: qedFromProperties(qedProperties(rdkit, mol, graph, rdkitDescriptors, matchGraph)),
    sa_score: saScoreOrNull(rdkit, graph),
  };
  const lipinski: LipinskiRuleOfFive = {
    donors: rdkitDescriptors.lipinskiHBD,
    acceptors: rdkitDescriptors.lipinskiHBA,
    violations:
      Number(descriptors.mw > 500) +
      Number(descriptors.logp > 5) +
      Number(rdkitDescriptors.lipinskiHBD > 5) +
      Number(rdkitDescriptors.lipinskiHBA > 10),
  };
  return {
    smiles: mol.get_smiles(),
    formula: molecularFormula(graph),
    descriptors,
    lipinski,
    veber_pass: descriptors.rotatable_bonds <= 10 && descriptors.tpsa <= 140,
    drug_like: descriptors.mw < DRUG_LIKE_MAX_MW,
  };
}
