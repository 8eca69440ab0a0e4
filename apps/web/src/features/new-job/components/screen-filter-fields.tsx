import { DOCKING_DEFAULTS, SCREEN_FILTER_DEFAULTS, type ScreenFilters } from "@sieve/contracts";
import { Checkbox, Field } from "../../../components/ui/field";

interface ScreenFilterFieldsProps {
  filters: ScreenFilters;
  onChange: (filters: ScreenFilters) => void;
  /** Lead optimization also shows its analog pre-filter. */
  leadOptimization: boolean;
}

type NumericFilter = Exclude<keyof ScreenFilters, "drug_likeness" | "analog_docking" | "drop_analogs_with_new_alerts">;

/** The numeric filters, with the range the API accepts and what each does. */
const NUMERIC_FILTERS: {
  key: NumericFilter;
  label: string;
  min: number;
  max: number;
  step: number;
  hint: string;
  leadOptimizationOnly?: true;
}[] = [
  {
    key: "max_heavy_atoms",
    label: "Maximum heavy atoms",
    min: 5,
    max: 500,
    step: 1,
    hint: "Larger compounds are listed as filtered, not docked.",
  },
  {
    key: "max_negatome_risk",
    label: "Maximum negatome risk",
    min: 0,
    max: 1,
    step: 0.05,
    hint: "Compounds above this safety risk (0.7 is the red level; 1 turns it off) are listed as filtered.",
  },
  {
    key: "time_limit_base_s",
    label: "Time limit per docking step (s)",
    min: 10,
    max: 3600,
    step: 10,
    hint: "For the 3D build and for Vina (all start conformers together), each; a ligand over it is listed as failed with the time.",
  },
  {
    key: "time_limit_per_rotatable_bond_s",
    label: "Extra seconds per rotatable bond",
    min: 0,
    max: 600,
    step: 1,
    hint: "Flexible ligands take longer to build and dock.",
  },
  {
    key: "start_conformers",
    label: "Start conformers per ligand",
    min: 1,
    max: 10,
    step: 1,
    hint: `Docking: at most this many 3D conformers per ligand, one per ring conformation (Vina turns the other bonds itself), sharing the ligand's exhaustiveness (${DOCKING_DEFAULTS.exhaustiveness} by default) with at least 1 search each, so more conformers than that cost more; the best pose is kept.`,
  },
  {
    key: "max_analog_sa_score",
    label: "Maximum analog SA score",
    min: 1,
    max: 10,
    step: 0.5,
    hint: "Analogs harder to make (1 easy … 10 very hard) are dropped before docking and listed.",
    leadOptimizationOnly: true,
  },
  {
    key: "min_analog_shared_core",
    label: "Minimum core shared with the parent",
    min: 0,
    max: 1,
    step: 0.05,
    hint: "A generated analog whose common core with its parent (RDKit MCS) covers less of its heavy atoms is a new scaffold, dropped before docking and listed; 0 keeps every analog.",
    leadOptimizationOnly: true,
  },
];

/**
 * Every filter the screen applies, with its default: nothing is dropped by a rule the user cannot see. Whatever
 * they drop is listed on the run page with the reason.
 */
export function ScreenFilterFields({ filters, onChange, leadOptimization }: ScreenFilterFieldsProps) {
  return (
    <fieldset className="stack filter-fields" aria-labelledby="screen-filters-legend">
      <legend id="screen-filters-legend" className="field__label">
        Screening filters
      </legend>
      <Checkbox
        name="drugLikeness"
        label={`Drug-likeness rule: drop compounds with more than one rule-of-five violation or MW ≥ 600 (default ${SCREEN_FILTER_DEFAULTS.drug_likeness ? "on" : "off"})`}
        checked={filters.drug_likeness}
        onChange={(drug_likeness) => onChange({ ...filters, drug_likeness })}
      />
      <div className="filter-fields__grid">
        {NUMERIC_FILTERS.filter((filter) => leadOptimization || !filter.leadOptimizationOnly).map((filter) => (
          <Field
            key={filter.key}
            label={filter.label}
            hint={`${filter.hint} Default ${SCREEN_FILTER_DEFAULTS[filter.key]}.`}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                name={filter.key}
                min={filter.min}
                max={filter.max}
                step={filter.step}
                value={filters[filter.key]}
                onChange={(e) => onChange({ ...filters, [filter.key]: e.target.valueAsNumber })}
              />
            )}
          </Field>
        ))}
        {leadOptimization && (
          <Checkbox
            name="dropAnalogsWithNewAlerts"
            label={`Drop generated analogs with a med-chem alert (PAINS, Brenk, unstable group) their hit does not have (default ${SCREEN_FILTER_DEFAULTS.drop_analogs_with_new_alerts ? "on" : "off"})`}
            checked={filters.drop_analogs_with_new_alerts}
            onChange={(drop_analogs_with_new_alerts) => onChange({ ...filters, drop_analogs_with_new_alerts })}
          />
        )}
        {leadOptimization && (
          <Field
            label="Analog docking"
            hint={`Tethered: each analog is placed on its parent's docked pose by their common core and optimised in place by Vina (one binding mode for the series, seconds per analog); an analog sharing less than half its heavy atoms with its parent (an uploaded one, say) is searched for. Full search: every analog docked like a hit. Default ${SCREEN_FILTER_DEFAULTS.analog_docking}.`}
          >
            {(control) => (
              <select
                {...control}
                name="analog_docking"
                value={filters.analog_docking}
                onChange={(e) =>
                  onChange({ ...filters, analog_docking: e.target.value as ScreenFilters["analog_docking"] })
                }
              >
                <option value="tethered">Tethered to the parent&apos;s pose</option>
                <option value="search">Full search</option>
              </select>
            )}
          </Field>
        )}
      </div>
    </fieldset>
  );
}
