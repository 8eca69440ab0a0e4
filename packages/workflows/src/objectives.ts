import type { MoleculeProfile } from "@sieve/chem";
import { INTERACTION_CUTOFFS } from "./docking/interactions";

/** One objective of the run config (§3): name, direction and weight. */
export interface WorkflowObjective {
  name: string;
  direction: "maximize" | "minimize";
  weight: number;
}

/** Objectives the workflows can score; any other name is reported back as unsupported. */
export const SUPPORTED_OBJECTIVES = [
  "activity",
  "interaction_similarity",
  "synthetic_accessibility",
  "qed",
  "logp",
  "molecular_weight",
  "tpsa",
] as const;

/** The raw values one molecule was scored on (null: could not be scored). */
export interface ScoredValues {
  activity: number | null;
  activity_kind: "docking" | "ligand_similarity";
  synthetic_accessibility: number | null;
  /** Docking into a box around a co-crystal ligand: the pose's interaction fingerprint Tanimoto to that ligand's. */
  interaction_similarity: number | null;
  profile: MoleculeProfile;
}

/**
 * Synthetic accessibility counts against a molecule only when it is hard to make. Up to `easy_up_to` (4: as easy as
 * three quarters of DrugCentral's structures) a chemist would make either molecule, so a lower SA buys nothing; from
 * `hard_from` (6, where the Ertl–Schuffenhauer scale reads "hard to make", and the default of the analog
 * pre-filter `max_analog_sa_score`) it counts as unmakeable. Linear between. The linear (10 − SA)/9 this replaced
 * let SA decide between compounds whose docking scores were within noise of each other (issue 20).
 */
export const SA_DESIRABILITY = { easy_up_to: 4, hard_from: 6 } as const;

/**
 * Each raw value mapped onto 0..1 so objectives can be weighed together:
 * - docking affinity: −4 kcal/mol → 0, −12 kcal/mol → 1 (linear, clipped): the range from
 *   non-binders to strong drug-like binders in Vina's calibration (Trott & Olson 2010);
 * - ligand similarity: the Tanimoto itself;
 * - interaction similarity: the Tanimoto itself (the pose's interaction fingerprint to the co-crystal ligand's);
 * - SA score: a one-sided desirability (`SA_DESIRABILITY`): 1 up to SA 4, falling linearly to 0 at SA 6, so SA
 *   penalises molecules that are hard to make without preferring one easily made molecule over another;
 * - QED as is; logP, MW and TPSA by their rank within drug-like ranges (logP −1..6, MW 150..600,
 *   TPSA 20..140), turned around for "minimize".
 */
export function desirability(name: string, direction: "maximize" | "minimize", values: ScoredValues): number | null {
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  const d = values.profile.descriptors;
  let up: number | null; // desirability when maximizing
  switch (name) {
    case "activity":
      if (values.activity === null) return null;
      return values.activity_kind === "docking" ? clip((-values.activity - 4) / 8) : clip(values.activity);
    case "interaction_similarity":
      return values.interaction_similarity === null ? null : clip(values.interaction_similarity);
    case "synthetic_accessibility":
      if (values.synthetic_accessibility === null) return null;
      up = clip(
        (values.synthetic_accessibility - SA_DESIRABILITY.easy_up_to) /
          (SA_DESIRABILITY.hard_from - SA_DESIRABILITY.easy_up_to),
      );
      break;
    case "qed":
      up = d.qed;
      break;
    case "logp":
      up = clip((d.logp + 1) / 7);
      break;
    case "molecular_weight":
      up = clip((d.mw - 150) / 450);
      break;
    case "tpsa":
      up = clip((d.tpsa - 20) / 120);
      break;
    default:
      return null;
  }
  return direction === "maximize" ? up : 1 - up;
}

/** Weighted mean of the desirabilities; an objective that could not be scored counts as 0. */
export function fitness(objectives: WorkflowObjective[], values: ScoredValues): number {
  let total = 0;
  let weights = 0;
  for (const objective of objectives) {
    if (!(SUPPORTED_OBJECTIVES as readonly string[]).includes(objective.name)) continue;
    weights += objective.weight;
    total += objective.weight * (desirability(objective.name, objective.direction, values) ?? 0);
  }
  return weights > 0 ? Math.round((total / weights) * 1e4) / 1e4 : 0;
}

/** How each supported objective enters the fitness, with its values, as the API and the run page show it. */
export function fitnessTerms(objectives: WorkflowObjective[]): FitnessTerm[] {
  return objectives.flatMap((o) => {
    const mapping = DESIRABILITY_TEXT[o.name as (typeof SUPPORTED_OBJECTIVES)[number]];
    if (!mapping) return [];
    return [{ ...o, desirability: o.direction === "maximize" ? mapping.maximize : mapping.minimize }];
  });
}

export interface FitnessTerm extends WorkflowObjective {
  /** The raw value's mapping onto 0..1 (1 best), in words with its bounds. */
  desirability: string;
}

const ramp = (what: string, zero: number | string, one: number | string, unit = "") =>
  `0 at ${what} ${zero}${unit}, 1 at ${one}${unit}, linear between`;
const SA = SA_DESIRABILITY;
const ACTIVITY_TEXT = `docking: ${ramp("Vina affinity", -4, -12, " kcal/mol")}; ligand similarity: the Tanimoto itself`;
const C = INTERACTION_CUTOFFS;
const INTERACTION_TEXT = `the Tanimoto itself: the docked pose's protein–ligand interactions per residue (hydrophobic contact: apolar atoms within ${C.hydrophobic_A} Å; hydrogen bond donated or accepted: N/O within ${C.hbond_A} Å, the donor with a polar hydrogen; distances only) against the co-crystal ligand's, with a homodimer's identical chains also swapped`;
const DESIRABILITY_TEXT: Record<(typeof SUPPORTED_OBJECTIVES)[number], { maximize: string; minimize: string }> = {
  // Activity ignores the direction: stronger binding or closer similarity is always better.
  activity: { maximize: ACTIVITY_TEXT, minimize: ACTIVITY_TEXT },
  // Like activity, closer to the known ligand's interactions is always better.
  interaction_similarity: { maximize: INTERACTION_TEXT, minimize: INTERACTION_TEXT },
  synthetic_accessibility: {
    maximize: `0 up to SA ${SA.easy_up_to}, 1 from SA ${SA.hard_from}, linear between`,
    minimize: `1 up to SA ${SA.easy_up_to} (easy to make: no preference among such molecules), 0 from SA ${SA.hard_from} (hard to make), linear between`,
  },
  qed: { maximize: "QED itself", minimize: "1 − QED" },
  logp: { maximize: ramp("logP", -1, 6), minimize: ramp("logP", 6, -1) },
  molecular_weight: { maximize: ramp("MW", 150, 600, " Da"), minimize: ramp("MW", 600, 150, " Da") },
  tpsa: { maximize: ramp("TPSA", 20, 140, " Å²"), minimize: ramp("TPSA", 140, 20, " Å²") },
};

export function unsupportedObjectives(objectives: WorkflowObjective[]): string[] {
  return objectives.filter((o) => !(SUPPORTED_OBJECTIVES as readonly string[]).includes(o.name)).map((o) => o.name);
}
