import type { RDKitModule } from "@sieve/chem";
import {
  multiPropertyObjective,
  osimertinibMpoObjective,
  qedObjective,
  ranolazineMpoObjective,
  rediscoveryObjective,
  REDISCOVERY_TARGETS,
  type Objective,
} from "@sieve/optimize";

/** The benchmark's tasks, by name. */
export const TASKS: Record<string, (rdkit: RDKitModule) => Objective> = {
  qed: qedObjective,
  multi_property: (rdkit) => multiPropertyObjective(rdkit),
  celecoxib_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "celecoxib", REDISCOVERY_TARGETS.celecoxib),
  troglitazone_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "troglitazone", REDISCOVERY_TARGETS.troglitazone),
  thiothixene_rediscovery: (rdkit) => rediscoveryObjective(rdkit, "thiothixene", REDISCOVERY_TARGETS.thiothixene),
  osimertinib_mpo: osimertinibMpoObjective,
  ranolazine_mpo: ranolazineMpoObjective,
};
