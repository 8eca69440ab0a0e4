import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MoleculeOracle, OracleScore } from "../oracle";
import { requireDockingBinaries } from "../programs";
import { resolveBox, type BoxSpec, type DockingBox } from "./structure";
import { DEFAULT_VINA_PARAMETERS, firstModel, prepareLigand, prepareReceptor, runVina, type DockingMode, type VinaParameters } from "./vina";

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
export function dockingCacheKey(parts: { receptorSha256: string; smiles: string; box: DockingBox; params: VinaParameters; version: string }): string {
  const { cpu: _cpu, ...search } = parts.params; // threads do not change Vina's answer for a seed
  return createHash("sha256").update(JSON.stringify([parts.receptorSha256, parts.smiles, parts.box, search, parts.version])).digest("hex");
}

export interface DockingOracleOptions {
  receptor: string;
  format: "pdb" | "pdbqt";
  box: BoxSpec;
  params?: Partial<VinaParameters>;
  cache?: DockingCache;
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
  ) {}

  static async create(options: DockingOracleOptions): Promise<DockingOracle> {
    const versions = await requireDockingBinaries();
    const box = resolveBox(options.receptor, options.box);
    const receptorPdbqt = await prepareReceptor(options.receptor, options.format);
    const dir = await mkdtemp(join(tmpdir(), "sieve-receptor-"));
    await writeFile(join(dir, "receptor.pdbqt"), receptorPdbqt);
    const sha = createHash("sha256").update(options.receptor).digest("hex");
    const params = { ...DEFAULT_VINA_PARAMETERS, ...options.params };
    return new DockingOracle(`vina ${versions.vina.replace(/^AutoDock Vina\s*/i, "")}; ${versions.obabel.split(" -- ")[0]}`, sha, box, params, dir, options.cache ?? sharedDockingCache);
  }

  async dock(smiles: string, signal?: AbortSignal): Promise<DockingResult> {
    const key = dockingCacheKey({ receptorSha256: this.receptorSha256, smiles, box: this.box, params: this.params, version: this.version });
    const hit = await this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const started = performance.now();
    const ligand = await prepareLigand(smiles, signal);
    const { modes, posesPdbqt } = await runVina(join(this.dir, "receptor.pdbqt"), ligand, this.box, this.params, signal);
    const result = { smiles, affinity: modes[0]!.affinity, modes, pose_pdbqt: firstModel(posesPdbqt), seconds: (performance.now() - started) / 1000 };
    await this.cache.set(key, result);
    return { ...result, cached: false };
  }

  /** Docks an already prepared ligand PDBQT (e.g. a crystal ligand), uncached; returns every mode's pose. */
  async dockPrepared(ligandPdbqt: string, signal?: AbortSignal): Promise<{ affinity: number; modes: DockingMode[]; poses_pdbqt: string }> {
    const { modes, posesPdbqt } = await runVina(join(this.dir, "receptor.pdbqt"), ligandPdbqt, this.box, this.params, signal);
    return { affinity: modes[0]!.affinity, modes, poses_pdbqt: posesPdbqt };
  }

  async score(smiles: string, signal?: AbortSignal): Promise<OracleScore> {
    try {
      const result = await this.dock(smiles, signal);
      return { value: result.affinity, details: { modes: result.modes, pose_pdbqt: result.pose_pdbqt, seconds: result.seconds, cached: result.cached } };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { value: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
