/**
 * Reads compound-library files (`.smi`, `.txt`, `.csv`, `.sdf`) into records without parsing any
 * chemistry: structures are checked later, one by one, so a bad line is reported and never fatal.
 */
export interface LibraryRecord {
  /** 1-based line (SMILES/CSV) or record (SDF) number in the file. */
  position: number;
  /** A SMILES string, or a V2000/V3000 molblock when `format` is "molblock". */
  structure: string;
  format: "smiles" | "molblock";
  name: string | null;
}

export interface LibraryFile {
  records: LibraryRecord[];
  /** For CSV: the column the structures were read from. */
  smilesColumn?: string;
}

export class LibraryFileError extends Error {}

export function readLibraryFile(fileName: string, text: string, options: { smilesColumn?: string } = {}): LibraryFile {
  const ending = fileName.toLowerCase().split(".").pop();
  if (ending === "sdf" || ending === "sd") return { records: readSdf(text) };
  if (ending === "csv") return readCsvLibrary(text, options.smilesColumn);
  return { records: readSmilesLines(text) };
}

/** One structure per line: the SMILES, then an optional name after whitespace; `#` starts a comment. */
function readSmilesLines(text: string): LibraryRecord[] {
  const records: LibraryRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const [structure, ...rest] = line.split(/\s+/);
    const name = rest.join(" ").trim();
    if (index === 0 && /^smiles$/i.test(structure!)) return; // a header line
    records.push({ position: index + 1, structure: structure!, format: "smiles", name: name || null });
  });
  return records;
}

function readSdf(text: string): LibraryRecord[] {
  const records: LibraryRecord[] = [];
  // The line after "$$$$" is the next record's title, which may be blank: consume only that newline.
  const blocks = text.split(/^\$\$\$\$[^\S\n]*\r?\n?/m);
  blocks.forEach((trimmed, index) => {
    if (!trimmed.trim()) return;
    const end = trimmed.search(/^M {2}END\s*$/m);
    const molblock = end === -1 ? trimmed : trimmed.slice(0, end) + "M  END\n";
    const title = trimmed.split(/\r?\n/, 1)[0]?.trim() ?? "";
    records.push({ position: index + 1, structure: molblock, format: "molblock", name: title || null });
  });
  return records;
}

const SMILES_HEADER = /^(canonical_?)?smiles$|smiles/i;

function readCsvLibrary(text: string, requestedColumn?: string): LibraryFile {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header) throw new LibraryFileError("The CSV file is empty");
  const column = requestedColumn
    ? header.findIndex((h) => h.trim() === requestedColumn)
    : header.findIndex((h) => SMILES_HEADER.test(h.trim()));
  if (column === -1) {
    throw new LibraryFileError(
      requestedColumn
        ? `The CSV has no column named "${requestedColumn}"; its columns are ${header.join(", ")}`
        : `No SMILES column found (a header containing "smiles"); choose one of ${header.join(", ")}`,
    );
  }
  const nameColumn = header.findIndex((h, i) => i !== column && /^(name|id|compound|title)/i.test(h.trim()));
  const records: LibraryRecord[] = [];
  rows.forEach((row, index) => {
    const structure = row[column]?.trim() ?? "";
    if (!structure) return;
    const name = nameColumn === -1 ? null : row[nameColumn]?.trim() || null;
    records.push({ position: index + 2, structure, format: "smiles", name });
  });
  return { records, smilesColumn: header[column]!.trim() };
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter = ","): string[][] {
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
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === "") {
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.length > 1 || row[0] !== "") rows.push(row);
      row = [];
      field = "";
    } else {
      field += ch;
    }
  }
  row.push(field);
  if (row.length > 1 || row[0] !== "") rows.push(row);
  return rows;
}
