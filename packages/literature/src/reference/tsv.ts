/** Splits a tab-separated file into a header and rows, dropping blank lines and `#` comment lines. */
export function readTsv(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "" && !line.startsWith("#"));
  const header = (lines[0] ?? "").split("\t").map((h) => unquote(h.trim()));
  return { header, rows: lines.slice(1).map((line) => line.split("\t").map((cell) => unquote(cell.trim()))) };
}

/** Index of the first header matching any of `names` (case-insensitive, ignoring anything in parentheses), or -1. */
export function columnIndex(header: string[], ...names: string[]): number {
  const clean = (s: string) =>
    s
      .replace(/\(.*?\)/g, "")
      .trim()
      .toLowerCase();
  const wanted = names.map(clean);
  return header.findIndex((h) => wanted.includes(clean(h)));
}

/** Values of a multi-valued cell (`, `, `|` or `;` separated). */
export function listCell(cell: string | undefined): string[] {
  if (!cell) return [];
  return cell
    .split(/[,|;]/)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function unquote(cell: string): string {
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}
