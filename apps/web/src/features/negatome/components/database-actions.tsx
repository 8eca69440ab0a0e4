import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { useEnsureNegatomeSchema, useIngestDemo } from "../api/negatome";

/** Schema check and the built-in demo set: the two actions that make an empty negatome usable. */
export function NegatomeDatabaseActions() {
  const schema = useEnsureNegatomeSchema();
  const demo = useIngestDemo();
  const missingTables = Object.entries(schema.data?.tables ?? {})
    .filter(([, present]) => !present)
    .map(([table]) => table);

  return (
    <section className="panel stack" aria-labelledby="negatome-database-title">
      <h2 id="negatome-database-title" className="panel__title">
        Negatome database
      </h2>
      <p className="muted">
        The schema is created when the platform starts; <em>Ensure schema</em> checks its tables are in place. The demo
        set holds 41 well-known failed and withdrawn drugs, written from public facts and labelled “Demo data” wherever
        it appears.
      </p>
      <div className="button-row">
        <Button variant="secondary" onClick={() => schema.mutate()} disabled={schema.isPending}>
          {schema.isPending ? "Checking…" : "Ensure schema"}
        </Button>
        <Button variant="secondary" onClick={() => demo.mutate()} disabled={demo.isPending}>
          {demo.isPending ? "Loading demo set…" : "Load demo set"}
        </Button>
      </div>
      {schema.isError && <Notice tone="error">{schema.error.message}</Notice>}
      {schema.data &&
        (schema.data.ok ? (
          <Notice tone="success">Schema ready: {Object.keys(schema.data.tables).join(", ")}.</Notice>
        ) : (
          <Notice tone="error">Schema incomplete, missing: {missingTables.join(", ")}.</Notice>
        ))}
      {demo.isError && <Notice tone="error">{demo.error.message}</Notice>}
      {demo.data && (
        <Notice tone="success">
          Demo set loaded: {demo.data.inserted} records inserted, {demo.data.skipped} already present.
        </Notice>
      )}
    </section>
  );
}
