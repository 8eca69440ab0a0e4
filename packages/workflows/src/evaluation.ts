import type { MoleculeProfile } from "@sieve/chem";
import type { AnalogPlacement } from "./docking/docking-oracle";
import type { ReferencePose } from "./docking/tethered";
import type { DockingMode } from "./docking/vina";
import { fitness, type ScoredValues, type WorkflowObjective } from "./objectives";
import type { MoleculeOracle } from "./oracle";

/** One scored compound, as the workflows report it. */
export interface EvaluatedCompound {
  smiles: string;
  name: string | null;
  fitness: number;
  activity: number | null;
  activity_kind: "docking" | "ligand_similarity";
  synthetic_accessibility: number | null;
  /** Vina's best affinity (kcal/mol) when docked. */
  affinity: number | null;
  /** Docking into a box around a co-crystal ligand: the pose's interaction fingerprint Tanimoto to that ligand's. */
  interaction_similarity?: number;
  modes?: DockingMode[];
  pose_pdbqt?: string;
  /** Docking: the start conformer whose pose scored best (1-based), of how many, and each one's best affinity. */
  conformer?: { index: number; of: number; affinities: number[] };
  /** Docking: found by a full search, or placed on the parent's pose and optimised in place (lead optimization). */
  placement?: AnalogPlacement;
  /** Lead optimization: a searched molecule's affinity is its pose's in-place score; this is the search's own. */
  search_affinity?: number;
  properties: { mw: number; logp: number; tpsa: number; qed: number; hbd: number; hba: number; heavy_atoms: number };
  warnings: string[];
  errors: string[];
  /** The negatome's safety risk (0–1) and level, when the run screened against the negatome. */
  negatome_risk?: number;
  negatome_level?: "green" | "amber" | "red";
}

/**
 * Scores compounds with the run's oracles: activity (docking or ligand similarity) and synthetic
 * accessibility, combined into one fitness by the run's objectives.
 */
export class CompoundEvaluator {
  evaluations = 0;
  /** The run's objectives these oracles can score: the fitness is their weighted mean. */
  readonly objectives: WorkflowObjective[];
  /** Objectives of the run these oracles cannot score, with why: left out of the fitness, not counted as 0. */
  readonly objectivesNotScored: { name: string; reason: string }[];

  constructor(
    private readonly activity: MoleculeOracle,
    private readonly sa: MoleculeOracle,
    objectives: WorkflowObjective[],
    private readonly alerts: (smiles: string) => string[] = () => [],
  ) {
    const why =
      this.activityKind !== "docking"
        ? NO_POSE
        : activity.interactionsUnavailable === undefined
          ? "this docking oracle does not compare poses with a co-crystallised ligand"
          : activity.interactionsUnavailable;
    this.objectives = objectives.filter((o) => o.name !== "interaction_similarity" || why === null);
    this.objectivesNotScored = why
      ? objectives.filter((o) => o.name === "interaction_similarity").map((o) => ({ name: o.name, reason: why }))
      : [];
  }

  get activityKind(): "docking" | "ligand_similarity" {
    return this.activity.name === "docking" ? "docking" : "ligand_similarity";
  }

  async evaluate(
    compound: { smiles: string; name: string | null; profile: MoleculeProfile },
    signal?: AbortSignal,
    reference?: ReferencePose,
  ): Promise<EvaluatedCompound> {
    this.evaluations++;
    const [activity, sa] = await Promise.all([
      this.activity.score(compound.smiles, signal, reference),
      this.sa.score(compound.smiles, signal),
    ]);
    const values: ScoredValues = {
      activity: activity.value,
      activity_kind: this.activityKind,
      synthetic_accessibility: sa.value,
      interaction_similarity: numberOrNull(activity.details?.interaction_similarity),
      profile: compound.profile,
    };
    const d = compound.profile.descriptors;
    const docked = this.activityKind === "docking" && activity.value !== null;
    return {
      smiles: compound.smiles,
      name: compound.name,
      fitness: fitness(this.objectives, values),
      activity: activity.value,
      activity_kind: this.activityKind,
      synthetic_accessibility: sa.value,
      affinity: docked ? activity.value : null,
      ...(docked
        ? {
            modes: activity.details?.modes as DockingMode[],
            pose_pdbqt: activity.details?.pose_pdbqt as string,
            ...(values.interaction_similarity === null
              ? {}
              : { interaction_similarity: values.interaction_similarity }),
            ...(activity.details?.conformer
              ? { conformer: activity.details.conformer as NonNullable<EvaluatedCompound["conformer"]> }
              : {}),
            ...(activity.details?.placement ? { placement: activity.details.placement as AnalogPlacement } : {}),
            ...(typeof activity.details?.search_affinity === "number"
              ? { search_affinity: activity.details.search_affinity }
              : {}),
          }
        : {}),
      properties: {
        mw: round(d.mw),
        logp: round(d.logp),
        tpsa: round(d.tpsa),
        qed: round(d.qed),
        hbd: d.hbd,
        hba: d.hba,
        heavy_atoms: d.heavy_atoms,
      },
      warnings: this.alerts(compound.smiles),
      errors: [activity.error, sa.error].filter((e): e is string => Boolean(e)),
    };
  }
}

const NO_POSE = "activity is scored by ligand similarity: there is no docked pose";

const round = (v: number) => Math.round(v * 1000) / 1000;
const numberOrNull = (v: unknown) => (typeof v === "number" ? v : null);

/** Best first; ties by SMILES so the order never depends on timing. */
export function rankEvaluated<T extends { fitness: number; smiles: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.fitness - a.fitness || (a.smiles < b.smiles ? -1 : a.smiles > b.smiles ? 1 : 0));
}

/**
 * Why a run must stop now, or null: cancelled, or past its wall-clock limit (0: none) since `started`
 * (`performance.now()`). Runs check it before each molecule, not only between batches or rounds, which take minutes.
 */
export function haltReason(
  started: number,
  wallclockLimitS: number,
  cancelled?: () => boolean,
): "cancelled" | "wallclock" | null {
  if (cancelled?.()) return "cancelled";
  if (wallclockLimitS > 0 && (performance.now() - started) / 1000 >= wallclockLimitS) return "wallclock";
  return null;
}

/** Runs `work` over items with at most `limit` in flight, in order of completion. */
export async function mapConcurrent<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}
