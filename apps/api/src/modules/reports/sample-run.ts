import {
  MOLECULAR_ACCEPTABILITY_DEFAULTS,
  MOLECULAR_DEFAULTS,
  MOLECULAR_SURROGATE_DEFAULTS,
  type MolecularJobInput,
} from "@sieve/contracts";

/** The sample dossier's small optimization run: the product's defaults, made small and seeded. */
export function molecularRunOptionsDefaults(smiles: string[]): MolecularJobInput {
  return {
    smiles,
    target_properties: { ...MOLECULAR_DEFAULTS.target_properties },
    property_weights: { ...MOLECULAR_DEFAULTS.property_weights },
    dimension: MOLECULAR_DEFAULTS.dimension,
    max_generations: 10,
    population_size: 20,
    seed: 42,
    max_oracle_calls: 20 * 11,
    acceptability: { ...MOLECULAR_ACCEPTABILITY_DEFAULTS },
    surrogate: { ...MOLECULAR_SURROGATE_DEFAULTS },
  };
}
