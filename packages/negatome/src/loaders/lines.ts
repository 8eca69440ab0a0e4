import { parseCsv } from "@sieve/chem";

/** One data line of a delimited file with its 1-based line number (the header is line 1). */
export interface NumberedRow {
  line: number;
  fields: string[];
}

/** A row a loader could not use, and why. */
export interface SkippedRow {
  line: number;
  error: string;
}

export interface DelimitedFile {
  header: string[];
  rows: NumberedRow[];
}

/**
 * Splits a delimited file into numbered rows, so that a bad row can be reported by its line.
 * Quoted fields are read by @sieve/chem's `parseCsv`; none of the negatome sources has a quoted
 * line break, so one text line is one row. Blank lines are skipped but still counted.
 */
export function readDelimited(text: string, delimiter: "," | "\t"): DelimitedFile {
  const lines = text.split(/\r?\n/);
  const parse = (line: string) => parseCsv(line, delimiter)[0] ?? [];
  const header = parse(lines[0] ?? "");
  const rows: NumberedRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().length === 0) continue;
    rows.push({ line: i + 1, fields: parse(line) });
  }
  return { header, rows };
}

/** Index of a named column; throws when the file does not have it (the wrong file was given). */
export function columnIndex(header: string[], name: string, file: string): number {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`${file}: no column "${name}" in the header (${header.join(", ")}).`);
  return index;
}
