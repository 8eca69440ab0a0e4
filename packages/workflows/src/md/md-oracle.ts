import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import {
  binaryAvailability,
  mdAvailability,
  MissingBinaryError,
  OracleUnavailableError,
  ProgramFailedError,
  runProgram,
} from "../programs";
import { DEFAULT_SYSTEM_MDP, formatMdp, minimisationMdp, nvtMdp, parseMdp, type MdpEntries } from "./mdp";

/**
 * The MD oracle: energy minimisation plus a short NVT run of a submitted GROMACS system (GROMACS,
 * Abraham et al., SoftwareX 2015, 1–2:19; Debian gromacs), reporting potential energy, the RMSD
 * of the solute over time and the wall time. Deterministic for a seed up to GROMACS' own
 * floating-point summation order across threads.
 */
export const MD_ORACLE_VERSION = "md-em-nvt v1";

/** RMSD (nm) above which a run counts as unstable when the caller gives no threshold of its own. */
export const DEFAULT_RMSD_THRESHOLD_NM = 0.3;

export interface MdOptions {
  ns: number;
  seed: number;
  threads: number;
  temperatureK?: number;
  /** mdrun stops itself (checkpointing) when this much wall time has gone. */
  maxWallSeconds: number;
  signal?: AbortSignal;
  /** Steps done and total, as mdrun reports them. */
  onProgress?: (progress: { stage: "minimisation" | "nvt"; step: number; steps: number }) => void;
}

export interface MdSeriesPoint {
  t_ps: number;
  value: number;
}

export interface MdResult {
  oracle: { name: "md"; version: string };
  system: { sha256: string; gro: string; top: string; mdp: string; atoms: number; rmsd_group: string };
  minimisation: { converged: boolean; steps: number; potential_kj_mol: number; max_force: number };
  nvt: {
    ns_requested: number;
    ns_completed: number;
    steps: number;
    dt_ps: number;
    temperature_k: number;
    temperature_mean_k: number | null;
    potential_kj_mol: MdSeriesPoint[];
    potential_mean_kj_mol: number | null;
    rmsd_nm: MdSeriesPoint[];
    rmsd_final_nm: number | null;
    rmsd_max_nm: number | null;
    /** mdrun's own failure (a blow-up, LINCS warnings…) when the dynamics crashed. */
    crashed: string | null;
  };
  stable: boolean;
  instability: string[];
  wall_time_s: number;
}

/** The input tarball is wrong (missing files, unsafe paths, a grompp error): the user must fix it. */
export class MdSystemError extends Error {}

const AMINO_ACIDS = new Set(
  "ALA ARG ASN ASP CYS GLN GLU GLY HIS HID HIE HIP HISD HISE HISH ILE LEU LYS LYN MET PHE PRO SER THR TRP TYR VAL ACE NME ASH GLH CYX".split(
    " ",
  ),
);
const WATERS = new Set(["SOL", "HOH", "WAT", "TIP3", "TIP4", "SPC"]);

/**
 * Why a run counts as unstable at an RMSD threshold: a crash, a positive minimised energy, or the final RMSD above it.
 */
export function mdInstability(
  run: { crashed: string | null; minimisedPotential: number; rmsdFinal: number | null; rmsdGroup: string },
  rmsdThresholdNm: number,
): string[] {
  return [
    ...(run.crashed ? [`the dynamics crashed: ${run.crashed}`] : []),
    ...(run.minimisedPotential > 0
      ? [`the minimised potential energy is positive (${run.minimisedPotential.toExponential(3)} kJ/mol)`]
      : []),
    ...(run.rmsdFinal !== null && run.rmsdFinal > rmsdThresholdNm
      ? [`${run.rmsdGroup} RMSD reached ${run.rmsdFinal.toFixed(3)} nm (> ${rmsdThresholdNm} nm)`]
      : []),
  ];
}

/** GROMACS' "Fatal error:" paragraph, which is what a user needs to read. */
export function gromacsFatalError(output: string): string | null {
  const match = /Fatal error:\s*\n([\s\S]*?)\n\s*\n?(For more information|-{10,})/.exec(output);
  return match ? match[1]!.replace(/\s+/g, " ").trim() : null;
}

async function gmx(
  args: string[],
  options: {
    cwd: string;
    input?: string;
    signal?: AbortSignal;
    onOutput?: (chunk: string) => void;
    timeoutMs?: number;
  },
) {
  try {
    return await runProgram("gmx", ["-quiet", "-nocopyright", ...args], { timeoutMs: 24 * 3600_000, ...options });
  } catch (error) {
    if (error instanceof ProgramFailedError) {
      const reason = gromacsFatalError(error.output.stderr + "\n" + error.output.stdout);
      throw new ProgramFailedError(
        "gmx",
        error.exitCode,
        reason ? { stdout: "", stderr: `gmx ${args[0]}: ${reason}` } : error.output,
      );
    }
    throw error;
  }
}

/** Unpacks the tarball with GNU tar (which refuses `..` members and strips leading `/`). */
async function unpack(tarball: Uint8Array, dir: string): Promise<void> {
  const archive = join(dir, "..", `${basename(dir)}.tar`);
  await writeFile(archive, tarball);
  await new Promise<void>((resolve, reject) =>
    execFile(
      "tar",
      ["-xf", archive, "-C", dir, "--no-same-owner", "--no-same-permissions"],
      { timeout: 120_000 },
      (error, _stdout, stderr) =>
        error
          ? reject(
              new MdSystemError(
                `The system is not a readable tar archive: ${stderr.trim().split("\n")[0] || error.message}`,
              ),
            )
          : resolve(),
    ),
  );
  await rm(archive, { force: true });
}

async function listFiles(dir: string, root = dir): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    const stat = await lstat(path);
    if (stat.isSymbolicLink())
      throw new MdSystemError(
        `The system tarball holds a symbolic link (${relative(root, path)}); the MD oracle reads regular files only`,
      );
    if (stat.isDirectory()) files.push(...(await listFiles(path, root)));
    else if (stat.isFile()) files.push(path);
  }
  return files;
}

function pickOne(files: string[], ending: string, root: string, preferred: string[] = []): string | null {
  const matching = files.filter((f) => f.toLowerCase().endsWith(ending));
  if (matching.length <= 1) return matching[0] ?? null;
  const named = matching.find((f) => preferred.includes(basename(f).toLowerCase()));
  if (named) return named;
  throw new MdSystemError(
    `The system tarball holds several ${ending} files (${matching.map((f) => relative(root, f)).join(", ")}); keep one`,
  );
}

/** A topology may include force-field files by name and its own .itp files, never paths outside the tarball. */
async function checkIncludes(files: string[], root: string): Promise<void> {
  for (const file of files.filter((f) => /\.(top|itp)$/i.test(f))) {
    for (const match of (await readFile(file, "utf8")).matchAll(/^\s*#include\s+"([^"]+)"/gm)) {
      const included = match[1]!;
      if (included.startsWith("/") || included.split("/").includes("..")) {
        throw new MdSystemError(
          `${relative(root, file)} includes "${included}"; includes must name a force-field file or a file inside the tarball`,
        );
      }
    }
  }
}

/** The .gro's atom count and which group to fit the RMSD on: protein backbone, else the solute, else everything. */
function describeGro(gro: string): { atoms: number; rmsdGroup: string } {
  const lines = gro.split(/\r?\n/);
  const atoms = Number.parseInt(lines[1] ?? "", 10);
  if (!Number.isFinite(atoms) || atoms <= 0 || lines.length < atoms + 3)
    throw new MdSystemError(
      "The .gro file is not a GROMACS coordinate file (atom count on line 2, one line per atom, box last)",
    );
  const residues = new Set(lines.slice(2, 2 + atoms).map((line) => line.slice(5, 10).trim().toUpperCase()));
  const hasWater = [...residues].some((r) => WATERS.has(r));
  const rmsdGroup = [...residues].some((r) => AMINO_ACIDS.has(r))
    ? "Backbone"
    : hasWater && [...residues].some((r) => !WATERS.has(r))
      ? "non-Water"
      : "System";
  return { atoms, rmsdGroup };
}

/** Columns of a GROMACS .xvg file (comments and plot directives skipped). */
export function parseXvg(text: string): number[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() && !/^[#@]/.test(line))
    .map((line) => line.trim().split(/\s+/).map(Number));
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Parses mdrun's `-v` progress ("step 1200, will finish …") into step counts, at most twice a second. */
function progressReader(stage: "minimisation" | "nvt", steps: number, onProgress: MdOptions["onProgress"]) {
  let last = -1;
  let reportedAt = 0;
  return (chunk: string) => {
    const matches = [...chunk.matchAll(/[Ss]tep\s*=?\s*(\d+)/g)];
    const step = matches.length ? Number(matches.at(-1)![1]) : -1;
    if (step > last && performance.now() - reportedAt >= 500) {
      last = step;
      reportedAt = performance.now();
      onProgress?.({ stage, step: Math.min(step, steps), steps });
    }
  };
}

/** Minimises and runs NVT dynamics on a GROMACS system tarball (.gro, .top, optional .mdp and .itp files). */
export async function runMdOracle(tarball: Uint8Array, options: MdOptions): Promise<MdResult> {
  const started = performance.now();
  const gromacs = await binaryAvailability("gmx");
  if (!gromacs.available) throw new MissingBinaryError("gmx");
  const work = await mkdtemp(join(tmpdir(), "sieve-md-"));
  const systemDir = join(work, "system");
  const runDir = join(work, "run");
  try {
    await Promise.all([mkdir(systemDir), mkdir(runDir)]);
    await unpack(tarball, systemDir);
    const files = await listFiles(systemDir);
    const groFile = pickOne(files, ".gro", systemDir, ["conf.gro", "system.gro", "start.gro"]);
    const topFile = pickOne(files, ".top", systemDir, ["topol.top", "system.top"]);
    if (!groFile || !topFile)
      throw new MdSystemError(
        `The system tarball needs a GROMACS .gro and a .top file; it holds ${files.map((f) => relative(systemDir, f)).join(", ") || "nothing"}`,
      );
    const mdpFile = pickOne(files, ".mdp", systemDir, ["nvt.mdp", "md.mdp"]);
    await checkIncludes(files, systemDir);
    const { atoms, rmsdGroup } = describeGro(await readFile(groFile, "utf8"));
    const systemMdp: MdpEntries = mdpFile ? parseMdp(await readFile(mdpFile, "utf8")) : DEFAULT_SYSTEM_MDP;
    const temperatureK = options.temperatureK ?? 300;
    const deadline = started + options.maxWallSeconds * 1000;
    const hoursLeft = () => Math.max(0.001, (deadline - performance.now()) / 3_600_000).toFixed(4);
    const mdrunArgs = ["-ntmpi", "1", "-ntomp", String(Math.max(1, options.threads)), "-pin", "off", "-v"];
    const common = { ...(options.signal ? { signal: options.signal } : {}) };
    const topDir = dirname(topFile);

    // Minimisation: grompp runs where the topology is, so its relative includes resolve.
    await writeFile(join(runDir, "em.mdp"), formatMdp(minimisationMdp(systemMdp)));
    await gmx(
      [
        "grompp",
        "-f",
        join(runDir, "em.mdp"),
        "-c",
        groFile,
        "-p",
        topFile,
        "-o",
        join(runDir, "em.tpr"),
        "-po",
        join(runDir, "em-out.mdp"),
        "-maxwarn",
        "0",
      ],
      { cwd: topDir, ...common },
    ).catch(systemError);
    // The system is checked (grompp) before saying that this machine cannot run dynamics at all.
    const md = await mdAvailability();
    if (!md.available) throw new OracleUnavailableError(md.reason);
    await gmx(["mdrun", "-deffnm", "em", ...mdrunArgs, "-maxh", hoursLeft()], {
      cwd: runDir,
      ...common,
      onOutput: progressReader("minimisation", 5000, options.onProgress),
    });
    const emLog = await readFile(join(runDir, "em.log"), "utf8");
    const minimisation = {
      converged: /converged to Fmax </.test(emLog),
      steps: Number(
        /(?:converged to Fmax < \S+ in|did not converge to Fmax < \S+ in)\s+(\d+)\s+steps/.exec(emLog)?.[1] ??
          /in (\d+) steps/.exec(emLog)?.[1] ??
          0,
      ),
      potential_kj_mol: Number(/Potential Energy\s*=\s*(\S+)/.exec(emLog)?.[1]),
      max_force: Number(/Maximum force\s*=\s*(\S+)/.exec(emLog)?.[1]),
    };

    const nvt = nvtMdp(systemMdp, { ns: options.ns, seed: options.seed, temperatureK });
    await writeFile(join(runDir, "nvt.mdp"), formatMdp(nvt.mdp));
    await gmx(
      [
        "grompp",
        "-f",
        join(runDir, "nvt.mdp"),
        "-c",
        join(runDir, "em.gro"),
        "-p",
        topFile,
        "-o",
        join(runDir, "nvt.tpr"),
        "-po",
        join(runDir, "nvt-out.mdp"),
        "-maxwarn",
        "0",
      ],
      { cwd: topDir, ...common },
    ).catch(systemError);
    let crashed: string | null = null;
    await gmx(["mdrun", "-deffnm", "nvt", ...mdrunArgs, "-maxh", hoursLeft()], {
      cwd: runDir,
      ...common,
      onOutput: progressReader("nvt", nvt.steps, options.onProgress),
    }).catch((error: unknown) => {
      if (options.signal?.aborted || !(error instanceof ProgramFailedError)) throw error;
      crashed = error.message.replace(/^gmx failed( \(exit [^)]*\))?: /, "");
    });

    const nvtLog = await readFile(join(runDir, "nvt.log"), "utf8").catch(() => "");
    const stepsDone = Number(/Statistics over (\d+) steps/.exec(nvtLog)?.[1] ?? 1) - 1;
    const energies = await gmx(["energy", "-f", "nvt.edr", "-o", "energy.xvg"], {
      cwd: runDir,
      input: "Potential\nTemperature\n\n",
      ...common,
    })
      .then(async () => parseXvg(await readFile(join(runDir, "energy.xvg"), "utf8")))
      .catch(() => [] as number[][]);
    const rmsd = await gmx(["rms", "-s", "em.tpr", "-f", "nvt.xtc", "-o", "rmsd.xvg", "-tu", "ps"], {
      cwd: runDir,
      input: `${rmsdGroup}\n${rmsdGroup}\n`,
      ...common,
    })
      .then(async () => parseXvg(await readFile(join(runDir, "rmsd.xvg"), "utf8")))
      .catch(() => [] as number[][]);

    const rmsdSeries = rmsd.map(([t, value]) => ({ t_ps: round(t!, 3), value: round(value!, 4) }));
    const potentialSeries = energies.map(([t, potential]) => ({ t_ps: round(t!, 3), value: round(potential!, 1) }));
    const temperatures = energies.map((row) => row[2]!).filter(Number.isFinite);
    const rmsdFinal = rmsdSeries.at(-1)?.value ?? null;
    const rmsdMax = rmsdSeries.length ? Math.max(...rmsdSeries.map((p) => p.value)) : null;
    const instability = mdInstability(
      { crashed, minimisedPotential: minimisation.potential_kj_mol, rmsdFinal, rmsdGroup },
      DEFAULT_RMSD_THRESHOLD_NM,
    );
    return {
      oracle: { name: "md", version: `${MD_ORACLE_VERSION}; ${gromacs.version}` },
      system: {
        sha256: createHash("sha256").update(tarball).digest("hex"),
        gro: relative(systemDir, groFile),
        top: relative(systemDir, topFile),
        mdp: mdpFile ? relative(systemDir, mdpFile) : "default (PME, 1.0 nm cut-offs)",
        atoms,
        rmsd_group: rmsdGroup,
      },
      minimisation,
      nvt: {
        ns_requested: options.ns,
        ns_completed: round((Math.max(0, stepsDone) * nvt.dtPs) / 1000, 6),
        steps: Math.max(0, stepsDone),
        dt_ps: nvt.dtPs,
        temperature_k: temperatureK,
        temperature_mean_k: temperatures.length ? round(mean(temperatures)!, 2) : null,
        potential_kj_mol: potentialSeries,
        potential_mean_kj_mol: potentialSeries.length ? round(mean(potentialSeries.map((p) => p.value))!, 1) : null,
        rmsd_nm: rmsdSeries,
        rmsd_final_nm: rmsdFinal,
        rmsd_max_nm: rmsdMax,
        crashed,
      },
      stable: instability.length === 0,
      instability,
      wall_time_s: round((performance.now() - started) / 1000, 2),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** grompp rejecting the input is the user's system at fault, not the oracle. */
function systemError(error: unknown): never {
  if (error instanceof ProgramFailedError)
    throw new MdSystemError(
      `GROMACS rejected the system: ${error.message.replace(/^gmx failed( \(exit [^)]*\))?: (gmx grompp: )?/, "")}`,
    );
  throw error;
}
