/**
 * A run's docking settings: Vina's exhaustiveness and number of modes, the Vina seed (the run's seed) and the search
 * box. A `Docking` module in the run config overrides them (`{exhaustiveness, num_modes, box_size, residue_name,
 * residues, center, size}`); a value out of its range is refused, never replaced by the default.
 */
export const DOCKING_DEFAULTS = {
  /** Independent Monte Carlo searches per ligand, shared among its start conformers: about 4–10 s per ligand per core. */
  exhaustiveness: 2,
  num_modes: 9,
  /** Edge (Å) of the cube around the co-crystallised ligand: the box Vina was validated with for 1HSG re-docking. */
  box_size: 22,
} as const;

export const DOCKING_LIMITS = {
  exhaustiveness: [1, 32],
  num_modes: [1, 20],
  box_size: [8, 60],
} as const;

export type DockingBox =
  | { kind: "ligand"; residue_name: string | null; size: number }
  | { kind: "residues"; residues: string[] }
  | { kind: "explicit"; center: [number, number, number]; size: [number, number, number] };

export interface DockingOptions {
  exhaustiveness: number;
  num_modes: number;
  seed: number;
  box: DockingBox;
}

type Problem = { path: string; message: string };

/** The docking settings of a run config, and what is wrong with its `Docking` module (each problem a 422 field). */
export function dockingOptionsOf(config: { modules: { name: string; params?: unknown }[]; seed: number }): {
  options: DockingOptions;
  problems: Problem[];
} {
  const module = config.modules.find((m) => m.name.toLowerCase() === "docking");
  const params = (module?.params && typeof module.params === "object" ? module.params : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const integer = (key: keyof typeof DOCKING_LIMITS): number => {
    const value = params[key];
    if (value === undefined) return DOCKING_DEFAULTS[key];
    const [lo, hi] = DOCKING_LIMITS[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= lo && value <= hi) return value;
    problems.push({
      path: `modules.Docking.params.${key}`,
      message: `${key} must be a whole number from ${lo} to ${hi}; got ${JSON.stringify(value)}`,
    });
    return DOCKING_DEFAULTS[key];
  };
  const triple = (key: "center" | "size"): [number, number, number] | null => {
    const value = params[key];
    if (value === undefined) return null;
    if (Array.isArray(value) && value.length === 3 && value.every((x) => typeof x === "number" && Number.isFinite(x)))
      return value as [number, number, number];
    problems.push({ path: `modules.Docking.params.${key}`, message: `${key} must be three numbers (x, y, z in Å)` });
    return null;
  };
  const exhaustiveness = integer("exhaustiveness");
  const numModes = integer("num_modes");
  const boxSize = integer("box_size");
  const center = triple("center");
  const size = triple("size");
  if ((center === null) !== (size === null) && !problems.length)
    problems.push({ path: "modules.Docking.params", message: "An explicit box needs both center and size" });
  const [minEdge, maxEdge] = DOCKING_LIMITS.box_size;
  if (size && size.some((edge) => edge < minEdge || edge > maxEdge))
    problems.push({
      path: "modules.Docking.params.size",
      message: `Each edge of the box must be from ${minEdge} to ${maxEdge} Å`,
    });
  const residues = params.residues;
  if (residues !== undefined && (!Array.isArray(residues) || !residues.every((r) => typeof r === "string")))
    problems.push({ path: "modules.Docking.params.residues", message: "residues must be a list of residue names" });
  const residueName = params.residue_name;
  if (residueName !== undefined && typeof residueName !== "string")
    problems.push({ path: "modules.Docking.params.residue_name", message: "residue_name must be a residue name" });
  let box: DockingBox;
  if (center && size) box = { kind: "explicit", center, size };
  else if (Array.isArray(residues) && residues.length) box = { kind: "residues", residues: residues.map(String) };
  else box = { kind: "ligand", residue_name: typeof residueName === "string" ? residueName : null, size: boxSize };
  return { options: { exhaustiveness, num_modes: numModes, seed: config.seed, box }, problems };
}

/** The box as a chemist reads it, with the resolved centre and size once the run has them. */
export function describeDockingBox(
  box: DockingBox,
  resolved: { center: number[]; size: number[] } | null = null,
): string {
  const requested =
    box.kind === "explicit"
      ? "an explicit box"
      : box.kind === "residues"
        ? `a box around residues ${box.residues.join(", ")}`
        : `a ${box.size} Å cube around the co-crystallised ligand${box.residue_name ? ` ${box.residue_name}` : ""}`;
  const where = resolved ?? (box.kind === "explicit" ? box : null);
  if (!where) return requested;
  const triple = (values: number[]) => values.map((v) => Number(v.toFixed(3))).join(", ");
  return `${requested}: centre (${triple(where.center)}) Å, size ${triple(where.size)} Å`;
}

/** Every docking setting that changes a result, in one line for the run page and the New Job modal. */
export function describeDocking(
  options: DockingOptions,
  resolvedBox: { center: number[]; size: number[] } | null = null,
): string {
  return [
    `Vina exhaustiveness ${options.exhaustiveness} per ligand, shared among its start conformers (at least 1 search each)`,
    `${options.num_modes} modes`,
    `Vina seed ${options.seed}`,
    `box: ${describeDockingBox(options.box, resolvedBox)}`,
  ].join(" · ");
}
