import { join } from "node:path";
import type { RunConfig } from "@sieve/contracts";
import type { BoxSpec, VinaParameters } from "@sieve/workflows";

/** Screening default: exhaustiveness 2 (about 4–10 s per ligand per core); a `Docking` module overrides it. */
export const SCREENING_DOCKING: Pick<VinaParameters, "exhaustiveness" | "num_modes"> = {
  exhaustiveness: 2,
  num_modes: 9,
};

/** The `Docking` module of the run config: `{exhaustiveness, box_size, residue_name, residues, center, size}`. */
export function dockingSettings(config: RunConfig): { params: Partial<VinaParameters>; box: BoxSpec } {
  const params = (config.modules.find((m) => m.name.toLowerCase() === "docking")?.params ?? {}) as Record<
    string,
    unknown
  >;
  const num = (v: unknown, lo: number, hi: number) =>
    typeof v === "number" && Number.isFinite(v) && v >= lo && v <= hi ? v : undefined;
  const triple = (v: unknown) =>
    Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "number")
      ? (v as [number, number, number])
      : undefined;
  const exhaustiveness = num(params.exhaustiveness, 1, 32);
  const numModes = num(params.num_modes, 1, 20);
  const center = triple(params.center);
  const size = triple(params.size);
  let box: BoxSpec;
  if (center && size) box = { kind: "explicit", center, size };
  else if (Array.isArray(params.residues) && params.residues.length)
    box = { kind: "residues", residues: params.residues.map(String) };
  else
    box = {
      kind: "ligand",
      ...(typeof params.residue_name === "string" ? { residue_name: params.residue_name } : {}),
      ...(num(params.box_size, 8, 60) ? { size: num(params.box_size, 8, 60)! } : {}),
    };
  return {
    params: {
      ...SCREENING_DOCKING,
      ...(exhaustiveness ? { exhaustiveness: Math.round(exhaustiveness) } : {}),
      ...(numModes ? { num_modes: Math.round(numModes) } : {}),
    },
    box,
  };
}

/** Docking results persist here across jobs and restarts. */
export function dockingCacheDir(dataDir: string): string {
  return join(dataDir, "cache", "docking");
}
