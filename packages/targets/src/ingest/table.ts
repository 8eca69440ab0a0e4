import { IngestError } from "../types";

/**
 * Reading of the delimited text files users upload (CSV, TSV, STRING's space-separated links) and of
 * JSON lines, keeping each row's 1-based file line so every error can name the line and column.
 */

export interface TableRow {
  /** 1-based line of the file where the row starts (a quoted CSV cell may span several lines). */
  line: number;
  cells: string[];
}

export interface Table {
  header: string[];
  headerLine: number;
  rows: TableRow[];
}

export interface ReadTableOptions {
  /** Lines to skip before looking for the header, e.g. the version and dimensions lines of a GCT file. */
  preambleLines?: number;
  /**
   * The header line itself starts with `#` (STRING's `#node1 node2 …`): the last `#` line before the
   * first data line is taken as the header. Without it, leading `#` lines are comments.
   */
  hashedHeader?: boolean;
  /** Split on runs of spaces when the header has neither tab nor comma (STRING's `protein.links`). */
  allowSpaces?: boolean;
}

type Delimiter = "\t" | "," | " ";

export function readTable(text: string, options: ReadTableOptions = {}): Table {
  const lines = stripBom(text).split(/\r?\n/);
  const headerIndex = findHeaderIndex(lines, options);
  let headerText = lines[headerIndex]!;
  if (options.hashedHeader && headerText.startsWith("#")) headerText = headerText.slice(1);
  const delimiter = detectDelimiter(headerText, options.allowSpaces ?? false);
  const headerLine = headerIndex + 1;
  const header = splitLine(headerText, delimiter, headerLine).map((name) => name.trim());
  const body = lines.slice(headerIndex + 1);
  const rows =
    delimiter === "," ? splitCsv(body.join("\n"), headerLine + 1, header) : splitPlain(body, headerLine + 1, delimiter);
  for (const row of rows) checkWidth(row, header);
  return { header, headerLine, rows };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function findHeaderIndex(lines: string[], options: ReadTableOptions): number {
  let lastHashed = -1;
  for (let i = options.preambleLines ?? 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      lastHashed = i;
      continue;
    }
    return options.hashedHeader && lastHashed >= 0 ? lastHashed : i;
  }
  if (options.hashedHeader && lastHashed >= 0) return lastHashed;
  throw new IngestError("the file has no header line", 1);
}

function detectDelimiter(headerText: string, allowSpaces: boolean): Delimiter {
  if (headerText.includes("\t")) return "\t";
  if (headerText.includes(",") || !allowSpaces) return ",";
  return " ";
}

function splitLine(text: string, delimiter: Delimiter, line: number): string[] {
  if (delimiter === " ") return text.trim().split(/ +/);
  if (delimiter === "\t") return text.split("\t");
  return splitCsv(text, line, [])[0]?.cells ?? [""];
}

function splitPlain(lines: string[], firstLine: number, delimiter: Delimiter): TableRow[] {
  const rows: TableRow[] = [];
  lines.forEach((text, i) => {
    if (text.trim() !== "") rows.push({ line: firstLine + i, cells: splitLine(text, delimiter, firstLine + i) });
  });
  return rows;
}

/**
 * RFC 4180: quoted cells may hold commas, doubled quotes and line breaks; a quote inside an unquoted cell is literal.
 */
function splitCsv(body: string, firstLine: number, header: string[]): TableRow[] {
  const rows: TableRow[] = [];
  let line = firstLine;
  let rowLine = firstLine;
  let cells: string[] = [];
  let cell = "";
  let cellStarted = false;
  let quoteLine = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cell.trim() !== "" || cellStarted) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    cellStarted = false;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoteLine > 0) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoteLine = 0;
      else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell === "" && !cellStarted) {
      quoteLine = line;
      cellStarted = true;
    } else if (c === ",") {
      cells.push(cell);
      cell = "";
      cellStarted = false;
    } else if (c === "\n") {
      endRow();
      rowLine = ++line;
    } else if (c !== "\r" || body[i + 1] !== "\n") {
      cell += c;
    }
  }
  if (quoteLine > 0) throw new IngestError("unterminated quoted cell", quoteLine, columnLabel(header, cells.length));
  endRow();
  return rows;
}

function checkWidth(row: TableRow, header: string[]): void {
  const extra = row.cells.slice(header.length);
  if (extra.some((c) => c.trim() !== "")) {
    throw new IngestError(
      `${row.cells.length} cells but the header has ${header.length} columns`,
      row.line,
      String(header.length + 1),
    );
  }
}

function columnLabel(header: readonly string[], index: number): string {
  return header[index] || String(index + 1);
}

/** The index of the first column named one of `names` (case-insensitive), or -1. */
export function findColumn(table: Table, ...names: string[]): number {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return table.header.findIndex((h) => wanted.has(h.toLowerCase()));
}

/** Like findColumn, but a file without the column cannot be read: the error lists the available columns. */
export function requireColumn(table: Table, ...names: string[]): number {
  const index = findColumn(table, ...names);
  if (index >= 0) return index;
  const wanted = names.map((n) => `'${n}'`).join(" or ");
  throw new IngestError(
    `missing column ${wanted}; available columns: ${table.header.join(", ")}`,
    table.headerLine,
    names[0] ?? null,
  );
}

export function columnName(table: Table, index: number): string {
  return columnLabel(table.header, index);
}

/** The trimmed cell, "" when the column is absent (index -1) or the row is short. */
export function cellText(row: TableRow, index: number): string {
  return index < 0 ? "" : (row.cells[index] ?? "").trim();
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A numeric cell; null when it is one of the `missing` markers (by default only the empty cell).
 * Anything else that is not a plain decimal number (hex, "1,5", "abc") is an error.
 */
export function readNumber(
  table: Table,
  row: TableRow,
  index: number,
  missing: readonly string[] = [""],
): number | null {
  const text = cellText(row, index);
  if (missing.some((m) => m.toLowerCase() === text.toLowerCase())) return null;
  if (!DECIMAL.test(text) || !Number.isFinite(Number(text)))
    throw new IngestError(`not a number: '${text}'`, row.line, columnName(table, index));
  return Number(text);
}

export interface JsonLine {
  line: number;
  value: Record<string, unknown>;
}

/** JSON lines (one object per line, as Open Targets' Spark exports write them); blank lines skipped. */
export function readJsonLines(text: string): JsonLine[] {
  const out: JsonLine[] = [];
  stripBom(text)
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (raw.trim() === "") return;
      const value = parseJson(raw, i + 1);
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new IngestError("expected a JSON object", i + 1);
      out.push({ line: i + 1, value: value as Record<string, unknown> });
    });
  return out;
}

function parseJson(raw: string, line: number): unknown {
  try {
    return JSON.parse(raw);
  } catch (e) {
    // The message is the one users see, so it carries the line itself rather than the "Line N:" prefix.
    const error = new IngestError("Malformed JSON", line);
    error.message = `Malformed JSON at line ${line}: ${(e as Error).message}`;
    throw error;
  }
}

/** Whether the text is JSON lines rather than a table: its first non-blank character opens an object. */
export function looksLikeJsonLines(text: string): boolean {
  return stripBom(text).trimStart().startsWith("{");
}
