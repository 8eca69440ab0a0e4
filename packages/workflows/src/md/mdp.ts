/**
 * GROMACS run-parameter (.mdp) files as ordered key/value lists. Keys are compared the way grompp
 * compares them: case-insensitive, with `_` and `-` equivalent.
 */
export type MdpEntries = Map<string, string>;

export function mdpKey(key: string): string {
  return key.trim().toLowerCase().replaceAll("_", "-");
}

export function parseMdp(text: string): MdpEntries {
  const entries: MdpEntries = new Map();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/;.*$/, "").trim();
    if (!line) continue;
    const equals = line.indexOf("=");
    if (equals <= 0) throw new Error(`mdp line "${raw.trim()}" is not "key = value"`);
    entries.set(mdpKey(line.slice(0, equals)), line.slice(equals + 1).trim());
  }
  return entries;
}

export function formatMdp(entries: MdpEntries): string {
  return [...entries].map(([key, value]) => `${key} = ${value}`).join("\n") + "\n";
}

/** A copy of `base` with `overrides` applied; a null override removes the key. */
export function withOverrides(base: MdpEntries, overrides: Record<string, string | number | null>): MdpEntries {
  const result: MdpEntries = new Map(base);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) result.delete(mdpKey(key));
    else result.set(mdpKey(key), String(value));
  }
  return result;
}

/**
 * Defaults for a solvated, periodic system (Lemkul's GROMACS tutorial settings): PME electrostatics,
 * 1.0 nm cut-offs, Verlet lists. Used when the tarball has no .mdp of its own.
 */
export const DEFAULT_SYSTEM_MDP: MdpEntries = parseMdp(`
cutoff-scheme = Verlet
nstlist = 10
pbc = xyz
coulombtype = PME
rcoulomb = 1.0
vdwtype = Cut-off
rvdw = 1.0
DispCorr = EnerPres
`);

/** Steepest-descent minimisation until the largest force is below 1000 kJ/mol/nm (at most 5000 steps). */
export function minimisationMdp(system: MdpEntries): MdpEntries {
  return withOverrides(system, {
    integrator: "steep",
    emtol: 1000,
    emstep: 0.01,
    nsteps: 5000,
    // Dynamics-only settings would make grompp warn on a minimisation.
    tcoupl: null,
    "tc-grps": null,
    "tau-t": null,
    "ref-t": null,
    pcoupl: null,
    "tau-p": null,
    "ref-p": null,
    compressibility: null,
    "gen-vel": null,
    "gen-temp": null,
    "gen-seed": null,
    continuation: null,
    dt: null,
    constraints: "none",
    "nstxout-compressed": 0,
    nstenergy: 0,
  });
}

/** Frames and energies recorded over a run: about 50 points, at least every 10 steps apart. */
export function outputInterval(steps: number): number {
  return Math.max(10, Math.round(steps / 50 / 10) * 10);
}

/**
 * NVT dynamics for `ns` nanoseconds from the minimised structure: leap-frog with 2 fs steps and
 * h-bond constraints unless the system's .mdp says otherwise, velocities drawn at the reference
 * temperature with the job's seed, V-rescale thermostat (Bussi et al. 2007), no barostat.
 */
export function nvtMdp(
  system: MdpEntries,
  options: { ns: number; seed: number; temperatureK: number },
): { mdp: MdpEntries; steps: number; dtPs: number } {
  const integrator = system.get("integrator") ?? "md";
  if (!["md", "sd", "md-vv"].includes(integrator))
    throw new Error(
      `The system's .mdp asks for integrator ${integrator}; the MD oracle runs dynamics (md, sd or md-vv)`,
    );
  const dtPs = Number(system.get("dt") ?? 0.002);
  if (!(dtPs > 0 && dtPs <= 0.005))
    throw new Error(`The system's .mdp time step dt = ${system.get("dt")} ps is outside (0, 0.005]`);
  const steps = Math.max(1, Math.round((options.ns * 1000) / dtPs));
  const interval = outputInterval(steps);
  const ownThermostat = (system.get("tcoupl") ?? "no").toLowerCase() !== "no";
  const thermostat: Record<string, string | number> = ownThermostat
    ? {}
    : { tcoupl: "V-rescale", "tc-grps": "System", "tau-t": 0.1, "ref-t": options.temperatureK };
  const mdp = withOverrides(system, {
    integrator,
    dt: dtPs,
    nsteps: steps,
    constraints: system.get("constraints") ?? "h-bonds",
    "constraint-algorithm": system.get("constraint-algorithm") ?? "lincs",
    ...thermostat,
    pcoupl: "no",
    continuation: "no",
    "gen-vel": "yes",
    "gen-temp": options.temperatureK,
    "gen-seed": options.seed,
    nstcalcenergy: interval,
    nstenergy: interval,
    "nstxout-compressed": interval,
    nstlog: interval,
    nstxout: 0,
    nstvout: 0,
    nstfout: 0,
  });
  return { mdp, steps, dtPs };
}
