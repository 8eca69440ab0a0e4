import { binaryAvailability, mdAvailability } from "@sieve/workflows";
import type { OraclesStatus } from "@sieve/contracts";

/** Which oracles this instance can run, and why not. */
export async function oracleStatus(): Promise<OraclesStatus> {
  const [vina, obabel, md] = await Promise.all([
    binaryAvailability("vina"),
    binaryAvailability("obabel"),
    mdAvailability(),
  ]);
  const docking = !vina.available
    ? vina
    : !obabel.available
      ? obabel
      : { available: true, version: `${vina.version}; ${obabel.version?.split(" -- ")[0]}` };
  return {
    docking,
    ligand_similarity: { available: true, version: "max-tanimoto morgan-r2-2048 v1" },
    synthetic_accessibility: { available: true, version: "sa-score ertl2009" },
    md,
  };
}
