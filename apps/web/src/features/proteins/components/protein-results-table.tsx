import type { ProteinResult } from "@sieve/contracts";
import { Badge } from "../../../components/ui/badge";
import { CsvExportButton, type CsvColumn } from "../../../components/ui/csv-export-button";
import { DataTable, usePositionKeys, type Column } from "../../../components/ui/data-table";
import { RowError } from "../../../components/ui/row-error";
import { formatDecimal } from "../../../lib/format";
import { quickEstimates } from "../model/quick-estimates";

/** Long sequences are cut on screen; the full one is in the row's details and the CSV. */
const SEQUENCE_PREVIEW = 24;

function name(row: ProteinResult): string {
  return row.id ?? (row.chain ? `chain ${row.chain}` : "Sequence");
}

function number(
  header: string,
  value: (row: ProteinResult) => number | undefined,
  digits: number,
): Column<ProteinResult> {
  return { header, align: "end", cell: (row) => formatDecimal(value(row), digits), sortValue: value };
}

function ProteinCell({ row }: { row: ProteinResult }) {
  const preview = row.sequence.length > SEQUENCE_PREVIEW ? `${row.sequence.slice(0, SEQUENCE_PREVIEW)}…` : row.sequence;
  return (
    <div className="protein-cell">
      <strong>{name(row)}</strong>
      {row.source && <span className="muted">from {row.source} records</span>}
      <code title={row.sequence}>{preview || "(empty)"}</code>
      {row.ok ? <Details row={row} /> : <RowError reason={row.error} />}
    </div>
  );
}

/** Composition, the full sequence and §9's quick estimates, folded away until asked for. */
function Details({ row }: { row: ProteinResult }) {
  const estimates = quickEstimates(row);
  const composition = Object.entries(row.composition ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <details className="row-details">
      <summary>Composition</summary>
      <dl className="composition">
        {composition.map(([residue, { count, percent }]) => (
          <div key={residue}>
            <dt>{residue}</dt>
            <dd>
              {percent.toFixed(1)}% <span className="muted">({count})</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="sequence-full">
        <code>{row.sequence}</code>
      </p>
      {estimates && (
        <p className="muted">
          Quick estimates (rules of thumb, not the computed values above): pI ≈ {estimates.isoelectricPoint.toFixed(2)},
          MW ≈ {estimates.molecularWeight.toLocaleString("en")} Da.
        </p>
      )}
    </details>
  );
}

const COLUMNS: Column<ProteinResult>[] = [
  { header: "Protein", cell: (row) => <ProteinCell row={row} />, sortValue: name },
  number("Length", (row) => row.length, 0),
  number("MW (Da)", (row) => row.molecular_weight, 1),
  number("pI", (row) => row.isoelectric_point, 2),
  number("GRAVY", (row) => row.gravy, 3),
  {
    header: "Instability",
    align: "end",
    cell: (row) =>
      row.ok ? (
        <span className="verdict verdict--end">
          {formatDecimal(row.instability_index, 1)}
          {row.stable !== undefined && (
            <Badge tone={row.stable ? "success" : "warning"}>{row.stable ? "stable" : "unstable"}</Badge>
          )}
        </span>
      ) : (
        "—"
      ),
    sortValue: (row) => row.instability_index,
  },
  number("Aromaticity", (row) => row.aromaticity, 3),
  number("Aliphatic index", (row) => row.aliphatic_index, 1),
  {
    header: "Extinction coeff. (M⁻¹ cm⁻¹)",
    align: "end",
    cell: (row) =>
      row.extinction_coefficient ? (
        <span className="verdict verdict--end">
          <span>
            {row.extinction_coefficient.reduced.toLocaleString("en")} <span className="verdict__note">reduced</span>
          </span>
          <span>
            {row.extinction_coefficient.cystines.toLocaleString("en")} <span className="verdict__note">cystines</span>
          </span>
        </span>
      ) : (
        "—"
      ),
    sortValue: (row) => row.extinction_coefficient?.reduced,
  },
  number("Hydrophobic fraction", (row) => row.hydrophobic_fraction, 3),
  number("Charged fraction", (row) => row.charged_fraction, 3),
  {
    header: "Warnings",
    cell: (row) =>
      row.warnings?.length ? (
        <ul className="warning-list">
          {row.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : (
        "—"
      ),
  },
];

const CSV_COLUMNS: CsvColumn<ProteinResult>[] = [
  { header: "id", value: (row) => row.id },
  { header: "chain", value: (row) => row.chain },
  { header: "sequence", value: (row) => row.sequence },
  { header: "ok", value: (row) => row.ok },
  { header: "error", value: (row) => row.error },
  { header: "length", value: (row) => row.length },
  { header: "molecular_weight", value: (row) => row.molecular_weight },
  { header: "isoelectric_point", value: (row) => row.isoelectric_point },
  { header: "gravy", value: (row) => row.gravy },
  { header: "instability_index", value: (row) => row.instability_index },
  { header: "stable", value: (row) => row.stable },
  { header: "aromaticity", value: (row) => row.aromaticity },
  { header: "aliphatic_index", value: (row) => row.aliphatic_index },
  { header: "extinction_reduced", value: (row) => row.extinction_coefficient?.reduced },
  { header: "extinction_cystines", value: (row) => row.extinction_coefficient?.cystines },
  { header: "hydrophobic_fraction", value: (row) => row.hydrophobic_fraction },
  { header: "charged_fraction", value: (row) => row.charged_fraction },
  {
    header: "composition_percent",
    value: (row) =>
      Object.entries(row.composition ?? {})
        .map(([residue, share]) => `${residue}:${share.percent.toFixed(2)}`)
        .join(" "),
  },
  { header: "warnings", value: (row) => row.warnings?.join("; ") },
];

export function ProteinResultsTable({ results }: { results: ProteinResult[] }) {
  const rowKey = usePositionKeys(results);
  return (
    <DataTable
      className="analysis-results"
      caption="Protein analysis results"
      columns={COLUMNS}
      rows={results}
      rowKey={rowKey}
      empty="No sequences in the answer."
      pageSize={100}
      toolbar={(rows) => <CsvExportButton rows={rows} columns={CSV_COLUMNS} fileName="protein-analysis.csv" />}
    />
  );
}
