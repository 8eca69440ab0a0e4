import { useState, type FormEvent } from "react";
import { FAILURE_CLASSES, NEGATOME_DEFAULTS, type NegatomeRecord } from "@sieve/contracts";
import { ReviewControl } from "../../../components/review-control";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useNegatomeRecords } from "../api/negatome";
import { compoundName, recordsByEntry, type RecordEntry } from "../model/record";
import type { RecordFilters } from "../model/types";
import { SourceLabel } from "./source-label";

const NO_FILTERS: RecordFilters = { failure_class: "", uniprot_id: "", inchi_key: "" };

type Entry = RecordEntry<NegatomeRecord>;
const distinct = (values: string[]) => [...new Set(values)];
const nameOf = (entry: Entry) => entry.records.map((r) => compoundName(r.evidence)).find(Boolean) ?? null;

/** One row per compound; a compound recorded by several sources (or as salt and free base) lists them all. */
const COLUMNS: Column<Entry>[] = [
  {
    header: "Compound",
    cell: (entry) => (
      <span className="record-compound">
        {nameOf(entry) && <strong>{nameOf(entry)}</strong>}
        <code>{entry.records[0]!.compound_smiles}</code>
      </span>
    ),
  },
  {
    header: "Failure class",
    cell: (entry) => distinct(entry.records.map((r) => r.failure_class)).join(", "),
    sortValue: (entry) => entry.records[0]!.failure_class,
  },
  {
    header: "Target",
    cell: (entry) => distinct(entry.records.flatMap((r) => r.target_uniprot_id ?? [])).join(", ") || "—",
  },
  {
    header: "Reason",
    cell: (entry) => (
      <span className="record-reason">{distinct(entry.records.map((r) => `${r.reason} [${r.source}]`)).join(" ")}</span>
    ),
  },
  {
    header: "Sources",
    cell: (entry) => <SourceLabel source={entry.sources.join(" + ")} />,
    sortValue: (entry) => entry.sources.join(" + "),
  },
  { header: "Tier", cell: (entry) => distinct(entry.records.map((r) => r.confidence_tier)).join(", ") },
  {
    header: "Added",
    cell: (entry) => formatDateTime(entry.records[0]!.created_at),
    align: "end",
    sortValue: (entry) => entry.records[0]!.created_at,
  },
  {
    header: "Review",
    cell: (entry) => (
      <span className="stack">
        {entry.records.map((record) => (
          <ReviewControl
            key={record.negatome_id}
            kind="negatome_record"
            itemId={record.negatome_id}
            label={`the ${record.failure_class} record (${record.source}) of ${compoundName(record.evidence) ?? record.compound_smiles}`}
          />
        ))}
      </span>
    ),
  },
];

/** The latest records, or those matching a failure class, target or InChIKey. */
export function RecordsPanel() {
  const [draft, setDraft] = useState<RecordFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<RecordFilters>(NO_FILTERS);
  const records = useNegatomeRecords(filters);
  const filtered = Object.values(filters).some((value) => value.trim() !== "");

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters({
      failure_class: draft.failure_class,
      uniprot_id: draft.uniprot_id.trim(),
      inchi_key: draft.inchi_key.trim(),
    });
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
  };

  return (
    <section className="panel stack" aria-labelledby="records-title">
      <h2 id="records-title" className="panel__title">
        {filtered ? "Matching records" : "Recent records"}
      </h2>
      <form className="form-grid form-grid--compact records-filters" onSubmit={apply} aria-label="Filter records">
        <Field label="Failure class" optional>
          {(control) => (
            <select
              {...control}
              value={draft.failure_class}
              onChange={(event) => setDraft({ ...draft, failure_class: event.target.value })}
            >
              <option value="">Any</option>
              {FAILURE_CLASSES.map((failureClass) => (
                <option key={failureClass}>{failureClass}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="UniProt ID" optional>
          {(control) => (
            <input
              {...control}
              value={draft.uniprot_id}
              onChange={(event) => setDraft({ ...draft, uniprot_id: event.target.value })}
              maxLength={20}
            />
          )}
        </Field>
        <Field label="InChIKey" optional>
          {(control) => (
            <input
              {...control}
              value={draft.inchi_key}
              onChange={(event) => setDraft({ ...draft, inchi_key: event.target.value })}
              maxLength={30}
            />
          )}
        </Field>
        <div className="button-row records-filters__actions">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {filtered && (
            <Button variant="ghost" onClick={clear}>
              Show recent
            </Button>
          )}
        </div>
      </form>
      <p className="muted">
        {filtered
          ? `Up to ${NEGATOME_DEFAULTS.queryLimit} matching records, newest first, one row per compound.`
          : `The ${NEGATOME_DEFAULTS.recentLimit} most recent records you can see (public data and your organization's), one row per compound.`}
      </p>
      {records.isPending && <p className="loading">Loading records…</p>}
      {records.isError && <Notice tone="error">{records.error.message}</Notice>}
      {records.data && (
        <DataTable
          caption={filtered ? "Matching negatome records" : "Recent negatome records"}
          columns={COLUMNS}
          rows={recordsByEntry(records.data)}
          rowKey={(entry) => entry.entry_key}
          empty={filtered ? "No record matches these filters." : "No records yet: load the demo set or contribute one."}
        />
      )}
    </section>
  );
}
