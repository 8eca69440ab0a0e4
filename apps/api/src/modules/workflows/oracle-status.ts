import { execFile } from "node:child_process";
import { binaryAvailability } from "@sieve/workflows";
import type { OraclesStatus } from "@sieve/contracts";

let gromacs: Promise<{ available: boolean; version: string | null; reason?: string }> | undefined;

/** GROMACS (`gmx`, Debian's gromacs package) for the MD oracle, checked once per process. */
export function gromacsAvailability() {
  gromacs ??= new Promise((resolve) =>
    execFile("gmx", ["--version"], { timeout: 10_000 }, (error, stdout) => {
      if (error) resolve({ available: false, version: null, reason: "GROMACS (`gmx`) is not installed: apt-get install -y gromacs" });
      else resolve({ available: true, version: /GROMACS version:\s*(\S+)/.exec(stdout)?.[1] ?? "gromacs" });
    }),
  );
  return gromacs;
}

/** Which oracles this instance can run, and why not. */
export async function oracleStatus(): Promise<OraclesStatus> {
  const [vina, obabel, md] = await Promise.all([binaryAvailability("vina"), binaryAvailability("obabel"), gromacsAvailability()]);
  const docking = !vina.available ? vina : !obabel.available ? obabel : { available: true, version: `${vina.version}; ${obabel.version?.split(" -- ")[0]}` };
  return {
    docking,
    ligand_similarity: { available: true, version: "max-tanimoto morgan-r2-2048 v1" },
    synthetic_accessibility: { available: true, version: "sa-score ertl2009" },
    md,
  };
}
