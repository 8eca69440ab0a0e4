import { useState, type FormEvent } from "react";
import { FAILURE_CLASSES, NEGATOME_DEFAULTS, type NegatomeRecord } from "@sieve/contracts";
import { ReviewControl } from "../../../components/review-control";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useNegatomeRecords } from "../api/negatome";
import { compoundName } from "../model/record";
import type { RecordFilters } from "../model/types";
import { SourceLabel } from "./source-label";

const NO_FILTERS: RecordFilters = { failure_class: "", uniprot_id: "", inchi_key: "" };

const COLUMNS: Column<NegatomeRecord>[] = [
  {
    header: "Compound",
    cell: (record) => (
      <span className="record-compound">
        {compoundName(record.evidence) && <strong>{compoundName(record.evidence)}</strong>}
        <code>{record.compound_smiles}</code>
      </span>
    ),
  },
  { header: "Failure class", cell: (record) => record.failure_class, sortValue: (record) => record.failure_class },
  { header: "Target", cell: (record) => record.target_uniprot_id ?? "—" },
  { header: "Reason", cell: (record) => <span className="record-reason">{record.reason}</span> },
  { header: "Source", cell: (record) => <SourceLabel source={record.source} />, sortValue: (record) => record.source },
  { header: "Tier", cell: (record) => record.confidence_tier },
  {
    header: "Added",
    cell: (record) => formatDateTime(record.created_at),
    align: "end",
    sortValue: (record) => record.created_at,
  },
  {
    header: "Review",
    cell: (record) => (
      <ReviewControl
        kind="negatome_record"
        itemId={record.negatome_id}
        label={`the ${record.failure_class} record of ${compoundName(record.evidence) ?? record.compound_smiles}`}
      />
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
          ? `Up to ${NEGATOME_DEFAULTS.queryLimit} matching records, newest first.`
          : `The ${NEGATOME_DEFAULTS.recentLimit} most recent records you can see: public data and your organization's.`}
      </p>
      {records.isPending && <p className="loading">Loading records…</p>}
      {records.isError && <Notice tone="error">{records.error.message}</Notice>}
      {records.data && (
        <DataTable
          caption={filtered ? "Matching negatome records" : "Recent negatome records"}
          columns={COLUMNS}
          rows={records.data}
          rowKey={(record) => record.negatome_id}
          empty={filtered ? "No record matches these filters." : "No records yet: load the demo set or contribute one."}
        />
      )}
    </section>
  );
}
