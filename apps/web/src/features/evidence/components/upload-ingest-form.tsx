import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useUploadIngest, type UploadFields } from "../api/literature";

const EMPTY_FIELDS: UploadFields = { source: "", external_id: "", year: "", venue: "", url: "" };
/** §5: PDF or txt only. */
const ACCEPTED = [".pdf", ".txt"];

/** One PDF or text file as a document; the server extracts its text, entities and triples. */
export function UploadIngestForm() {
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ file?: string; year?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadIngest();
  const bind = (key: keyof UploadFields) => ({
    value: fields[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const year = Number(fields.year);
    const found = {
      file: !file
        ? "Choose a PDF or .txt file."
        : ACCEPTED.some((ending) => file.name.toLowerCase().endsWith(ending))
          ? undefined
          : "Only PDF or .txt files can be ingested.",
      year:
        fields.year.trim() && !(Number.isInteger(year) && year >= 1500 && year <= 2100)
          ? "A year such as 2024."
          : undefined,
    };
    setErrors(found);
    if (found.file || found.year || !file) return;
    upload.mutate(
      { file, fields },
      {
        onSuccess: () => {
          setFields(EMPTY_FIELDS);
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Upload a document" noValidate>
      <h3 className="subsection-title">PDF or text file</h3>
      <Field
        label="Document file"
        error={errors.file}
        hint="PDF or .txt. Scanned PDFs without a text layer cannot be read."
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            accept={ACCEPTED.join(",")}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div className="form-grid form-grid--compact">
        <Field label="Source" optional hint='Default "upload".'>
          {(control) => <input {...control} {...bind("source")} maxLength={100} />}
        </Field>
        <Field label="External ID" optional hint="Default: the file name.">
          {(control) => <input {...control} {...bind("external_id")} maxLength={200} />}
        </Field>
        <Field label="Year" optional error={errors.year}>
          {(control) => <input {...control} {...bind("year")} inputMode="numeric" maxLength={4} />}
        </Field>
        <Field label="Venue" optional>
          {(control) => <input {...control} {...bind("venue")} maxLength={500} />}
        </Field>
        <Field label="URL" optional>
          {(control) => <input {...control} {...bind("url")} type="url" maxLength={2000} />}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? "Ingesting…" : "Upload and ingest"}
        </Button>
      </div>
      {upload.isError && <Notice tone="error">Upload ingest failed: {upload.error.message}</Notice>}
      {upload.data && (
        <Notice tone="success">
          {upload.data.inserted > 0 ? "Ingested" : "Already present:"} {upload.data.source} / {upload.data.external_id}{" "}
          ({upload.data.characters.toLocaleString("en")} characters of text).
        </Notice>
      )}
    </form>
  );
}
