import { parseSmiles, saScore, type RDKitModule } from "@sieve/chem";
import type { MoleculeOracle, OracleScore } from "./oracle";

/** Synthetic accessibility: the Ertl–Schuffenhauer SA score of `@sieve/chem` (1 easy … 10 hard). */
export class SyntheticAccessibilityOracle implements MoleculeOracle {
  readonly name = "synthetic_accessibility";
  readonly version = "sa-score ertl2009 (RDKit 2022.09 sascorer port)";
  readonly direction = "minimize" as const;
  readonly unit = "SA score (1–10)";
  readonly description = "Ertl & Schuffenhauer synthetic accessibility score: 1 easy to make, 10 very hard";

  constructor(private readonly rdkit: RDKitModule) {}

  async score(smiles: string): Promise<OracleScore> {
    const parsed = parseSmiles(this.rdkit, smiles);
    if (!parsed.ok) return { value: null, error: parsed.error };
    try {
      return { value: Math.round(saScore(this.rdkit, parsed.mol) * 1000) / 1000 };
    } catch (error) {
      return { value: null, error: error instanceof Error ? error.message : String(error) };
    } finally {
      parsed.mol.delete();
    }
  }
}
