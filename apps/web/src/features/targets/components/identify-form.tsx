import { useState, type FormEvent } from "react";
import { TARGET_DEFAULTS, type TargetMode } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { useFeatureSets } from "../../../lib/target-feature-sets";
import type { DiseaseSuggestion } from "../../../lib/disease-suggestions";
import { parseCount, type CountRule, type TargetQuery } from "../model/request";
import { DiseaseCombobox } from "../../../components/disease-combobox";

interface IdentifyFormProps {
  /** Names the form for assistive technology, e.g. "Identify targets". */
  label: string;
  rule: CountRule;
  countHint: string;
  initial: TargetQuery | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (query: TargetQuery) => void;
}

interface Errors {
  disease?: string;
  count?: string;
}

/** A disease (with suggestions), how many targets, and which feature set to rank with. */
export function IdentifyForm({ label, rule, countHint, initial, busy, submitLabel, onSubmit }: IdentifyFormProps) {
  const [text, setText] = useState(initial?.disease ?? "");
  const [chosen, setChosen] = useState<DiseaseSuggestion | null>(null);
  const [count, setCount] = useState(String(initial?.count ?? rule.fallback));
  const [featureSet, setFeatureSet] = useState(
    initial?.featureSet === TARGET_DEFAULTS.featureSet ? "" : (initial?.featureSet ?? ""),
  );
  const [mode, setMode] = useState<TargetMode>(initial?.mode ?? "all");
  const [errors, setErrors] = useState<Errors>({});
  const featureSets = useFeatureSets();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCount(count, rule);
    const found: Errors = {
      disease: text.trim() ? undefined : "Enter a disease: a name, synonym or DOID.",
      count: parsed.ok ? undefined : parsed.error,
    };
    setErrors(found);
    if (!parsed.ok || found.disease) return;
    // A chosen suggestion is sent by its id, so the server never has to guess between similar names.
    const disease = chosen && chosen.name === text ? chosen.id : text.trim();
    onSubmit({ disease, count: parsed.value, featureSet: featureSet || null, mode });
  };

  return (
    <form className="target-form" onSubmit={submit} aria-label={label} noValidate>
      <Field
        label="Disease"
        error={errors.disease}
        hint={
          chosen && chosen.name === text
            ? `${chosen.name} is ${chosen.id} in the Disease Ontology.`
            : "Name, synonym, abbreviation or DOID, e.g. lung cancer, RA or DOID:1324."
        }
      >
        {(control) => (
          <DiseaseCombobox
            control={control}
            value={text}
            onChange={(next) => {
              setText(next);
              if (chosen && next !== chosen.name) setChosen(null);
            }}
            onChoose={(disease) => {
              setText(disease.name);
              setChosen(disease);
            }}
          />
        )}
      </Field>
      <Field label={rule.label} error={errors.count} hint={countHint}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={rule.min}
            max={rule.max}
            step={1}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Feature set"
        hint={
          featureSets.isError
            ? `The list did not load (${featureSets.error.message}); the default is used.`
            : "Which ingested features to rank with."
        }
      >
        {(control) => (
          <select {...control} value={featureSet} onChange={(event) => setFeatureSet(event.target.value)}>
            <option value="">Default ({TARGET_DEFAULTS.featureSet})</option>
            {(featureSets.data ?? [])
              .filter((set) => set.version !== TARGET_DEFAULTS.featureSet)
              .map((set) => (
                <option key={set.id} value={set.version}>
                  {set.version}
                  {set.org_id === null ? " (public)" : ""}
                </option>
              ))}
            {/* A version from the address that the list does not (yet) hold stays selectable. */}
            {featureSet &&
              featureSet !== TARGET_DEFAULTS.featureSet &&
              !featureSets.data?.some((set) => set.version === featureSet) && (
                <option value={featureSet}>{featureSet}</option>
              )}
          </select>
        )}
      </Field>
      <Field
        label="Targets"
        hint={
          mode === "all"
            ? "All: approved drugs for this disease count as evidence, so established targets rank high."
            : "Novel: approved drugs for this disease are left out, to look beyond the established targets."
        }
      >
        {(control) => (
          <select {...control} value={mode} onChange={(event) => setMode(event.target.value as TargetMode)}>
            <option value="all">All targets</option>
            <option value="novel">Novel targets</option>
          </select>
        )}
      </Field>
      <div className="target-form__action">
        <Button type="submit" disabled={busy}>
          {busy ? "Ranking…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
