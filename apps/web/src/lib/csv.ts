export type CsvValue = string | number | boolean | null | undefined;

/** RFC 4180: fields holding a comma, quote or line break are quoted, quotes doubled; empty for null. */
function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Hands a text to the browser as a file download, without a server round-trip. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download synchronously; the address is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
