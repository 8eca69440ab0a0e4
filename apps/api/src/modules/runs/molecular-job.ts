import { z } from "zod";
import {
  MOLECULAR_ACCEPTABILITY_DEFAULTS,
  MOLECULAR_SURROGATE_DEFAULTS,
  MolecularAcceptability,
  MolecularSurrogate,
} from "@sieve/contracts";
import type * as contracts from "@sieve/contracts";

/** The engine domain of a molecular optimization run (`POST /v1/projects/{id}/runs/molecular`). */
export const MOLECULAR_DOMAIN = "molecular";

const PropertyFigures = z.looseObject({
  logp: z.number(),
  molecular_weight: z.number(),
  tpsa: z.number(),
  qed: z.number(),
});

/** What a molecular job stores as its input (`resolveMolecularInput`); the compute task reads it as it is. */
export const MolecularJobInput: z.ZodType<contracts.MolecularJobInput> = z.looseObject({
  smiles: z.array(z.string()),
  smiles_source: z.string().optional(),
  target_properties: PropertyFigures,
  property_weights: PropertyFigures,
  dimension: z.number().int(),
  max_generations: z.number().int(),
  population_size: z.number().int(),
  seed: z.number().int(),
  max_oracle_calls: z.number().int(),
  // A job stored before acceptability existed gets the defaults the optimizer applies to it anyway.
  acceptability: MolecularAcceptability.default({ ...MOLECULAR_ACCEPTABILITY_DEFAULTS }),
  // A job stored before surrogate screening existed ran without it.
  surrogate: MolecularSurrogate.default({ ...MOLECULAR_SURROGATE_DEFAULTS, enabled: false }),
});
