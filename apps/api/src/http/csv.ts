/**
 * CSV (RFC 4180) for exports opened in spreadsheets: a cell that would start a formula (= + - @, tab,
 * carriage return) is prefixed with an apostrophe, as OWASP's "CSV Injection" advice says, since its text
 * may come from a user (a project name, a comment).
 */
export function csvTable(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
