import { binaryAvailability, mdAvailability } from "@sieve/workflows";
import type { OraclesStatus } from "@sieve/contracts";

/** Which oracles this instance can run, and why not. */
export async function oracleStatus(): Promise<OraclesStatus> {
  const [vina, obabel, rdkit, md] = await Promise.all([
    binaryAvailability("vina"),
    binaryAvailability("obabel"),
    binaryAvailability("rdkit"),
    mdAvailability(),
  ]);
  const missing = [vina, obabel, rdkit].find((program) => !program.available);
  const docking = missing ?? {
    available: true,
    version: `${vina.version}; ${obabel.version?.split(" -- ")[0]}; ${rdkit.version} ETKDG`,
  };
  return {
    docking,
    ligand_similarity: { available: true, version: "max-tanimoto morgan-r2-2048 v1" },
    synthetic_accessibility: { available: true, version: "sa-score ertl2009" },
    md,
  };
}
