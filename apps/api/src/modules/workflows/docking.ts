import { join } from "node:path";
import { dockingOptionsOf, type RunConfig } from "@sieve/contracts";
import type { BoxSpec, VinaParameters } from "@sieve/workflows";

/**
 * The Vina parameters and box a run docks with: the defaults (`DOCKING_DEFAULTS`) or its `Docking` module's values,
 * which `runInputProblems` has checked before the run was created. The Vina seed is the run's seed.
 */
export function dockingSettings(config: RunConfig): {
  params: Pick<VinaParameters, "exhaustiveness" | "num_modes">;
  box: BoxSpec;
} {
  const { exhaustiveness, num_modes, box } = dockingOptionsOf(config).options;
  return {
    params: { exhaustiveness, num_modes },
    box:
      box.kind === "ligand"
        ? { kind: "ligand", size: box.size, ...(box.residue_name ? { residue_name: box.residue_name } : {}) }
        : box,
  };
}

/** Docking results persist here across jobs and restarts. */
export function dockingCacheDir(dataDir: string): string {
  return join(dataDir, "cache", "docking");
}
