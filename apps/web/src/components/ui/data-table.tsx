import { useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "./button";
import { sortRows, type SortDirection, type SortValue } from "./table-sort";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numeric and date columns align right so digits line up. */
  align?: "start" | "end";
  /** Makes the column sortable by this value; rows without one stay last. */
  sortValue?: (row: Row) => SortValue;
}

interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  /**
   * Extra class on the table's block, for tables that need their own look (units in headers, a sticky first column).
   */
  className?: string;
  /** Long results render this many rows at first, with a button for more (keeps the page responsive). */
  pageSize?: number;
  /** Controls shown above the table, given the rows in their displayed order (an export matches the screen). */
  toolbar?: (displayedRows: Row[]) => ReactNode;
}

interface SortState {
  header: string;
  direction: SortDirection;
}

/**
 * A dense table that turns into labelled cards below 640 px (each cell carries its header in
 * data-label), so narrow screens never scroll sideways. Sortable columns get a header button;
 * the cards, which have no header row, get a "Sort by" select instead.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  toolbar,
  pageSize,
  className,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<SortState | null>(null);
  const sortable = columns.filter((column) => column.sortValue);
  const sortValue = sort && sortable.find((column) => column.header === sort.header)?.sortValue;
  const direction = sort?.direction ?? "ascending";
  const displayed = useMemo(
    () => (sortValue ? sortRows(rows, sortValue, direction) : rows),
    [rows, sortValue, direction],
  );
  const [shown, setShown] = useState(pageSize ?? Infinity);

  if (rows.length === 0) return <p className="table-empty">{empty}</p>;

  const toggle = (header: string) =>
    setSort((current) => ({
      header,
      direction: current?.header === header && current.direction === "ascending" ? "descending" : "ascending",
    }));

  return (
    <div className={className ? `table-block ${className}` : "table-block"}>
      {(toolbar || sortable.length > 0) && (
        <div className="table-toolbar">
          {toolbar?.(displayed)}
          {sortable.length > 0 && (
            <SortSelect headers={sortable.map((column) => column.header)} sort={sort} onChange={setSort} />
          )}
        </div>
      )}
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={column.align === "end" ? "align-end" : undefined}
                  aria-sort={column.sortValue ? (sort?.header === column.header ? sort.direction : "none") : undefined}
                >
                  {column.sortValue ? (
                    <button type="button" className="table__sort" onClick={() => toggle(column.header)}>
                      {column.header}
                      <span aria-hidden="true" className="table__sort-mark">
                        {sort?.header !== column.header ? "↕" : sort.direction === "ascending" ? "▲" : "▼"}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {displayed.slice(0, shown).map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={column.align === "end" ? "align-end" : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {displayed.length > shown && (
        <p className="table-more">
          Showing {shown.toLocaleString("en")} of {displayed.length.toLocaleString("en")} rows.{" "}
          <Button variant="secondary" size="sm" onClick={() => setShown((count) => count + (pageSize ?? count))}>
            Show {Math.min(pageSize ?? 0, displayed.length - shown).toLocaleString("en")} more
          </Button>
        </p>
      )}
    </div>
  );
}

/** The card layout has no header row to click, so narrow screens sort with this select (hidden on wide ones). */
function SortSelect({
  headers,
  sort,
  onChange,
}: {
  headers: string[];
  sort: SortState | null;
  onChange: (sort: SortState | null) => void;
}) {
  const id = useId();
  return (
    <div className="table-sort-select">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={sort ? `${sort.header}|${sort.direction}` : ""}
        onChange={(event) => {
          const [header, direction] = event.target.value.split("|");
          onChange(header && direction ? { header, direction: direction as SortDirection } : null);
        }}
      >
        <option value="">Original order</option>
        {headers.flatMap((header) => [
          <option key={`${header}|ascending`} value={`${header}|ascending`}>
            {header}, ascending
          </option>,
          <option key={`${header}|descending`} value={`${header}|descending`}>
            {header}, descending
          </option>,
        ])}
      </select>
    </div>
  );
}

/**
 * Row keys for results where two rows can be equal (the same SMILES pasted twice): each row's
 * position in the answer, stable across sorting.
 */
export function usePositionKeys<Row>(rows: Row[]): (row: Row) => number {
  const positions = useMemo(() => new Map(rows.map((row, index) => [row, index])), [rows]);
  return (row) => positions.get(row) ?? -1;
}
