import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProgramTimeoutError, runProgram } from "../programs";
import type { DockingBox } from "./structure";
import { stripToProtein } from "./structure";

/**
 * AutoDock Vina 1.2 (Eberhardt et al., J Chem Inf Model 2021, 61:3891; Debian autodock-vina 1.2.3)
 * with Open Babel 3.1 (O'Boyle et al., J Cheminf 2011, 3:33; Debian openbabel 3.1.1) for file
 * preparation, both called as programs.
 */
export interface VinaParameters {
  exhaustiveness: number;
  seed: number;
  num_modes: number;
  /** Threads per Vina process; parallelism across ligands comes from running several processes. */
  cpu: number;
}

export const DEFAULT_VINA_PARAMETERS: VinaParameters = { exhaustiveness: 8, seed: 42, num_modes: 9, cpu: 1 };

export interface DockingMode {
  mode: number;
  affinity: number;
  rmsd_lb: number;
  rmsd_ub: number;
}

/**
 * Receptor PDBQT from a PDB (waters, ligands, ions and alternate locations stripped, every chain
 * kept; hydrogens added for pH 7.4 so Vina sees donors; `-xr` writes a rigid receptor). A PDBQT
 * input is used as given.
 */
export async function prepareReceptor(text: string, format: "pdb" | "pdbqt"): Promise<string> {
  if (format === "pdbqt") return text;
  const { stdout } = await runProgram("obabel", ["-ipdb", "-opdbqt", "-xr", "-p", "7.4"], {
    input: stripToProtein(text),
    timeoutMs: 120_000,
  });
  if (!/^ATOM/m.test(stdout)) throw new Error("Open Babel produced no receptor atoms from this structure");
  return stdout;
}

/**
 * Ligand PDBQT: 3D coordinates from SMILES (`--gen3d`) with hydrogens for pH 7.4. Open Babel 3.1's fragment builder
 * sometimes gives up on a molecule (amprenavir: "3D coordinate generation failed", exit 0, every atom at the origin)
 * or runs for minutes; it gets a third of the time limit (at most 60 s), then Open Babel's distance geometry
 * (`--gen3d dg`, which keeps the stereocentres) gets the rest. Failing both, the error gives both reasons.
 */
export async function prepareLigand(smiles: string, signal?: AbortSignal, timeoutMs = 120_000): Promise<string> {
  if (/\s/.test(smiles) || smiles.startsWith("-")) throw new Error(`Not a single SMILES string: ${smiles}`);
  const started = performance.now();
  const build = async (method: string[], limitMs: number) => {
    const { stdout, stderr } = await runProgram("obabel", [`-:${smiles}`, "-opdbqt", ...method, "-p", "7.4"], {
      timeoutMs: Math.max(1, Math.round(limitMs)),
      ...(signal ? { signal } : {}),
    });
    if (!/^(ATOM|HETATM)/m.test(stdout)) throw new Error(`Open Babel could not build 3D coordinates for ${smiles}`);
    assertLigandBuilt(stdout, stderr);
    return stdout;
  };
  let builderProblem: unknown;
  try {
    return await build(["--gen3d"], Math.min(timeoutMs / 3, 60_000));
  } catch (error) {
    if (signal?.aborted) throw error;
    builderProblem = error;
  }
  const left = timeoutMs - (performance.now() - started);
  if (left < 1000) throw new ProgramTimeoutError("obabel", Math.round(timeoutMs / 1000));
  try {
    return await build(["--gen3d", "dg"], left);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ProgramTimeoutError) throw new ProgramTimeoutError("obabel", Math.round(timeoutMs / 1000));
    const first = builderProblem instanceof Error ? builderProblem.message : String(builderProblem);
    throw new Error(`${first}; distance geometry: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Throws, with Open Babel's own message, when every atom of its PDBQT sits at (0, 0, 0): a build it gave up on. */
export function assertLigandBuilt(pdbqt: string, stderr: string): void {
  const atoms = pdbqt.split("\n").filter((line) => /^(ATOM|HETATM)/.test(line));
  const atOrigin = (line: string) =>
    [line.slice(30, 38), line.slice(38, 46), line.slice(46, 54)].every((v) => Number(v) === 0);
  if (atoms.length === 0 || !atoms.every(atOrigin)) return;
  const own = /Open Babel Error[^\n]*\n\s*([^\n]+)/.exec(stderr)?.[1]?.trim();
  throw new Error(`Open Babel could not build 3D coordinates (${own ?? "every atom left at the origin"})`);
}

/** Runs Vina on prepared files in a temporary folder; returns every mode and the output PDBQT. */
export async function runVina(
  receptorPath: string,
  ligandPdbqt: string,
  box: DockingBox,
  params: VinaParameters,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<{ modes: DockingMode[]; posesPdbqt: string }> {
  const dir = await mkdtemp(join(tmpdir(), "sieve-vina-"));
  try {
    await writeFile(join(dir, "ligand.pdbqt"), ligandPdbqt);
    const args = [
      "--receptor",
      receptorPath,
      "--ligand",
      "ligand.pdbqt",
      "--out",
      "out.pdbqt",
      "--center_x",
      String(box.center[0]),
      "--center_y",
      String(box.center[1]),
      "--center_z",
      String(box.center[2]),
      "--size_x",
      String(box.size[0]),
      "--size_y",
      String(box.size[1]),
      "--size_z",
      String(box.size[2]),
      "--exhaustiveness",
      String(params.exhaustiveness),
      "--seed",
      String(params.seed),
      "--num_modes",
      String(params.num_modes),
      "--cpu",
      String(params.cpu),
      "--verbosity",
      "0",
    ];
    await runProgram("vina", args, { cwd: dir, ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
    const posesPdbqt = await readFile(join(dir, "out.pdbqt"), "utf8");
    const modes = parseVinaModes(posesPdbqt);
    if (modes.length === 0) throw new Error("Vina returned no binding modes");
    return { modes, posesPdbqt };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `REMARK VINA RESULT: affinity rmsd_lb rmsd_ub`, one per MODEL, best first. */
export function parseVinaModes(pdbqt: string): DockingMode[] {
  const modes: DockingMode[] = [];
  for (const match of pdbqt.matchAll(/^REMARK VINA RESULT:\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/gm)) {
    modes.push({
      mode: modes.length + 1,
      affinity: Number(match[1]),
      rmsd_lb: Number(match[2]),
      rmsd_ub: Number(match[3]),
    });
  }
  return modes;
}

/** The first MODEL of a multi-model PDBQT (the best pose). */
export function firstModel(pdbqt: string): string {
  const end = pdbqt.indexOf("ENDMDL");
  return end === -1 ? pdbqt : pdbqt.slice(0, end + "ENDMDL".length) + "\n";
}
