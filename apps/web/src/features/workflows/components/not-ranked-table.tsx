import { CsvExportButton, type CsvColumn } from "../../../components/ui/csv-export-button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import type { NotRankedEntry as NotRankedRow } from "@sieve/contracts";

const KIND_LABELS: Record<NotRankedRow["kind"], string> = {
  invalid: "Unreadable line",
  filtered: "Filtered",
  failed: "Failed to score",
};

const COLUMNS: Column<NotRankedRow>[] = [
  { header: "Line", cell: (r) => (r.position > 0 ? r.position : "—"), sortValue: (r) => r.position, align: "end" },
  {
    header: "Compound",
    cell: (r) => (
      <span className="stack stack--tight">
        <strong>{r.compound}</strong>
        {r.smiles && r.smiles !== r.compound && <code className="smiles">{r.smiles}</code>}
      </span>
    ),
  },
  { header: "Outcome", cell: (r) => KIND_LABELS[r.kind], sortValue: (r) => r.kind },
  { header: "Reason", cell: (r) => r.reason },
];

const CSV_COLUMNS: CsvColumn<NotRankedRow>[] = [
  { header: "line", value: (r) => r.position || null },
  { header: "compound", value: (r) => r.compound },
  { header: "smiles", value: (r) => r.smiles },
  { header: "outcome", value: (r) => r.kind },
  { header: "reason", value: (r) => r.reason },
];

/** Every compound the run did not rank, and why: nothing leaves the ranking silently. */
export function NotRankedTable({ rows, fileName }: { rows: NotRankedRow[]; fileName: string }) {
  return (
    <DataTable
      caption="Compounds not ranked, with the reason"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => `${r.kind}-${r.position}-${r.compound}`}
      empty="Every compound was ranked."
      pageSize={50}
      toolbar={(displayed) => <CsvExportButton rows={displayed} columns={CSV_COLUMNS} fileName={fileName} />}
    />
  );
}
