import type { MoleculeProfile } from "@sieve/chem";

/** One objective of the run config (§3): name, direction and weight. */
export interface WorkflowObjective {
  name: string;
  direction: "maximize" | "minimize";
  weight: number;
}

/** Objectives the workflows can score; any other name is reported back as unsupported. */
export const SUPPORTED_OBJECTIVES = [
  "activity",
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
  profile: MoleculeProfile;
}

/**
 * Each raw value mapped onto 0..1 so objectives can be weighed together:
 * - docking affinity: −4 kcal/mol → 0, −12 kcal/mol → 1 (linear, clipped): the range from
 *   non-binders to strong drug-like binders in Vina's calibration (Trott & Olson 2010);
 * - ligand similarity: the Tanimoto itself;
 * - SA score: (10 − SA)/9, so 1 is easiest;
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
    case "synthetic_accessibility":
      if (values.synthetic_accessibility === null) return null;
      up = clip((values.synthetic_accessibility - 1) / 9);
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

export function unsupportedObjectives(objectives: WorkflowObjective[]): string[] {
  return objectives.filter((o) => !(SUPPORTED_OBJECTIVES as readonly string[]).includes(o.name)).map((o) => o.name);
}
