import { useRef, useState, type FormEvent } from "react";
import { JSONL_BATCH_SIZE } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useJsonlIngest } from "../api/jsonl-ingest";
import { readJsonlDocuments } from "../model/jsonl";

/** JSONL batch ingest: one §3 Ingest document per line, all lines checked before the first batch is sent. */
export function JsonlIngestForm() {
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const { progress, ingest, reset } = useJsonlIngest();
  const busy = progress?.state === "sending";

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    if (!file) {
      setProblems(["Choose a .jsonl file first."]);
      return;
    }
    const reading = readJsonlDocuments(await file.text());
    setProblems(reading.ok ? [] : reading.problems);
    if (!reading.ok) return;
    await ingest(reading.documents);
    if (fileInput.current) fileInput.current.value = "";
    setFile(null);
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="JSONL batch ingest" noValidate>
      <h3 className="subsection-title">JSONL batch</h3>
      <Field
        label="JSONL file"
        hint={
          <>
            One document per line:{" "}
            <code>
              {
                '{"source": "pubmed", "external_id": "123", "title": "…", "year": 2024, "venue": "…", "license": "…", "url": "…", "text": "…"}'
              }
            </code>
            . Source, external_id and text are required. Sent in batches of {JSONL_BATCH_SIZE}.
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            accept=".jsonl,.ndjson,.json,.txt"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblems([]);
            }}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Ingesting…" : "Ingest JSONL"}
        </Button>
      </div>
      {problems.length > 0 && (
        <Notice tone="error" title="Nothing was sent">
          <ul className="problem-list">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Notice>
      )}
      {progress && (
        <div className="stack" role="status">
          <div className="ingest-progress">
            <progress max={progress.total} value={progress.sent} aria-label="Documents sent" />
            <span>
              {progress.sent.toLocaleString("en")} of {progress.total.toLocaleString("en")} documents
              {progress.state === "sending" && ` · batch ${progress.batch} of ${progress.batches}`}
            </span>
          </div>
          {progress.state === "done" && (
            <Notice tone="success">
              Ingested {progress.total.toLocaleString("en")} documents in {progress.batches} batch
              {progress.batches === 1 ? "" : "es"}: {progress.inserted.toLocaleString("en")} new,{" "}
              {progress.skipped.toLocaleString("en")} already present.
            </Notice>
          )}
          {progress.state === "failed" && (
            <Notice tone="error">
              {progress.error} Batch {progress.batch} of {progress.batches} was refused
              {progress.sent > 0
                ? `; the ${progress.sent.toLocaleString("en")} documents of earlier batches were ingested.`
                : "; nothing was ingested."}
            </Notice>
          )}
        </div>
      )}
    </form>
  );
}
