import { downloadText, toCsv, type CsvValue } from "../../lib/csv";
import { Button } from "./button";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

interface CsvExportButtonProps<Row> {
  rows: Row[];
  columns: CsvColumn<Row>[];
  fileName: string;
}

/** Exports exactly the rows given (in their on-screen order) with full-precision values. */
export function CsvExportButton<Row>({ rows, columns, fileName }: CsvExportButtonProps<Row>) {
  const exportRows = () =>
    downloadText(
      fileName,
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.value(row))),
      ),
    );
  return (
    <Button variant="secondary" size="sm" onClick={exportRows} disabled={rows.length === 0}>
      Export CSV
    </Button>
  );
}
