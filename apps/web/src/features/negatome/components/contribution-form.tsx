import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { FAILURE_CLASSES, type FailureClass } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api-client";
import { useContribute } from "../api/negatome";
import {
  EMPTY_ANNOTATION,
  fieldForPath,
  toAnnotation,
  type AnnotationDraft,
  type AnnotationErrors,
} from "../model/annotation-form";

const DATA_FILE_TYPES = ".csv,.tsv,.txt,.json,.xlsx,.pdf,.zip";

/** A negative result (§3 Negative annotation) with, optionally, the data file behind it. */
export function ContributionForm({ userDeclaredId }: { userDeclaredId: string | null }) {
  const [draft, setDraft] = useState<AnnotationDraft>(EMPTY_ANNOTATION);
  const [dataFile, setDataFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<AnnotationErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const contribute = useContribute();
  const serverErrors = contribute.error instanceof ApiError ? serverFieldErrors(contribute.error) : {};
  const shown = { ...serverErrors, ...errors };

  const bind = (key: Exclude<keyof AnnotationDraft, "failure_class">) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = toAnnotation(draft);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    contribute.mutate(
      { annotation: result.annotation, dataFile, userDeclaredId },
      {
        onSuccess: () => {
          setDraft(EMPTY_ANNOTATION);
          setDataFile(null);
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Contribute a negative result" noValidate>
      <div className="form-grid">
        <Field label="Compound SMILES" error={shown.smiles}>
          {(control) => (
            <input {...control} {...bind("smiles")} className="mono-input" spellCheck={false} maxLength={5000} />
          )}
        </Field>
        <Field label="Target UniProt ID" optional error={shown.uniprot_id} hint="e.g. P35354">
          {(control) => <input {...control} {...bind("uniprot_id")} maxLength={20} />}
        </Field>
        <Field label="Failure class">
          {(control) => (
            <select
              {...control}
              value={draft.failure_class}
              onChange={(event) => setDraft({ ...draft, failure_class: event.target.value as FailureClass })}
            >
              {FAILURE_CLASSES.map((failureClass) => (
                <option key={failureClass}>{failureClass}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Assay type" optional error={shown.assay_type} hint="e.g. SPR binding, hERG patch clamp">
          {(control) => <input {...control} {...bind("assay_type")} maxLength={200} />}
        </Field>
        <Field label="Replicate count" optional error={shown.replicate_count}>
          {(control) => <input {...control} {...bind("replicate_count")} type="number" min={1} max={10000} step={1} />}
        </Field>
      </div>
      <Field label="Reason for failure" error={shown.reason_for_failure}>
        {(control) => <textarea {...control} {...bind("reason_for_failure")} rows={2} maxLength={5000} />}
      </Field>
      <div className="form-grid">
        <Field label="Experimental conditions" optional error={shown.experimental_conditions}>
          {(control) => (
            <textarea
              {...control}
              {...bind("experimental_conditions")}
              rows={3}
              maxLength={5000}
              placeholder="Concentrations, buffer, temperature, cell line…"
            />
          )}
        </Field>
        <Field label="Measured outcome" optional error={shown.measured_outcome}>
          {(control) => (
            <textarea
              {...control}
              {...bind("measured_outcome")}
              rows={3}
              maxLength={5000}
              placeholder="e.g. no binding up to 100 µM"
            />
          )}
        </Field>
      </div>
      <div className="form-grid">
        <Field label="Metadata (JSON object)" optional error={shown.metadata}>
          {(control) => (
            <textarea
              {...control}
              {...bind("metadata")}
              rows={2}
              className="mono-input"
              spellCheck={false}
              placeholder='{"plate": "P-17"}'
            />
          )}
        </Field>
        <Field
          label="Data file"
          optional
          hint="The raw data behind the result (CSV, TSV, JSON, spreadsheet, PDF or zip). Stored in your organization with its SHA-256."
        >
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept={DATA_FILE_TYPES}
              onChange={(event) => setDataFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      {contribute.isError && <Notice tone="error">{contribute.error.message}</Notice>}
      {contribute.isSuccess && (
        <Notice tone="success">
          Contribution recorded as <code>{contribute.data.negatome_id}</code>
          {contribute.variables.dataFile ? ` with ${contribute.variables.dataFile.name}` : ""}.
        </Notice>
      )}
      <div>
        <Button type="submit" disabled={contribute.isPending}>
          {contribute.isPending ? "Contributing…" : "Contribute"}
        </Button>
      </div>
    </form>
  );
}

function serverFieldErrors(error: ApiError): AnnotationErrors {
  const found: AnnotationErrors = {};
  for (const { path, message } of error.fields) {
    const field = fieldForPath(path);
    if (field) found[field] = message;
  }
  return found;
}
