export type SortDirection = "ascending" | "descending";
export type SortValue = number | string | null | undefined;

/**
 * A stable sort by one key. Rows without a value (failed analyses) stay at the end in either
 * direction, so flipping the order never buries the valid rows under the failures.
 */
export function sortRows<Row>(rows: Row[], value: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aMissing = a.key === null || a.key === undefined || Number.isNaN(a.key);
      const bMissing = b.key === null || b.key === undefined || Number.isNaN(b.key);
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      const order =
        typeof a.key === "number" && typeof b.key === "number"
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}
