import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MoleculeOracle, OracleScore } from "../oracle";
import { ProgramTimeoutError, requireDockingBinaries } from "../programs";
import type { LigandTimeLimit } from "../screen-filters";
import { resolveBox, type BoxSpec, type DockingBox } from "./structure";
import {
  CONFORMER_SEED,
  DEFAULT_VINA_PARAMETERS,
  firstModel,
  prepareLigand,
  prepareReceptor,
  runVina,
  type DockingMode,
  type VinaParameters,
} from "./vina";

export interface DockingResult {
  smiles: string;
  /** Best (lowest) Vina affinity, kcal/mol. */
  affinity: number;
  modes: DockingMode[];
  /** The best pose as PDBQT (first model of Vina's output). */
  pose_pdbqt: string;
  seconds: number;
  cached: boolean;
}

/** Where docking results are kept between calls, keyed by `dockingCacheKey`. */
export interface DockingCache {
  get(key: string): Promise<Omit<DockingResult, "cached"> | null>;
  set(key: string, value: Omit<DockingResult, "cached">): Promise<void>;
}

/** A bounded in-memory cache (least recently used out), one per process or thread. */
export class MemoryDockingCache implements DockingCache {
  private readonly entries = new Map<string, Omit<DockingResult, "cached">>();
  constructor(private readonly capacity = 5_000) {}
  async get(key: string) {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value ?? null;
  }
  async set(key: string, value: Omit<DockingResult, "cached">) {
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The shared default cache of this thread. */
export const sharedDockingCache = new MemoryDockingCache();

/**
 * Results kept as JSON files under a folder (`DATA_DIR/cache/docking` on the platform), so they
 * outlive the process and are shared by every thread; recent ones are also held in memory. A write
 * goes to a temporary file renamed into place, so a reader never sees half a result.
 */
export class FileDockingCache implements DockingCache {
  private readonly memory = new MemoryDockingCache(1_000);
  constructor(private readonly dir: string) {}

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string) {
    const remembered = await this.memory.get(key);
    if (remembered) return remembered;
    try {
      const value = JSON.parse(await readFile(this.path(key), "utf8")) as Omit<DockingResult, "cached">;
      await this.memory.set(key, value);
      return value;
    } catch {
      // Absent, or unreadable (e.g. written by an incompatible version): dock again.
      return null;
    }
  }

  async set(key: string, value: Omit<DockingResult, "cached">) {
    await this.memory.set(key, value);
    const path = this.path(key);
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, path);
  }
}

const fileCaches = new Map<string, FileDockingCache>();

/** One FileDockingCache per folder in this thread. */
export function dockingCacheAt(dir: string): FileDockingCache {
  let cache = fileCaches.get(dir);
  if (!cache) fileCaches.set(dir, (cache = new FileDockingCache(dir)));
  return cache;
}

/** SHA-256 of (receptor SHA-256, canonical SMILES, box, parameters, program versions). */
export function dockingCacheKey(parts: {
  receptorSha256: string;
  smiles: string;
  box: DockingBox;
  params: VinaParameters;
  version: string;
}): string {
  const { cpu: _cpu, ...search } = parts.params; // threads do not change Vina's answer for a seed
  return createHash("sha256")
    .update(JSON.stringify([parts.receptorSha256, parts.smiles, parts.box, search, parts.version]))
    .digest("hex");
}

const MAX_BINDING_FREE_ENERGY = -15;
const MAX_FREE_ENERGY_PER_HEAVY_ATOM = -1.5;

/**
 * Binding free energy grows by at most about −1.5 kcal/mol per heavy atom and levels off near
 * −15 kcal/mol (femtomolar) however large the ligand (Kuntz et al., PNAS 1999, 96:9997). A Vina score
 * beyond either bound is not a binding estimate but a defect of the input, such as a distorted
 * conformer (warfarin once scored −18 kcal/mol from an Open Babel `--gen3d` conformer, where it usually
 * scores −9). Returns why the score is implausible, or null.
 */
export function implausibleAffinity(affinity: number, heavyAtoms: number): string | null {
  if (affinity < MAX_BINDING_FREE_ENERGY)
    return `${affinity} kcal/mol is beyond the ${MAX_BINDING_FREE_ENERGY} kcal/mol that any ligand reaches`;
  const perAtom = affinity / Math.max(heavyAtoms, 1);
  if (perAtom < MAX_FREE_ENERGY_PER_HEAVY_ATOM)
    return `${affinity} kcal/mol over ${heavyAtoms} heavy atoms (${perAtom.toFixed(2)} per atom) is beyond the ${MAX_FREE_ENERGY_PER_HEAVY_ATOM} kcal/mol per heavy atom that any ligand reaches`;
  return null;
}

/** Conformers tried before a ligand whose scores stay implausible fails. */
export const CONFORMER_ATTEMPTS = 3;

/** Heavy (non-hydrogen) atoms of a PDBQT: its ATOM/HETATM records whose AutoDock type is not a hydrogen (H, HD, HS). */
export function heavyAtomCount(pdbqt: string): number {
  let count = 0;
  for (const line of pdbqt.split("\n")) {
    if (!/^(ATOM|HETATM)/.test(line)) continue;
    const type = line.slice(77).trim();
    if (type !== "H" && type !== "HD" && type !== "HS") count++;
  }
  return count;
}

/** One conformer docked, with the heavy-atom count its score is judged against. */
export interface DockingAttempt {
  modes: DockingMode[];
  posesPdbqt: string;
  heavyAtoms: number;
}

/**
 * Runs `attempt` (given the try's number: 0, 1, …, which seeds its conformer) until its best score is plausible, at
 * most CONFORMER_ATTEMPTS times; throws with every reason otherwise.
 */
export async function dockUntilPlausible(
  smiles: string,
  attempt: (tries: number) => Promise<DockingAttempt>,
): Promise<DockingAttempt> {
  const reasons: string[] = [];
  for (let tries = 0; tries < CONFORMER_ATTEMPTS; tries++) {
    const docked = await attempt(tries);
    const reason = implausibleAffinity(docked.modes[0]!.affinity, docked.heavyAtoms);
    if (!reason) return docked;
    reasons.push(reason);
  }
  throw new Error(
    `Docking ${smiles} gave physically implausible scores with ${CONFORMER_ATTEMPTS} conformers (seeds ${CONFORMER_SEED}–${CONFORMER_SEED + CONFORMER_ATTEMPTS - 1}) (${reasons.join("; ")}): the ligand or the pocket needs checking`,
  );
}

export interface DockingOracleOptions {
  receptor: string;
  format: "pdb" | "pdbqt";
  box: BoxSpec;
  params?: Partial<VinaParameters>;
  cache?: DockingCache;
  /** Where prepared receptors are kept between jobs (by structure and Open Babel version); none: prepare each time. */
  receptorCacheDir?: string;
  /** Each step's time limit for a ligand (3D build, Vina); without it, 120 s for the build and none for Vina. */
  timeLimit?: (smiles: string) => LigandTimeLimit;
}

/** The receptor PDBQT, from the cache folder when this structure was prepared before by the same Open Babel. */
async function preparedReceptor(options: DockingOracleOptions, obabelVersion: string): Promise<string> {
  if (!options.receptorCacheDir || options.format === "pdbqt") return prepareReceptor(options.receptor, options.format);
  const key = createHash("sha256")
    .update(JSON.stringify([options.receptor, obabelVersion]))
    .digest("hex");
  const dir = join(options.receptorCacheDir, "receptors");
  const path = join(dir, `${key}.pdbqt`);
  const kept = await readFile(path, "utf8").catch(() => null);
  if (kept) return kept;
  const pdbqt = await prepareReceptor(options.receptor, options.format);
  await mkdir(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, pdbqt);
  await rename(temporary, path);
  return pdbqt;
}

/** The step's error said as what happened: a timeout with its limit, or the program's own message. */
function stepError(step: string, error: unknown, limit: LigandTimeLimit | null): Error {
  if (error instanceof ProgramTimeoutError)
    return new Error(
      `${step} timed out after ${error.limitS} s${limit ? ` (the limit for this ligand: ${limit.basis})` : ""}`,
    );
  return new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Docking as an oracle: Vina affinity (kcal/mol, lower is better) of a ligand in a prepared receptor.
 * `create` checks the binaries (MissingBinaryError names the Debian package), prepares the
 * receptor once and resolves the box; `dock` builds the ligand and runs Vina with a fixed seed.
 */
export class DockingOracle implements MoleculeOracle {
  readonly name = "docking";
  readonly direction = "minimize" as const;
  readonly unit = "kcal/mol";
  readonly description = "AutoDock Vina best binding affinity in the target's pocket (lower is stronger)";

  private constructor(
    readonly version: string,
    readonly receptorSha256: string,
    readonly box: DockingBox,
    readonly params: VinaParameters,
    private readonly dir: string,
    private readonly cache: DockingCache,
    private readonly timeLimit: ((smiles: string) => LigandTimeLimit) | null,
  ) {}

  static async create(options: DockingOracleOptions): Promise<DockingOracle> {
    const versions = await requireDockingBinaries();
    const box = resolveBox(options.receptor, options.box);
    const receptorPdbqt = await preparedReceptor(options, versions.obabel);
    const dir = await mkdtemp(join(tmpdir(), "sieve-receptor-"));
    await writeFile(join(dir, "receptor.pdbqt"), receptorPdbqt);
    const sha = createHash("sha256").update(options.receptor).digest("hex");
    const params = { ...DEFAULT_VINA_PARAMETERS, ...options.params };
    return new DockingOracle(
      `vina ${versions.vina.replace(/^AutoDock Vina\s*/i, "")}; ${versions.obabel.split(" -- ")[0]}; ${versions.rdkit} ETKDG`,
      sha,
      box,
      params,
      dir,
      options.cache ?? sharedDockingCache,
      options.timeLimit ?? null,
    );
  }

  /**
   * Builds a seeded conformer and docks it with Vina's fixed seed (the same SMILES gives the same score on every
   * run); a physically implausible best score (see `implausibleAffinity`) is retried with the next seed's conformer, and after `CONFORMER_ATTEMPTS` such scores the ligand fails with
   * the reasons rather than topping a ranking. Only a plausible result is cached.
   */
  async dock(smiles: string, signal?: AbortSignal): Promise<DockingResult> {
    const key = dockingCacheKey({
      receptorSha256: this.receptorSha256,
      smiles,
      box: this.box,
      params: this.params,
      version: this.version,
    });
    const hit = await this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const started = performance.now();
    const limit = this.timeLimit?.(smiles) ?? null;
    const timeoutMs = limit ? limit.seconds * 1000 : undefined;
    const step = <T>(name: string, work: Promise<T>) =>
      work.catch((error: unknown) => {
        throw signal?.aborted ? error : stepError(name, error, limit);
      });
    const { modes, posesPdbqt } = await dockUntilPlausible(smiles, async (tries) => {
      const ligand = await step(
        "3D build (RDKit ETKDG)",
        prepareLigand(smiles, signal, timeoutMs, CONFORMER_SEED + tries),
      );
      const receptor = join(this.dir, "receptor.pdbqt");
      const docked = await step("Docking (Vina)", runVina(receptor, ligand, this.box, this.params, signal, timeoutMs));
      return { ...docked, heavyAtoms: heavyAtomCount(ligand) };
    });
    const result = {
      smiles,
      affinity: modes[0]!.affinity,
      modes,
      pose_pdbqt: firstModel(posesPdbqt),
      seconds: (performance.now() - started) / 1000,
    };
    await this.cache.set(key, result);
    return { ...result, cached: false };
  }

  /** Docks an already prepared ligand PDBQT (e.g. a crystal ligand), uncached; returns every mode's pose. */
  async dockPrepared(
    ligandPdbqt: string,
    signal?: AbortSignal,
  ): Promise<{ affinity: number; modes: DockingMode[]; poses_pdbqt: string }> {
    const { modes, posesPdbqt } = await runVina(
      join(this.dir, "receptor.pdbqt"),
      ligandPdbqt,
      this.box,
      this.params,
      signal,
    );
    return { affinity: modes[0]!.affinity, modes, poses_pdbqt: posesPdbqt };
  }

  async score(smiles: string, signal?: AbortSignal): Promise<OracleScore> {
    try {
      const result = await this.dock(smiles, signal);
      return {
        value: result.affinity,
        details: { modes: result.modes, pose_pdbqt: result.pose_pdbqt, seconds: result.seconds, cached: result.cached },
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { value: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
