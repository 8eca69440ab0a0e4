import type { Ingestion } from "@sieve/contracts";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useIngestions } from "../api/target-features";

const SHA_SHOWN = 12;
const n = (value: number) => value.toLocaleString("en");

const COLUMNS: Column<Ingestion>[] = [
  { header: "Source", cell: (ingestion) => ingestion.source, sortValue: (ingestion) => ingestion.source },
  { header: "Feature set", cell: (ingestion) => <code>{ingestion.feature_set_version}</code> },
  { header: "File", cell: (ingestion) => ingestion.file_name },
  {
    header: "SHA-256",
    cell: (ingestion) => (
      <code className="sha" title={ingestion.file_sha256}>
        {ingestion.file_sha256.slice(0, SHA_SHOWN)}…
      </code>
    ),
  },
  {
    header: "Rows read",
    cell: (ingestion) => n(ingestion.rows_read),
    align: "end",
    sortValue: (ingestion) => ingestion.rows_read,
  },
  {
    header: "Features written",
    cell: (ingestion) => n(ingestion.features_written),
    align: "end",
    sortValue: (ingestion) => ingestion.features_written,
  },
  {
    header: "Genes matched",
    cell: (ingestion) => n(ingestion.genes_matched),
    align: "end",
    sortValue: (ingestion) => ingestion.genes_matched,
  },
  {
    header: "Unmatched",
    cell: ({ unmatched }) =>
      unmatched.count === 0 ? (
        "0"
      ) : (
        <span className="ingestion-unmatched">
          <strong>{n(unmatched.count)}</strong>
          {unmatched.examples.length > 0 &&
            `: ${unmatched.examples.join(", ")}${unmatched.count > unmatched.examples.length ? ", …" : ""}`}
        </span>
      ),
    sortValue: (ingestion) => ingestion.unmatched.count,
  },
  {
    header: "Time",
    cell: (ingestion) => formatDateTime(ingestion.created_at),
    align: "end",
    sortValue: (ingestion) => ingestion.created_at,
  },
];

/** Every upload of the organization, newest first, with what it read, wrote and could not match. */
export function IngestionsTable() {
  const ingestions = useIngestions();
  if (ingestions.isPending) return <p className="loading">Loading ingestions…</p>;
  if (ingestions.isError) return <Notice tone="error">{ingestions.error.message}</Notice>;
  return (
    <DataTable
      caption="Target feature ingestions"
      columns={COLUMNS}
      rows={ingestions.data}
      rowKey={(ingestion) => ingestion.id}
      empty="No upload yet."
      pageSize={20}
      className="ingestions-table"
    />
  );
}
