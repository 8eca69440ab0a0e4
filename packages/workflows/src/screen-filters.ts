import { describeMolecule, type RDKitModule } from "@sieve/chem";
import { drugLikenessProblem, type LibraryCompound } from "./compound-library";

/**
 * The filters a screen or a lead optimization applies, as the run config gives them (the API's `filters`, with
 * their defaults there). Each is visible to the user; whatever they drop is reported with the reason.
 */
export interface ScreeningFilters {
  /** Drop more than one rule-of-five violation or MW ≥ 600 (off by default). */
  drug_likeness: boolean;
  max_heavy_atoms: number;
  /** Drop compounds whose negatome safety risk is above this. */
  max_negatome_risk: number;
  time_limit_base_s: number;
  time_limit_per_rotatable_bond_s: number;
  /** Lead optimization: analogs harder to make than this SA score are dropped before docking. */
  max_analog_sa_score: number;
  /** Docking: start conformers per ligand, sharing the exhaustiveness; the best-scoring pose is kept. */
  start_conformers: number;
  /** Lead optimization: analogs placed on their parent's pose and optimised in place, or searched for like hits. */
  analog_docking: "tethered" | "search";
  /**
   * Lead optimization: a generated analog whose common core with its parent covers less than this share of its heavy
   * atoms is a new scaffold, dropped before scoring (0 keeps every analog).
   */
  min_analog_shared_core: number;
  /**
   * Lead optimization: drop a generated analog with a med-chem alert (PAINS, Brenk, unstable group) that its hit does
   * not have.
   */
  drop_analogs_with_new_alerts: boolean;
}

/** The defaults, equal to the API's (`SCREEN_FILTER_DEFAULTS` of @sieve/contracts, checked by the API's tests). */
export const DEFAULT_SCREENING_FILTERS: ScreeningFilters = {
  drug_likeness: false,
  max_heavy_atoms: 80,
  max_negatome_risk: 0.7,
  time_limit_base_s: 300,
  time_limit_per_rotatable_bond_s: 30,
  max_analog_sa_score: 6,
  start_conformers: 2,
  analog_docking: "tethered",
  min_analog_shared_core: 0.5,
  drop_analogs_with_new_alerts: true,
};

/** Why a compound is dropped before scoring by the property filters, or null. */
export function propertyFilterReason(compound: LibraryCompound, filters: ScreeningFilters): string | null {
  const heavy = compound.profile.descriptors.heavy_atoms;
  if (heavy > filters.max_heavy_atoms)
    return `${heavy} heavy atoms is more than the limit of ${filters.max_heavy_atoms}`;
  return filters.drug_likeness ? drugLikenessProblem(compound.profile) : null;
}

/** The negatome's verdict on one compound, as the screen uses it (null: it could not be assessed). */
export interface NegatomeVerdict {
  risk: number;
  level: "green" | "amber" | "red";
  warnings: string[];
  /**
   * The negatome's own decision at the run's `max_negatome_risk` (`screenDecision` of @sieve/negatome, on the
   * reconciled verdict): why the compound is filtered, or null to keep it (an approved drug without a dated
   * withdrawal is kept above the limit; its warnings say so). Absent: filtered when its risk is above the limit.
   */
  filter_reason?: string | null;
}

/** Why the negatome verdict drops a compound, or null: the negatome's decision, else its risk above the run's limit. */
export function negatomeFilterReason(verdict: NegatomeVerdict | null, filters: ScreeningFilters): string | null {
  if (verdict?.filter_reason !== undefined) return verdict.filter_reason;
  if (!verdict || verdict.risk <= filters.max_negatome_risk) return null;
  const why = verdict.warnings[0] ? `: ${verdict.warnings[0]}` : "";
  return `negatome safety risk ${verdict.risk.toFixed(2)} is above the limit of ${filters.max_negatome_risk}${why}`;
}

/** A ligand's time limit for each docking step (3D build, Vina), and how it was reached. */
export interface LigandTimeLimit {
  seconds: number;
  basis: string;
}

/** The base limit plus the allowance per rotatable bond: flexible ligands take longer to build and to dock. */
export function ligandTimeLimit(filters: ScreeningFilters, rotatableBonds: number): LigandTimeLimit {
  const seconds = filters.time_limit_base_s + filters.time_limit_per_rotatable_bond_s * rotatableBonds;
  return {
    seconds,
    basis: `${filters.time_limit_base_s} s + ${filters.time_limit_per_rotatable_bond_s} s × ${rotatableBonds} rotatable bonds`,
  };
}

/** Each ligand's time limit under the filters, read from its SMILES (an unreadable one counts no rotatable bonds). */
export function ligandTimeLimitOf(rdkit: RDKitModule, filters: ScreeningFilters): (smiles: string) => LigandTimeLimit {
  return (smiles) => {
    const mol = rdkit.get_mol(smiles);
    try {
      const bonds = mol?.is_valid() ? describeMolecule(rdkit, mol).descriptors.rotatable_bonds : 0;
      return ligandTimeLimit(filters, bonds);
    } finally {
      mol?.delete();
    }
  };
}
