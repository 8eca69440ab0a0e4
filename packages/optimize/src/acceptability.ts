import { medChemAssessment, readMolGraph, saScoreOfGraph, type RDKitModule } from "@sieve/chem";
import type { MoleculeAcceptability, Objective } from "./objective";

/**
 * Med-chem acceptability in the objective (issue #24): a molecule is acceptable when it fails none
 * of the med-chem filters (PAINS A/B/C, Brenk and the unstable groups of `@sieve/chem`, listed in
 * docs/medchem-filters.md) and its synthetic accessibility score is at most `maxSaScore`.
 */
export interface AcceptabilityOptions {
  /** Apply PAINS A/B/C, Brenk and the unstable-group rules. */
  filters: boolean;
  /** Highest SA score (1 easy … 10 very hard) an acceptable molecule may have; 10 lets every molecule through. */
  maxSaScore: number;
}

export const DEFAULT_ACCEPTABILITY: AcceptabilityOptions = { filters: true, maxSaScore: 4 };

/**
 * The fitness of an unacceptable molecule is the objective's times this factor. Not zero, so that a
 * run whose starting molecules all fail (aspirin fails Brenk's phenol-ester rule) still has a
 * gradient to climb out along, but small enough that an acceptable molecule a tenth as fit
 * outranks it, so the best molecules of a run are acceptable ones whenever any were found.
 */
export const UNACCEPTABLE_FITNESS_FACTOR = 0.1;

/**
 * `objective` with acceptability folded in: the properties gain `sa_score` and `property_fitness`
 * (the objective's own value, for comparison with an unfiltered run) and every score says which
 * rules the molecule fails.
 */
export function withAcceptability(rdkit: RDKitModule, objective: Objective, options: AcceptabilityOptions): Objective {
  if (!(options.maxSaScore >= 1 && options.maxSaScore <= 10))
    throw new RangeError(`maxSaScore must be from 1 to 10, got ${options.maxSaScore}`);
  return {
    name: `${objective.name}+acceptability`,
    score(mol, graph = readMolGraph(mol)) {
      // The graph is read once, for the objective, the filters and the SA score.
      const { fitness, properties } = objective.score(mol, graph);
      const { hits, saScore: sa } = options.filters
        ? medChemAssessment(rdkit, mol, false, graph)
        : { hits: [], saScore: saScoreOfGraph(rdkit, graph) };
      const failed = hits.map((hit) => `${hit.filter}: ${hit.name}`);
      if (sa > options.maxSaScore) failed.push(`SA score ${sa.toFixed(2)} above ${options.maxSaScore}`);
      const acceptability: MoleculeAcceptability = { passes: failed.length === 0, failed };
      return {
        fitness: acceptability.passes ? fitness : fitness * UNACCEPTABLE_FITNESS_FACTOR,
        properties: { ...properties, sa_score: sa, property_fitness: fitness },
        acceptability,
      };
    },
  };
}
