import { useState, type FormEvent } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useElapsedSeconds } from "../../../lib/use-elapsed-seconds";
import { useLoadReferenceData, useReferenceDatasets, type DatasetLoad } from "../api/admin";

interface ReferenceDataLoaderProps {
  title: string;
  /** Which datasets this panel offers, by name prefix: "literature:", "negatome:", or several. */
  prefix: string | readonly string[];
  onLoaded?: (loads: DatasetLoad[]) => void;
}

/** The public reference datasets of the server's reference-data root (the same registry as `npm run data:load`). */
export function ReferenceDataLoader({ title, prefix, onLoaded }: ReferenceDataLoaderProps) {
  const datasets = useReferenceDatasets();
  const load = useLoadReferenceData(onLoaded);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const elapsed = useElapsedSeconds(load.isPending);
  const prefixes = typeof prefix === "string" ? [prefix] : prefix;
  const offered = (datasets.data?.items ?? []).filter((dataset) =>
    prefixes.some((start) => dataset.name.startsWith(start)),
  );
  const titleId = `reference-${prefixes.join("").replace(/\W/g, "")}-title`;

  const toggle = (name: string, checked: boolean) =>
    setSelected((current) => (checked ? [...current, name] : current.filter((other) => other !== name)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(selected.length === 0 ? "Choose at least one dataset." : null);
    if (selected.length > 0) load.mutate(selected);
  };

  return (
    <section className="panel stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {title}
      </h2>
      {datasets.isPending && <p className="loading">Loading the dataset list…</p>}
      {datasets.isError && <Notice tone="error">{datasets.error.message}</Notice>}
      {datasets.data && (
        <form className="stack" onSubmit={onSubmit} aria-label={title}>
          <fieldset className="fieldset" disabled={load.isPending}>
            <legend>Datasets in the reference-data root</legend>
            <ul className="dataset-list">
              {offered.map((dataset) => (
                <li key={dataset.name}>
                  <Checkbox
                    checked={selected.includes(dataset.name)}
                    onChange={(checked) => toggle(dataset.name, checked)}
                    label={
                      <>
                        <code>{dataset.name}</code>{" "}
                        {dataset.name.endsWith(":demo") && <Badge tone="neutral">Demo data</Badge>}
                        {!dataset.available && <Badge tone="warning">files missing</Badge>}
                        <span className="dataset-list__description">{dataset.description}</span>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <div className="button-row">
            <Button type="submit" disabled={load.isPending}>
              {load.isPending ? "Loading…" : "Load selected"}
            </Button>
          </div>
          {load.isPending && (
            // A running count of seconds rather than a spinner shows the load is alive without an endless animation;
            // it is hidden from screen readers so the live region announces the load once, not every second.
            <p className="busy-line" role="status">
              Loading {selected.join(", ")}: <span aria-hidden="true">{elapsed} s so far.</span> Literature corpora take
              tens of seconds; keep this page open.
            </p>
          )}
        </form>
      )}
      {load.isError && <Notice tone="error">{load.error.message}</Notice>}
      {load.data && <LoadResults loads={load.data} />}
    </section>
  );
}

function LoadResults({ loads }: { loads: DatasetLoad[] }) {
  return (
    <ul className="load-results" aria-label="Load results">
      {loads.map((load) => (
        <li key={load.dataset}>
          <strong>{load.dataset}</strong>: {load.inserted.toLocaleString("en")} inserted,{" "}
          {load.skipped.toLocaleString("en")} already present
          {load.rejected.length > 0 && (
            <details className="rejected-details">
              <summary>{load.rejected.length.toLocaleString("en")} rejected</summary>
              <ul className="problem-list">
                {load.rejected.slice(0, 20).map((rejected, index) => (
                  <li key={index}>
                    {rejected.line === null ? "" : `Line ${rejected.line}: `}
                    {rejected.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Whole seconds since `running` became true, so a long load shows it is still alive. */
