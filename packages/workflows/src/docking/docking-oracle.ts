import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MoleculeOracle, OracleScore } from "../oracle";
import { ProgramTimeoutError, requireDockingBinaries } from "../programs";
import type { LigandTimeLimit } from "../screen-filters";
import {
  interactionFingerprint,
  interactionReference,
  interactionSimilarity,
  readPdbqtAtoms,
  type InteractionReferenceResult,
} from "./interactions";
import { resolveBox, type BoxSpec, type DockingBox } from "./structure";
import {
  optimiseInPlace,
  placeOnReference,
  TETHER_METHOD,
  TetherNotApplicableError,
  type ReferencePose,
  type TetheredPlacement,
} from "./tethered";
import {
  CONFORMER_SEED,
  DEFAULT_VINA_PARAMETERS,
  firstModel,
  prepareLigandConformers,
  prepareReceptor,
  runVina,
  SEARCH_METHOD,
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
  /** Which start conformer gave the best pose (1-based), of how many were docked, and each one's best affinity. */
  conformer?: { index: number; of: number; affinities: number[] };
  /** How the pose was found: a full search, or (an analog) placed on its parent's pose and optimised in place. */
  placement: AnalogPlacement;
  /** When `affinity` is the searched pose's in-place score (`searchThenOptimiseInPlace`): the search's own score. */
  search_affinity?: number;
  seconds: number;
  cached: boolean;
}

/** A full Vina search (with why an analog was not tethered, when it was meant to be), or a tethered placement. */
export type AnalogPlacement = { method: "search"; reason?: string } | TetheredPlacement;

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

/** SHA-256 of (receptor SHA-256, canonical SMILES, box, parameters, start conformers, program versions). */
export function dockingCacheKey(parts: {
  receptorSha256: string;
  smiles: string;
  box: DockingBox;
  params: VinaParameters;
  conformers: number;
  version: string;
  /** A tethered placement's reference: its SMILES and pose decide the result. */
  reference?: ReferencePose;
  /** How the result was reached: the search (`SEARCH_METHOD`), a tethered placement (`TETHER_METHOD`), in place. */
  method: string;
}): string {
  const { cpu: _cpu, ...search } = parts.params; // threads do not change Vina's answer for a seed
  const { receptorSha256, smiles, box, conformers, version, reference, method } = parts;
  return createHash("sha256")
    .update(JSON.stringify([receptorSha256, smiles, box, search, conformers, version, reference ?? null, method]))
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

/** Sets of start conformers tried before a ligand whose scores stay implausible fails. */
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

/** The best-scoring plausible conformer of one attempt: which it is (0-based) and its docking. */
export interface BestConformer {
  docked: DockingAttempt;
  index: number;
  of: number;
  affinities: number[];
}

/**
 * Runs `attempt` (given the try's number: 0, 1, …, which seeds its start conformers, and docking each of them) until
 * one conformer's best score is plausible, at most CONFORMER_ATTEMPTS times, and keeps the best-scoring plausible
 * conformer of that try; throws with every reason otherwise.
 */
export async function dockUntilPlausible(
  smiles: string,
  attempt: (tries: number) => Promise<DockingAttempt[]>,
): Promise<BestConformer> {
  const reasons: string[] = [];
  for (let tries = 0; tries < CONFORMER_ATTEMPTS; tries++) {
    const conformers = await attempt(tries);
    let best: number | null = null;
    for (const [index, docked] of conformers.entries()) {
      const reason = implausibleAffinity(docked.modes[0]!.affinity, docked.heavyAtoms);
      if (reason) reasons.push(reason);
      else if (best === null || docked.modes[0]!.affinity < conformers[best]!.modes[0]!.affinity) best = index;
    }
    if (best !== null)
      return {
        docked: conformers[best]!,
        index: best,
        of: conformers.length,
        affinities: conformers.map((c) => c.modes[0]!.affinity),
      };
  }
  throw new Error(
    `Docking ${smiles} gave physically implausible scores with ${CONFORMER_ATTEMPTS} sets of conformers (seeds ${CONFORMER_SEED}–${CONFORMER_SEED + CONFORMER_ATTEMPTS - 1}) (${reasons.join("; ")}): the ligand or the pocket needs checking`,
  );
}

/**
 * Vina's exhaustiveness (independent Monte Carlo searches) for each of `conformers` start conformers: the ligand's
 * search budget shared among them, at least one search each, so docking N conformers costs about what one did until
 * N exceeds the exhaustiveness.
 */
export function exhaustivenessPerConformer(exhaustiveness: number, conformers: number): number {
  return Math.max(1, Math.ceil(exhaustiveness / Math.max(1, conformers)));
}

export interface DockingOracleOptions {
  receptor: string;
  format: "pdb" | "pdbqt";
  box: BoxSpec;
  params?: Partial<VinaParameters>;
  /**
   * Start conformers docked per ligand (1 when not given; screens pass `filters.start_conformers`, default 2), sharing
   * `params.exhaustiveness` (see `exhaustivenessPerConformer`); the best-scoring pose wins.
   */
  conformers?: number;
  /**
   * Lead optimization's `analog_docking: "tethered"`: a molecule scored with a reference (its parent) is placed on the
   * parent's pose by their common core and optimised in place (`placeOnReference`, `optimiseInPlace`) instead of
   * searched for; one sharing too little with it, or scoring implausibly so placed, is searched for as usual.
   */
  tetherAnalogs?: boolean;
  cache?: DockingCache;
  /** Where prepared receptors are kept between jobs (by structure and Open Babel version); none: prepare each time. */
  receptorCacheDir?: string;
  /**
   * Each step's time limit for a ligand (3D build of every conformer; Vina on every conformer); without it, 120 s for
   * the build and none for Vina.
   */
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
    readonly conformers: number,
    readonly tetherAnalogs: boolean,
    private readonly dir: string,
    private readonly cache: DockingCache,
    private readonly timeLimit: ((smiles: string) => LigandTimeLimit) | null,
    /** The co-crystal ligand's interactions (a box drawn around it), which every pose is compared with, or why none. */
    private readonly interactionReference: InteractionReferenceResult,
    private readonly receptorAtoms: ReturnType<typeof readPdbqtAtoms>,
  ) {}

  get interactions() {
    return "reference" in this.interactionReference ? this.interactionReference.reference : null;
  }

  /** Why poses are not compared with a co-crystal ligand, or null when they are (`MoleculeOracle`). */
  get interactionsUnavailable(): string | null {
    return "unavailable" in this.interactionReference ? this.interactionReference.unavailable : null;
  }

  static async create(options: DockingOracleOptions): Promise<DockingOracle> {
    const versions = await requireDockingBinaries();
    const box = resolveBox(options.receptor, options.box);
    const receptorPdbqt = await preparedReceptor(options, versions.obabel);
    const dir = await mkdtemp(join(tmpdir(), "sieve-receptor-"));
    await writeFile(join(dir, "receptor.pdbqt"), receptorPdbqt);
    const sha = createHash("sha256").update(options.receptor).digest("hex");
    const params = { ...DEFAULT_VINA_PARAMETERS, ...options.params };
    const receptorAtoms = readPdbqtAtoms(receptorPdbqt);
    return new DockingOracle(
      `vina ${versions.vina.replace(/^AutoDock Vina\s*/i, "")}; ${versions.obabel.split(" -- ")[0]}; ${versions.rdkit} ETKDG`,
      sha,
      box,
      params,
      Math.max(1, Math.round(options.conformers ?? 1)),
      options.tetherAnalogs ?? false,
      dir,
      options.cache ?? sharedDockingCache,
      options.timeLimit ?? null,
      await interactionReference(options.receptor, options.format, options.box, receptorAtoms),
      receptorAtoms,
    );
  }

  /**
   * Tanimoto of a pose's interaction fingerprint to the co-crystal ligand's (`interactions`; in a receptor of
   * identical chains, the best over their swaps), or null when there is no such ligand (`interactionsUnavailable`).
   */
  interactionSimilarity(posePdbqt: string): number | null {
    const reference = this.interactions;
    if (!reference) return null;
    const bits = interactionFingerprint(readPdbqtAtoms(posePdbqt), this.receptorAtoms);
    return Math.round(interactionSimilarity(bits, reference) * 1000) / 1000;
  }

  /** This oracle's cache key for a molecule, searched for, or placed on a reference pose by `method`. */
  private cacheKey(smiles: string, reference?: ReferencePose, method?: string): string {
    const { receptorSha256, box, params, conformers, version } = this;
    return dockingCacheKey({
      receptorSha256,
      smiles,
      box,
      params,
      conformers,
      version,
      ...(reference ? { reference } : {}),
      method: method ?? SEARCH_METHOD,
    });
  }

  /**
   * Builds `conformers` seeded start conformers and docks each with Vina's fixed seed, sharing the exhaustiveness
   * among them, and keeps the best-scoring pose: the same molecule gives the same score on every run, however its
   * SMILES is written. A physically implausible score (see `implausibleAffinity`) is passed over; when every
   * conformer's is, the next seed's set is tried, and after `CONFORMER_ATTEMPTS` such sets the ligand fails with the
   * reasons rather than topping a ranking. Only a plausible result is cached.
   */
  async dock(smiles: string, signal?: AbortSignal, untethered?: string): Promise<DockingResult> {
    const key = this.cacheKey(smiles);
    const hit = await this.cache.get(key);
    const placement = { method: "search" as const, ...(untethered ? { reason: untethered } : {}) };
    // Always a search; why this call searched (an analog meant to be tethered) is this call's, not the cached one's.
    if (hit) return { ...hit, placement, cached: true };
    const started = performance.now();
    const limit = this.timeLimit?.(smiles) ?? null;
    const timeoutMs = limit ? limit.seconds * 1000 : undefined;
    const step = <T>(name: string, work: Promise<T>) =>
      work.catch((error: unknown) => {
        throw signal?.aborted ? error : stepError(name, error, limit);
      });
    const receptor = join(this.dir, "receptor.pdbqt");
    const best = await dockUntilPlausible(smiles, async (tries) => {
      const ligands = await step(
        "3D build (RDKit ETKDG)",
        prepareLigandConformers(smiles, {
          count: this.conformers,
          seed: CONFORMER_SEED + tries,
          ...(signal ? { signal } : {}),
          ...(timeoutMs ? { timeoutMs } : {}),
        }),
      );
      const params = {
        ...this.params,
        exhaustiveness: exhaustivenessPerConformer(this.params.exhaustiveness, ligands.length),
      };
      // The Vina step's limit covers every conformer: they share the search budget one conformer had.
      const deadline = timeoutMs ? performance.now() + timeoutMs : null;
      const docked: DockingAttempt[] = [];
      for (const ligand of ligands) {
        const left = deadline === null ? undefined : Math.max(1, Math.round(deadline - performance.now()));
        const run = runVina(receptor, ligand, this.box, params, signal, left).catch((error: unknown) => {
          throw error instanceof ProgramTimeoutError ? new ProgramTimeoutError("vina", limit!.seconds) : error;
        });
        docked.push({ ...(await step("Docking (Vina)", run)), heavyAtoms: heavyAtomCount(ligand) });
      }
      return docked;
    });
    const { modes, posesPdbqt } = best.docked;
    const result = {
      smiles,
      affinity: modes[0]!.affinity,
      modes,
      pose_pdbqt: firstModel(posesPdbqt),
      conformer: { index: best.index + 1, of: best.of, affinities: best.affinities },
      placement,
      seconds: (performance.now() - started) / 1000,
    };
    await this.cache.set(key, result);
    return { ...result, cached: false };
  }

  /**
   * An analog placed on its parent's docked pose by their common core (the rest built by ETKDG, least clashing of
   * several placements) and optimised in place by Vina (no search), so a series is compared in one binding mode
   * rather than through independent stochastic searches: one search from one start conformer scored
   * amprenavir −8.27 and −10.33 kcal/mol. Falls back to the full search, saying why, when the analog shares less
   * than half its heavy atoms with the parent or its placed score is implausible.
   */
  async dockOnReference(smiles: string, reference: ReferencePose, signal?: AbortSignal): Promise<DockingResult> {
    const key = this.cacheKey(smiles, reference, TETHER_METHOD);
    const hit = await this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const started = performance.now();
    const limit = this.timeLimit?.(smiles) ?? null;
    const timeoutMs = limit ? limit.seconds * 1000 : undefined;
    const receptor = join(this.dir, "receptor.pdbqt");
    let placed: Awaited<ReturnType<typeof placeOnReference>>;
    try {
      placed = await placeOnReference(smiles, reference, receptor, {
        seed: CONFORMER_SEED,
        ...(signal ? { signal } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof ProgramTimeoutError) throw stepError("Placement on the parent's pose (RDKit)", error, limit);
      // The analog shares too little, or placing it failed (RDKit could not read Open Babel's SMILES, say): search.
      const why = error instanceof Error ? error.message : String(error);
      return this.searchThenOptimiseInPlace(
        smiles,
        signal,
        error instanceof TetherNotApplicableError ? why : `placing it on its parent's pose failed: ${why}`,
      );
    }
    // The placement and the optimisation share the ligand's one time limit.
    const left = timeoutMs === undefined ? undefined : Math.max(1, Math.round(started + timeoutMs - performance.now()));
    const optimised = await optimiseInPlace(receptor, placed.pdbqt, signal, left).catch((error: unknown) => {
      throw signal?.aborted ? error : stepError("Local optimisation (Vina)", error, limit);
    });
    const implausible = implausibleAffinity(optimised.affinity, placed.placement.heavy_atoms);
    if (implausible)
      return this.searchThenOptimiseInPlace(smiles, signal, `placed on its parent's pose: ${implausible}`);
    const result = {
      smiles,
      affinity: optimised.affinity,
      modes: [{ mode: 1, affinity: optimised.affinity, rmsd_lb: 0, rmsd_ub: 0 }],
      pose_pdbqt: firstModel(optimised.posePdbqt),
      placement: placed.placement,
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

  /**
   * The search's best pose optimised in place by Vina, scored as a tethered analog is (`optimiseInPlace`), so hits and
   * analogs of one lead optimization compare on one scale: both are local minima of the same function. The search's
   * score (already the pose's `--score_only` score, see `parseVinaModes`) is kept as `search_affinity`.
   */
  async searchThenOptimiseInPlace(smiles: string, signal?: AbortSignal, untethered?: string): Promise<DockingResult> {
    const searched = await this.dock(smiles, signal, untethered);
    const key = this.cacheKey(smiles, { smiles, pose_pdbqt: searched.pose_pdbqt }, "in place");
    const hit = await this.cache.get(key);
    if (hit) return { ...hit, placement: searched.placement, cached: true };
    const started = performance.now();
    const limit = this.timeLimit?.(smiles) ?? null;
    const pose = searched.pose_pdbqt.replace(/^(MODEL|ENDMDL).*\n?/gm, "");
    const optimised = await optimiseInPlace(
      join(this.dir, "receptor.pdbqt"),
      pose,
      signal,
      limit ? limit.seconds * 1000 : undefined,
    ).catch((error: unknown) => {
      throw signal?.aborted ? error : stepError("Local optimisation (Vina)", error, limit);
    });
    const implausible = implausibleAffinity(optimised.affinity, heavyAtomCount(pose));
    if (implausible) throw new Error(`Docking ${smiles}: optimised in place, ${implausible}`);
    const { cached: _cached, ...search } = searched;
    const result = {
      ...search,
      affinity: optimised.affinity,
      // One pose: the locally optimised one.
      modes: [{ mode: 1, affinity: optimised.affinity, rmsd_lb: 0, rmsd_ub: 0 }],
      search_affinity: searched.affinity,
      pose_pdbqt: firstModel(optimised.posePdbqt),
      seconds: searched.seconds + (performance.now() - started) / 1000,
    };
    await this.cache.set(key, result);
    return { ...result, cached: false };
  }

  /**
   * Lead optimization with `tetherAnalogs` scores everything in place: an analog on its parent's pose
   * (`dockOnReference`), a hit (or an analog that cannot be tethered) by the search and then in place; otherwise the
   * search's own score.
   */
  async score(smiles: string, signal?: AbortSignal, reference?: ReferencePose): Promise<OracleScore> {
    try {
      const result = !this.tetherAnalogs
        ? await this.dock(smiles, signal)
        : reference && reference.smiles !== smiles
          ? await this.dockOnReference(smiles, reference, signal)
          : await this.searchThenOptimiseInPlace(smiles, signal);
      return {
        value: result.affinity,
        details: {
          modes: result.modes,
          pose_pdbqt: result.pose_pdbqt,
          interaction_similarity: this.interactionSimilarity(result.pose_pdbqt),
          conformer: result.conformer,
          placement: result.placement,
          ...(result.search_affinity === undefined ? {} : { search_affinity: result.search_affinity }),
          seconds: result.seconds,
          cached: result.cached,
        },
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
