/** Header and rows of a tab-separated file (blank lines dropped, cells trimmed, `"…"` unquoted). */
export function readTable(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const split = (line: string) => line.split("\t").map((c) => unquote(c.trim()));
  return { header: split(lines[0] ?? ""), rows: lines.slice(1).map(split) };
}

/** Index of the column named `name` (case-insensitive), or -1. */
export function column(header: readonly string[], name: string): number {
  const wanted = name.trim().toLowerCase();
  return header.findIndex((h) => h.trim().toLowerCase() === wanted);
}

/**
 * Rows of an RFC 4180 CSV file: fields may be double-quoted, with `""` for a quote and commas or
 * line breaks inside quotes (withDRAWN's name lists have both quotes and commas).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((c) => c !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  row.push(field);
  if (row.some((c) => c !== "")) rows.push(row);
  return rows;
}

function unquote(cell: string): string {
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}
