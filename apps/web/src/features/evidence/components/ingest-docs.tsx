import { JsonlIngestForm } from "./jsonl-ingest-form";
import { UploadIngestForm } from "./upload-ingest-form";

/** Ingest Docs: documents become searchable passages, and their entities and triples feed Target Evidence. */
export function IngestDocs() {
  return (
    <section className="panel stack" aria-labelledby="ingest-docs-title">
      <h2 id="ingest-docs-title" className="panel__title">
        Ingest documents
      </h2>
      <p className="muted">
        Documents you ingest are visible to your organization only. Ingesting the same source and external ID again
        skips it.
      </p>
      <div className="ingest-forms">
        <UploadIngestForm />
        <JsonlIngestForm />
      </div>
    </section>
  );
}
