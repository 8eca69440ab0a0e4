import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { mdAvailability, mdrunCpuProblem, OracleUnavailableError } from "../programs";
import { gromacsFatalError, MdSystemError, parseXvg, runMdOracle } from "./md-oracle";
import { minimisationMdp, nvtMdp, outputInterval, parseMdp } from "./mdp";
import { buildPeptideSystem } from "./peptide-system";
import { requirePrograms, requireSharedData, sharedDataFile } from "@sieve/testing";

// ../shared/data next to the repository, read in place.
const PDB_PATH = sharedDataFile("structures/1HSG.pdb");
requireSharedData("structures/1HSG.pdb");
const md = await mdAvailability();
// The one environmental skip: Debian's mdrun needs a CPU with rdtscp, so either the dynamics or the
// refusal below runs, never both; npm test names the skipped one.
if (!md.available) console.warn(`skipping MD runs: ${md.reason}`);

function tarOf(files: Record<string, string>): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "sieve-md-test-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return new Uint8Array(execFileSync("tar", ["-cf", "-", "-C", dir, ...Object.keys(files)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("run parameters", () => {
  it("reads keys the way grompp does and turns a dynamics .mdp into a minimisation", () => {
    const user = parseMdp(
      "Integrator = md ; leap-frog\nref_t = 310\ntc_grps = System\ntcoupl = Berendsen\ndt = 0.001\n\nrcoulomb = 1.2\n",
    );
    expect(user.get("ref-t")).toBe("310");
    const em = minimisationMdp(user);
    expect(em.get("integrator")).toBe("steep");
    expect(em.has("tcoupl")).toBe(false);
    expect(em.has("dt")).toBe(false);
    expect(em.get("rcoulomb")).toBe("1.2");
    expect(() => parseMdp("integrator md")).toThrow(/key = value/);
  });

  it("turns nanoseconds into steps with the system's time step and keeps its own thermostat", () => {
    const own = nvtMdp(parseMdp("dt = 0.001\ntcoupl = Berendsen\nref-t = 310\ntc-grps = System\ntau-t = 0.1"), {
      ns: 0.01,
      seed: 7,
      temperatureK: 300,
    });
    expect(own.steps).toBe(10_000);
    expect(own.mdp.get("tcoupl")).toBe("Berendsen");
    expect(own.mdp.get("gen-seed")).toBe("7");
    expect(own.mdp.get("pcoupl")).toBe("no");
    const defaults = nvtMdp(new Map(), { ns: 0.001, seed: 42, temperatureK: 300 });
    expect(defaults.steps).toBe(500);
    expect(defaults.mdp.get("tcoupl")).toBe("V-rescale");
    expect(defaults.mdp.get("nstxout-compressed")).toBe(String(outputInterval(500)));
    expect(() => nvtMdp(parseMdp("integrator = steep"), { ns: 1, seed: 1, temperatureK: 300 })).toThrow(
      /runs dynamics/,
    );
    expect(() => nvtMdp(parseMdp("dt = 0.02"), { ns: 1, seed: 1, temperatureK: 300 })).toThrow(/time step/);
  });

  it("reads GROMACS' fatal error paragraph and .xvg columns", () => {
    const stderr =
      "-------------------------------------------------------\nProgram:     gmx grompp\n\nFatal error:\nNo such moleculetype LIG\n\nFor more information and tips for troubleshooting, please check the GROMACS\n";
    expect(gromacsFatalError(stderr)).toBe("No such moleculetype LIG");
    expect(parseXvg('# comment\n@ title "RMSD"\n  0.0  0.01\n  2.0  0.05\n')).toEqual([
      [0, 0.01],
      [2, 0.05],
    ]);
  });
});

describe("where mdrun can run", () => {
  const version =
    "GROMACS version:    2022.5-Debian_2022.5_2\nSIMD instructions:  SSE4.1\nRDTSCP usage:       enabled\n";
  const cpu = (flags: string) =>
    `processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: ${flags}\n\nprocessor\t: 1\nflags\t\t: ${flags}\n`;

  it("knows that a GROMACS built with rdtscp cannot run dynamics on a CPU without it", () => {
    expect(mdrunCpuProblem(version, cpu("fpu vme sse4_1 avx2"))).toMatch(
      /rdtscp instruction, which this CPU does not offer/,
    );
    expect(mdrunCpuProblem(version, cpu("fpu vme rdtscp sse4_1 avx2"))).toBeNull();
    expect(mdrunCpuProblem(version.replace("enabled", "disabled"), cpu("fpu vme sse4_1"))).toBeNull();
    // Not Linux: nothing to read the flags from, so nothing is refused in advance.
    expect(mdrunCpuProblem(version, null)).toBeNull();
  });
});

describe("system checks", () => {
  beforeAll(() => requirePrograms("gromacs", "gmx"));
  it("refuses archives without a topology, with includes outside the tarball, or that are not archives", async () => {
    await expect(
      runMdOracle(tarOf({ "conf.gro": "x\n1\n    1SOL     OW    1   0.1   0.1   0.1\n 1 1 1\n" }), {
        ns: 0.001,
        seed: 1,
        threads: 1,
        maxWallSeconds: 60,
      }),
    ).rejects.toThrow(/needs a GROMACS .gro and a .top/);
    const escaping = tarOf({
      "conf.gro": "x\n1\n    1SOL     OW    1   0.1   0.1   0.1\n 1 1 1\n",
      "topol.top": '#include "/etc/passwd"\n',
    });
    await expect(runMdOracle(escaping, { ns: 0.001, seed: 1, threads: 1, maxWallSeconds: 60 })).rejects.toThrow(
      MdSystemError,
    );
    await expect(
      runMdOracle(new TextEncoder().encode("not a tarball"), { ns: 0.001, seed: 1, threads: 1, maxWallSeconds: 60 }),
    ).rejects.toThrow(/not a readable tar archive/);
  });

  it("quotes grompp's reason when the topology does not match the coordinates", async () => {
    const system = tarOf({
      "conf.gro":
        "water\n3\n    1SOL     OW    1   1.000   1.000   1.000\n    1SOL    HW1    2   1.100   1.000   1.000\n    1SOL    HW2    3   0.970   1.090   1.000\n   3.0 3.0 3.0\n",
      "topol.top":
        '#include "oplsaa.ff/forcefield.itp"\n#include "oplsaa.ff/spce.itp"\n[ system ]\nwater\n[ molecules ]\nSOL 2\n',
    });
    await expect(runMdOracle(system, { ns: 0.001, seed: 1, threads: 1, maxWallSeconds: 60 })).rejects.toThrow(
      /GROMACS rejected the system: .*number of coordinates/i,
    );
  });
});

describe.skipIf(md.available)("on a CPU mdrun cannot run on", () => {
  beforeAll(() => requirePrograms("gromacs", "gmx"));
  it("checks the system with grompp, then refuses to start dynamics, saying why", async () => {
    const system = await buildPeptideSystem(readFileSync(PDB_PATH, "utf8"), {
      chain: "A",
      first: 1,
      last: 4,
      padNm: 0.6,
    });
    const run = runMdOracle(system, { ns: 0.001, seed: 42, threads: 1, maxWallSeconds: 60 });
    await expect(run).rejects.toThrow(OracleUnavailableError);
    await expect(run).rejects.toThrow(md.reason!);
  }, 120_000);
});

describe.skipIf(!md.available)("minimisation and NVT of a solvated peptide", () => {
  let system: Uint8Array;
  beforeAll(async () => {
    // HIV protease chain A residues 1–4 (PQIT) in TIP3P water, neutralised.
    system = await buildPeptideSystem(readFileSync(PDB_PATH, "utf8"), { chain: "A", first: 1, last: 4, padNm: 0.6 });
  }, 120_000);

  it("minimises, runs 1 ps at 300 K and reports energy, RMSD over time and wall time", async () => {
    const stages = new Set<string>();
    const result = await runMdOracle(system, {
      ns: 0.001,
      seed: 42,
      threads: 2,
      maxWallSeconds: 600,
      onProgress: (p) => stages.add(p.stage),
    });
    expect(result.system).toMatchObject({ gro: "conf.gro", top: "topol.top", rmsd_group: "Backbone" });
    expect(result.system.atoms).toBeGreaterThan(1000);
    expect(result.minimisation.converged).toBe(true);
    expect(result.minimisation.max_force).toBeLessThan(1000);
    expect(result.minimisation.potential_kj_mol).toBeLessThan(0);
    expect(result.nvt.steps).toBe(500);
    expect(result.nvt.ns_completed).toBeCloseTo(0.001, 6);
    // The thermostat holds the water near the reference temperature.
    expect(result.nvt.temperature_mean_k).toBeGreaterThan(270);
    expect(result.nvt.temperature_mean_k).toBeLessThan(330);
    const times = result.nvt.rmsd_nm.map((p) => p.t_ps);
    expect(times[0]).toBe(0);
    expect(times.at(-1)).toBeCloseTo(1, 3);
    expect(result.nvt.rmsd_nm[0]!.value).toBeLessThan(0.03);
    expect(result.nvt.rmsd_final_nm).toBeGreaterThan(0);
    expect(result.nvt.potential_kj_mol.length).toBe(result.nvt.rmsd_nm.length);
    expect(result.stable).toBe(true);
    expect(result.wall_time_s).toBeGreaterThan(0);
    expect(stages).toContain("nvt");
  }, 600_000);

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    const run = runMdOracle(system, {
      ns: 1,
      seed: 42,
      threads: 1,
      maxWallSeconds: 600,
      signal: controller.signal,
      onProgress: (p) => p.stage === "nvt" && controller.abort(),
    });
    await expect(run).rejects.toThrow(/abort/i);
  }, 300_000);
});
