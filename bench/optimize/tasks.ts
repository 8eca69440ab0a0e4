import type { RDKitModule } from "@sieve/chem";
import {
  GUACAMOL_MPO_TASKS,
  isomerObjective,
  multiPropertyObjective,
  osimertinibMpoObjective,
  qedObjective,
  ranolazineMpoObjective,
  rediscoveryObjective,
  REDISCOVERY_TARGETS,
  similarityObjective,
  type Objective,
} from "@sieve/optimize";

/**
 * The benchmark's tasks, by name: the product's multi_property objective and PMO's tasks that RDKit-level
 * functions compute: all of PMO's 23 but drd2, gsk3b and jnk3, which need trained classifiers.
 */
export const TASKS: Record<string, (rdkit: RDKitModule) => Objective> = {
  qed: qedObjective,
  multi_property: (rdkit) => multiPropertyObjective(rdkit),
  celecoxib_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "celecoxib", REDISCOVERY_TARGETS.celecoxib),
  troglitazone_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "troglitazone", REDISCOVERY_TARGETS.troglitazone),
  thiothixene_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "thiothixene", REDISCOVERY_TARGETS.thiothixene),
  osimertinib_mpo: osimertinibMpoObjective,
  ranolazine_mpo: ranolazineMpoObjective,
  albuterol_similarity: (rdkit) => similarityObjective(rdkit, "albuterol"),
  mestranol_similarity: (rdkit) => similarityObjective(rdkit, "mestranol"),
  isomers_c7h8n2o2: () => isomerObjective("C7H8N2O2"),
  isomers_c9h10n2o2pf2cl: () => isomerObjective("C9H10N2O2PF2Cl"),
  ...GUACAMOL_MPO_TASKS,
};
