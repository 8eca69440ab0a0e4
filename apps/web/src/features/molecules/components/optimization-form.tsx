import { useState, type FormEvent } from "react";
import type { Project } from "@sieve/contracts";
import { ProjectPicker } from "../../../components/project-picker";
import { Button } from "../../../components/ui/button";
import { Checkbox, Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { ApiError } from "../../../lib/api-client";
import { shortId } from "../../../lib/format";
import { EMPTY_PROJECT_CHOICE } from "../../../lib/project-choice";
import { useStartMolecularRun, type MolecularRunStarted } from "../api/molecular-jobs";
import {
  ACCEPTABILITY_FIELDS,
  checkDraft,
  defaultDraft,
  FILTERS_HELP,
  SEARCH_FIELDS,
  serverFieldErrors,
  SURROGATE_HELP,
  TARGET_FIELDS,
  WEIGHT_FIELDS,
  type DraftErrors,
  type NumberField,
} from "../model/optimization-form";

interface OptimizationFormProps {
  projects: Project[] | undefined;
  projectsError: string | null;
  onStarted: (started: MolecularRunStarted) => void;
}

export function OptimizationForm({ projects, projectsError, onStarted }: OptimizationFormProps) {
  const [draft, setDraft] = useState(defaultDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const start = useStartMolecularRun();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkDraft(draft);
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) return;
    start.mutate(
      {
        ...check,
        onProjectCreated: (projectId) =>
          setDraft((current) => ({ ...current, project: { ...EMPTY_PROJECT_CHOICE, projectId: String(projectId) } })),
      },
      {
        onSuccess: onStarted,
        onError: (error) => setErrors(error instanceof ApiError ? serverFieldErrors(error.fields) : {}),
      },
    );
  };

  const numberInput = (field: NumberField) => (
    <Field
      key={field.path}
      label={field.label}
      error={errors[field.path]}
      hint={field.help ? `${field.help} ${field.min} to ${field.max}.` : `${field.min} to ${field.max}`}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step}
          value={draft.numbers[field.path] ?? ""}
          onChange={(event) =>
            setDraft((current) => ({ ...current, numbers: { ...current.numbers, [field.path]: event.target.value } }))
          }
        />
      )}
    </Field>
  );

  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="optimization-form-title" noValidate>
      <h3 id="optimization-form-title" className="subsection-title">
        Start an optimization run
      </h3>
      <div className="form-grid">
        <ProjectPicker
          projects={projects}
          choice={draft.project}
          error={errors.project ?? projectsError}
          onChange={(project) => {
            setDraft((current) => ({ ...current, project }));
            setErrors(({ project: _dropped, ...rest }) => rest);
          }}
        />
      </div>
      <Field
        label="Starting SMILES (one per line)"
        error={errors.smiles}
        hint="The population is seeded from these molecules. Blank lines are dropped."
      >
        {(control) => (
          <textarea
            {...control}
            className="mono-input"
            rows={4}
            spellCheck={false}
            value={draft.smiles}
            onChange={(event) => setDraft((current) => ({ ...current, smiles: event.target.value }))}
            placeholder={"CC(=O)Oc1ccccc1C(=O)O"}
          />
        )}
      </Field>
      <fieldset className="fieldset">
        <legend>Target properties</legend>
        <div className="form-grid form-grid--compact">{TARGET_FIELDS.map(numberInput)}</div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Property weights</legend>
        <div className="form-grid form-grid--compact">{WEIGHT_FIELDS.map(numberInput)}</div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Search</legend>
        <div className="form-grid form-grid--compact">{SEARCH_FIELDS.map(numberInput)}</div>
        <Checkbox
          label="Surrogate screening of offspring"
          checked={draft.surrogate}
          onChange={(surrogate) => setDraft((current) => ({ ...current, surrogate }))}
          name="surrogate"
        />
        <p className="field__hint">{SURROGATE_HELP}</p>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Med-chem acceptability</legend>
        <Checkbox
          label="Med-chem filters"
          checked={draft.filters}
          onChange={(filters) => setDraft((current) => ({ ...current, filters }))}
          name="filters"
        />
        <p className="field__hint">{FILTERS_HELP}</p>
        <div className="form-grid form-grid--compact">{ACCEPTABILITY_FIELDS.map(numberInput)}</div>
      </fieldset>
      {errors.form && <Notice tone="error">{errors.form}</Notice>}
      {start.isError && !(start.error instanceof ApiError && start.error.fields.length > 0) && (
        <Notice tone="error">{start.error.message}</Notice>
      )}
      {start.isPending && (
        <p className="status-cell" role="status">
          <StatusBadge status="submitted" /> Sending the run to the server…
        </p>
      )}
      {start.isSuccess && !start.isPending && (
        <p className="status-cell" role="status">
          <StatusBadge status={start.data.status} /> Job <code title={start.data.id}>{shortId(start.data.id)}</code> was
          accepted; the list below reloads in a moment.
        </p>
      )}
      <div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Starting…" : "Start Optimization"}
        </Button>
      </div>
    </form>
  );
}
