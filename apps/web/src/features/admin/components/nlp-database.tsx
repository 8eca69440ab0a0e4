import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useEnsureNlpSchema, useNlpHealth, useRefreshLiterature, useReloadOntologies } from "../api/admin";
import { ReferenceDataLoader } from "./reference-data-loader";
import { TargetFeatureIngestion } from "./target-features";

const HEALTH_STATS = [
  { key: "docs", label: "Documents" },
  { key: "passages", label: "Passages" },
  { key: "entities", label: "Entities" },
  { key: "triples", label: "Triples" },
] as const;

/** §2 Admin, NLP Database tab: schema, ontologies, health stats, corpus ingestion and target feature ingestion. */
export function NlpDatabase() {
  const refresh = useRefreshLiterature();
  return (
    <>
      <div className="dashboard-grid">
        <NlpHealthPanel />
        <OntologyPanel />
      </div>
      <ReferenceDataLoader title="Corpus ingestion" prefix="literature:" onLoaded={() => void refresh()} />
      <TargetFeatureIngestion />
    </>
  );
}

function NlpHealthPanel() {
  const health = useNlpHealth();
  const schema = useEnsureNlpSchema();
  return (
    <section className="panel stack" aria-labelledby="nlp-health-title">
      <h2 id="nlp-health-title" className="panel__title">
        Literature database
      </h2>
      {health.isPending && <p className="loading">Loading health stats…</p>}
      {health.isError && <Notice tone="error">{health.error.message}</Notice>}
      {health.data && (
        <dl className="facts" aria-label="NLP health stats">
          {HEALTH_STATS.map(({ key, label }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd className="big-number" data-testid={`nlp-${key}`}>
                {health.data.stats[key].toLocaleString("en")}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="muted">Counts of what you can see: public corpora and your organization's documents.</p>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void health.refetch()} disabled={health.isFetching}>
          {health.isFetching ? "Refreshing…" : "Refresh stats"}
        </Button>
        <Button variant="secondary" onClick={() => schema.mutate()} disabled={schema.isPending}>
          {schema.isPending ? "Checking…" : "Ensure schema"}
        </Button>
      </div>
      {schema.isError && <Notice tone="error">{schema.error.message}</Notice>}
      {schema.data && (
        <Notice tone={schema.data.ok ? "success" : "error"}>
          {schema.data.ok ? "Schema ready: " : "Schema incomplete: "}
          {Object.entries(schema.data.tables)
            .map(([table, present]) => (present ? table : `${table} (missing)`))
            .join(", ")}
          .
        </Notice>
      )}
    </section>
  );
}

function OntologyPanel() {
  const reload = useReloadOntologies();
  const [dir, setDir] = useState("");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reload.mutate(dir.trim());
  };
  return (
    <section className="panel stack" aria-labelledby="ontology-title">
      <h2 id="ontology-title" className="panel__title">
        Ontologies
      </h2>
      <p className="muted">
        Genes (HGNC), diseases (Disease Ontology) and drugs used to recognise entities and resolve names. Reload after
        the reference files change.
      </p>
      <form className="stack" onSubmit={onSubmit} aria-label="Reload ontologies">
        <Field
          label="Directory"
          optional
          hint="Inside the server's reference-data root; empty reloads the root itself. A directory outside it is refused (400)."
        >
          {(control) => (
            <input {...control} value={dir} onChange={(event) => setDir(event.target.value)} maxLength={500} />
          )}
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={reload.isPending}>
            {reload.isPending ? "Reloading…" : "Reload ontologies"}
          </Button>
        </div>
      </form>
      {reload.isError && <Notice tone="error">{reload.error.message}</Notice>}
      {reload.data && (
        <Notice tone="success">
          Reloaded (version {reload.data.version}): {reload.data.stats.genes.toLocaleString("en")} genes (
          {reload.data.stats.ncbi_genes.toLocaleString("en")} NCBI Gene rows of aliases and names),{" "}
          {reload.data.stats.diseases.toLocaleString("en")} diseases, {reload.data.stats.drugs.toLocaleString("en")}{" "}
          drugs.
        </Notice>
      )}
    </section>
  );
}
