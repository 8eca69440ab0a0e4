import type { Mol } from "@rdkit/rdkit";
import { qedProfile, type MoleculeGraph, type RDKitModule } from "@sieve/chem";
import { gaussian, weightedGeometricMean, type Desirability } from "./score-modifiers";

/** Whether a molecule passes the med-chem filters and SA limit, and which it fails (see `acceptability.ts`). */
export interface MoleculeAcceptability {
  passes: boolean;
  /** Each rule failed, e.g. "BRENK: thioester", "UNSTABLE: hypohalite", "SA score 5.59 above 4". */
  failed: string[];
}

/** What an oracle call returns: the fitness in [0, 1] and the properties shown beside it. */
export interface MoleculeScore {
  fitness: number;
  properties: Record<string, number>;
  /** Present when the objective judges med-chem acceptability. */
  acceptability?: MoleculeAcceptability;
}

/**
 * A scoring function over sanitised molecules; the caller owns (and deletes) the molecule. `graph`:
 * the molecule's `readMolGraph`, when the caller already read it (so that an objective that needs
 * it does not read it again).
 */
export interface Objective {
  name: string;
  score(mol: Mol, graph?: MoleculeGraph): MoleculeScore;
}

export const PROPERTY_NAMES = ["logp", "molecular_weight", "tpsa", "qed"] as const;
export type PropertyName = (typeof PROPERTY_NAMES)[number];
export type PropertyValues = Record<PropertyName, number>;

/** The product's defaults for `POST /v1/projects/{id}/runs/molecular`. */
export const DEFAULT_TARGET_PROPERTIES: PropertyValues = { logp: 3, molecular_weight: 400, tpsa: 60, qed: 0.8 };
export const DEFAULT_PROPERTY_WEIGHTS: PropertyValues = { logp: 1, molecular_weight: 1, tpsa: 1, qed: 2 };

/**
 * Widths σ of the Gaussian desirabilities exp(−½((x − target)/σ)²): one logP unit (a tenfold
 * change in partition), 50 Da (three to four heavy atoms) and 20 Å² (about one amide or two
 * hydroxyls). A property one σ off its target keeps desirability e^−½ ≈ 0.61, two σ off 0.14.
 */
export const DESIRABILITY_WIDTHS = { logp: 1, molecular_weight: 50, tpsa: 20 } as const;

/**
 * Desirability of each property for the given targets: Gaussian around the target for logP,
 * molecular weight and TPSA; for QED, where more is better, a ramp qed/target that reaches 1
 * at or above the target (a one-sided Derringer desirability with exponent 1).
 */
export function propertyDesirabilities(
  values: PropertyValues,
  targets: PropertyValues = DEFAULT_TARGET_PROPERTIES,
): PropertyValues {
  const around = (name: keyof typeof DESIRABILITY_WIDTHS): Desirability =>
    gaussian(targets[name], DESIRABILITY_WIDTHS[name]);
  return {
    logp: around("logp")(values.logp),
    molecular_weight: around("molecular_weight")(values.molecular_weight),
    tpsa: around("tpsa")(values.tpsa),
    qed: targets.qed <= 0 ? 1 : Math.min(1, Math.max(0, values.qed / targets.qed)),
  };
}

/**
 * The product's fitness: the weighted geometric mean of the four desirabilities, in [0, 1]. A
 * geometric rather than arithmetic mean so that a molecule far off one target (a desirability
 * near 0) cannot score well on the strength of the others.
 */
export function multiPropertyFitness(
  values: PropertyValues,
  targets: PropertyValues = DEFAULT_TARGET_PROPERTIES,
  weights: PropertyValues = DEFAULT_PROPERTY_WEIGHTS,
): number {
  const d = propertyDesirabilities(values, targets);
  return weightedGeometricMean(
    PROPERTY_NAMES.map((name) => d[name]),
    PROPERTY_NAMES.map((name) => weights[name]),
  );
}

/**
 * The product's default objective. logP is Wildman–Crippen (`Crippen.MolLogP`), molecular weight
 * the average weight (`Descriptors.MolWt`), TPSA the N,O polar surface (`CalcTPSA`) and QED the
 * mean-weight QED of Bickerton et al. 2012, all as `@sieve/chem` computes them.
 */
export function multiPropertyObjective(
  rdkit: RDKitModule,
  targets: PropertyValues = DEFAULT_TARGET_PROPERTIES,
  weights: PropertyValues = DEFAULT_PROPERTY_WEIGHTS,
): Objective {
  // Fails fast, before any molecule is scored, on weights that are negative or all zero.
  weightedGeometricMean(
    PROPERTY_NAMES.map(() => 1),
    PROPERTY_NAMES.map((n) => weights[n]),
  );
  return {
    name: "multi_property",
    score(mol, graph) {
      // QED is computed from these three, so they are read from its profile (one pass over the molecule).
      const profile = qedProfile(rdkit, mol, undefined, graph);
      const properties: PropertyValues = {
        logp: profile.properties.ALOGP,
        molecular_weight: profile.properties.MW,
        tpsa: profile.properties.PSA,
        qed: profile.qed,
      };
      return { fitness: multiPropertyFitness(properties, targets, weights), properties };
    },
  };
}
