import { useState, type FormEvent } from "react";
import { TARGET_DEFAULTS, UPLOAD_SOURCES, type UploadSource } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Checkbox, Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useFeatureSets } from "../../../lib/target-feature-sets";
import { useUploadFeatures } from "../api/target-features";
import { checkUpload, initialValues, UPLOAD_FORMS, type FieldValue, type UploadField } from "../model/upload-fields";

type Values = Record<UploadSource, Record<string, FieldValue>>;

const INITIAL: Values = Object.fromEntries(UPLOAD_SOURCES.map((source) => [source, initialValues(source)])) as Values;

/**
 * One form for the five uploads: the source selector swaps in that source's parameters, each pre-filled with its
 * default.
 */
export function FeatureUploadForm() {
  const [source, setSource] = useState<UploadSource>("generic");
  const [values, setValues] = useState<Values>(INITIAL);
  const [featureSet, setFeatureSet] = useState<string>(TARGET_DEFAULTS.featureSet);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sets = useFeatureSets();
  const upload = useUploadFeatures();
  const form = UPLOAD_FORMS[source];
  const versions = [...new Set([TARGET_DEFAULTS.featureSet, ...(sets.data ?? []).map((set) => set.version)])];

  const setValue = (name: string, value: FieldValue) =>
    setValues((current) => ({ ...current, [source]: { ...current[source], [name]: value } }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkUpload(source, featureSet, values[source]);
    const found = check.ok ? {} : { ...check.errors };
    if (!file) found.file = "Choose a file to upload.";
    setErrors(found);
    if (file && Object.keys(found).length === 0) upload.mutate({ source, featureSet, values: values[source], file });
  };

  return (
    <form
      className="stack"
      onSubmit={onSubmit}
      aria-label="Upload target features"
      aria-busy={upload.isPending}
      noValidate
    >
      <h3 className="subsection-title">Upload features</h3>
      <fieldset className="segmented feature-upload__sources" disabled={upload.isPending}>
        <legend className="field__label">Source</legend>
        {UPLOAD_SOURCES.map((option) => (
          <label key={option} className={option === source ? "segmented__option is-selected" : "segmented__option"}>
            <input
              type="radio"
              name="target-feature-source"
              value={option}
              checked={option === source}
              onChange={() => {
                setSource(option);
                setErrors({});
                upload.reset();
              }}
            />
            {UPLOAD_FORMS[option].label}
          </label>
        ))}
      </fieldset>
      <p className="form-note">{form.description}</p>
      <fieldset className="fieldset" disabled={upload.isPending}>
        <legend>{form.label} upload</legend>
        <div className="form-grid">
          <Field label="File" error={errors.file} hint={`Delimited text (${form.accept}).`}>
            {(control) => (
              <input
                {...control}
                type="file"
                accept={form.accept}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field label="Feature set" error={errors.feature_set_version}>
            {(control) => (
              <select {...control} value={featureSet} onChange={(event) => setFeatureSet(event.target.value)}>
                {versions.map((version) => (
                  <option key={version} value={version}>
                    {version}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {form.fields.map((field) => (
            <UploadInput
              key={`${source}-${field.name}`}
              field={field}
              value={values[source][field.name] ?? field.initial}
              error={errors[field.name]}
              onChange={(value) => setValue(field.name, value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="button-row">
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? "Uploading…" : `Upload ${form.label} file`}
        </Button>
      </div>
      {upload.isPending && (
        <p className="busy-line" role="status">
          Uploading {file?.name} and writing its features…
        </p>
      )}
      {upload.isError && <Notice tone="error">{upload.error.message}</Notice>}
      {upload.data && !upload.isPending && (
        <Notice tone="success" title={`Ingested ${upload.data.file_name} into ${upload.data.feature_set_version}`}>
          {upload.data.rows_read.toLocaleString("en")} rows read, {upload.data.features_written.toLocaleString("en")}{" "}
          features written, {upload.data.genes_matched.toLocaleString("en")} genes matched,{" "}
          {upload.data.unmatched.count.toLocaleString("en")} unmatched.
        </Notice>
      )}
    </form>
  );
}

function UploadInput({
  field,
  value,
  error,
  onChange,
}: {
  field: UploadField;
  value: FieldValue;
  error?: string;
  onChange: (value: FieldValue) => void;
}) {
  if (field.kind === "checkbox")
    return <Checkbox label={field.label} checked={value === true} onChange={onChange} name={field.name} />;
  return (
    <Field
      label={field.label}
      error={error}
      hint={field.hint}
      optional={!field.required && field.kind === "text" && field.initial === ""}
    >
      {(control) =>
        field.kind === "select" ? (
          <select
            {...control}
            name={field.name}
            value={String(value)}
            onChange={(event) => onChange(event.target.value)}
          >
            {field.options?.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            name={field.name}
            type={field.kind === "number" ? "number" : "text"}
            min={field.min}
            max={field.max}
            required={field.required}
            spellCheck={false}
            value={String(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}
