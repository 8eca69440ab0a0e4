import type { ReferencePose } from "./docking/tethered";

/**
 * One interface for every oracle (docking, ligand-based activity, synthetic accessibility), so the
 * workflows, the optimizer and the negatome call them the same way. Each oracle is versioned: its
 * `version` names the method and the program versions, and is stored with every result.
 */
export interface OracleInfo {
  name: string;
  version: string;
  /** Which way is better for the raw value. */
  direction: "maximize" | "minimize";
  unit: string;
  /** What the value is, as shown to the user ("reported as such"). */
  description: string;
}

export interface OracleScore {
  /** The raw value (kcal/mol, Tanimoto, SA score…), or null when the molecule could not be scored. */
  value: number | null;
  error?: string;
  details?: Record<string, unknown>;
}

export interface MoleculeOracle extends OracleInfo {
  /**
   * Scores one molecule given as canonical SMILES; never throws for a bad molecule, only for a broken oracle.
   * `reference` is an already docked molecule the scored one derives from (lead optimization's parent): a docking
   * oracle set to tether analogs places the molecule on its pose; other oracles ignore it.
   */
  score(smiles: string, signal?: AbortSignal, reference?: ReferencePose): Promise<OracleScore>;
  /**
   * A docking oracle's comparison of poses with a co-crystal ligand: null when each score's details carry
   * `interaction_similarity`, else why they do not. Absent: the oracle makes no poses to compare.
   */
  readonly interactionsUnavailable?: string | null;
}

export function describeOracle(oracle: OracleInfo): OracleInfo {
  const { name, version, direction, unit, description } = oracle;
  return { name, version, direction, unit, description };
}
