const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Timestamps from the API are ISO strings; anything unparseable is shown as the server sent it. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** Run ids are UUIDs; the first block is enough to tell runs apart on screen. */
export function shortId(id: string): string {
  return id.split("-")[0] ?? id;
}

/** Computed values with fixed decimals; an em dash when there is none (a failed row, a missing score). */
export function formatDecimal(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits);
}
