import type { MoleculeResult } from "@sieve/contracts";
import { Badge } from "../../../components/ui/badge";
import { CsvExportButton, type CsvColumn } from "../../../components/ui/csv-export-button";
import { DataTable, usePositionKeys, type Column } from "../../../components/ui/data-table";
import { MoleculeDrawing } from "../../../components/ui/molecule-drawing";
import { RowError } from "../../../components/ui/row-error";
import { formatDecimal } from "../../../lib/format";
import { DRUG_LIKE_MAX_MW, isDrugLike } from "../model/drug-likeness";

type Descriptor = keyof NonNullable<MoleculeResult["descriptors"]>;

/** A sortable numeric descriptor column; failed rows have no descriptors and sort last. */
function descriptor(header: string, key: Descriptor, digits: number): Column<MoleculeResult> {
  return {
    header,
    align: "end",
    cell: (row) => formatDecimal(row.descriptors?.[key], digits),
    sortValue: (row) => row.descriptors?.[key],
  };
}

function MoleculeCell({ row }: { row: MoleculeResult }) {
  if (!row.ok) {
    return (
      <div className="molecule-cell">
        <code>{row.input}</code>
        <RowError reason={row.error} />
      </div>
    );
  }
  return (
    <div className="molecule-cell">
      <MoleculeDrawing svg={row.svg} smiles={row.smiles} />
      <code>{row.smiles}</code>
      {row.largest_fragment && <span className="muted">Largest fragment: {row.largest_fragment.smiles}</span>}
    </div>
  );
}

function DrugLikeness({ row }: { row: MoleculeResult }) {
  if (!row.ok) return "—";
  return (
    <div className="verdict">
      {isDrugLike(row) ? <Badge tone="success">drug-like</Badge> : <Badge tone="neutral">not drug-like</Badge>}
      {row.lipinski && (
        <span className="verdict__note">
          Lipinski: {row.lipinski.violations === 1 ? "1 violation" : `${row.lipinski.violations} violations`}
        </span>
      )}
      {row.veber_pass !== undefined && <span className="verdict__note">Veber: {row.veber_pass ? "pass" : "fail"}</span>}
    </div>
  );
}

const COLUMNS: Column<MoleculeResult>[] = [
  { header: "Molecule", cell: (row) => <MoleculeCell row={row} /> },
  { header: "Drug-likeness", cell: (row) => <DrugLikeness row={row} />, sortValue: (row) => row.lipinski?.violations },
  { ...descriptor("MW", "mw", 2), sortValue: (row) => row.approx_mw },
  descriptor("logP", "logp", 2),
  descriptor("TPSA", "tpsa", 1),
  descriptor("HBD", "hbd", 0),
  descriptor("HBA", "hba", 0),
  descriptor("Rot. bonds", "rotatable_bonds", 0),
  descriptor("Rings", "rings", 0),
  descriptor("QED", "qed", 3),
  descriptor("SA score", "sa_score", 2),
  {
    header: "Formula / InChIKey",
    cell: (row) =>
      row.ok && (
        <div className="identity">
          <span>{row.formula}</span>
          {row.inchikey && <code className="identity__key">{row.inchikey}</code>}
        </div>
      ),
    sortValue: (row) => row.formula,
  },
];

const d = (key: Descriptor) => (row: MoleculeResult) => row.descriptors?.[key];

const CSV_COLUMNS: CsvColumn<MoleculeResult>[] = [
  { header: "input", value: (row) => row.input },
  { header: "smiles", value: (row) => (row.ok ? row.smiles : "") },
  { header: "ok", value: (row) => row.ok },
  { header: "error", value: (row) => row.error },
  { header: "formula", value: (row) => row.formula },
  { header: "inchikey", value: (row) => row.inchikey },
  { header: "mw", value: d("mw") },
  { header: "exact_mw", value: d("exact_mw") },
  { header: "logp", value: d("logp") },
  { header: "tpsa", value: d("tpsa") },
  { header: "hbd", value: d("hbd") },
  { header: "hba", value: d("hba") },
  { header: "rotatable_bonds", value: d("rotatable_bonds") },
  { header: "rings", value: d("rings") },
  { header: "aromatic_rings", value: d("aromatic_rings") },
  { header: "heavy_atoms", value: d("heavy_atoms") },
  { header: "fraction_csp3", value: d("fraction_csp3") },
  { header: "qed", value: d("qed") },
  { header: "sa_score", value: d("sa_score") },
  { header: `drug_like_mw_under_${DRUG_LIKE_MAX_MW}`, value: (row) => (row.ok ? isDrugLike(row) : undefined) },
  { header: "lipinski_violations", value: (row) => row.lipinski?.violations },
  { header: "veber_pass", value: (row) => row.veber_pass },
];

/** Rows come back in input order; a long list shows 100 at a time. */
export function MoleculeResultsTable({ results }: { results: MoleculeResult[] }) {
  const rowKey = usePositionKeys(results);
  return (
    <DataTable
      className="analysis-results"
      caption="Molecule analysis results"
      columns={COLUMNS}
      rows={results}
      rowKey={rowKey}
      empty="No molecules in the answer."
      pageSize={100}
      toolbar={(rows) => <CsvExportButton rows={rows} columns={CSV_COLUMNS} fileName="molecule-analysis.csv" />}
    />
  );
}
