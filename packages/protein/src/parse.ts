import { STANDARD_RESIDUES } from "./residues";

export type CleanedSequence = { ok: true; sequence: string } | { ok: false; sequence: string; error: string };
export type ParsedSequence = { id: string } & CleanedSequence;

const LAYOUT = /[\s\d]+/g;
const NOT_A_LETTER = /[^A-Za-z]/g;
const STANDARD = new RegExp(`[${STANDARD_RESIDUES}]`);

/**
 * Turns pasted text into a sequence of upper-case one-letter codes, or says why it cannot.
 *
 * Whitespace and digits are layout (GenBank/EMBL-style numbered blocks) and are removed; lower case
 * is accepted; a single trailing `*` (the stop of a translated ORF) is dropped. Every Latin letter
 * is an IUPAC protein code (see `residues.ts`), so what remains must be letters A–Z only: any other
 * character (`-` gaps, `*` inside the chain, `.`, accented or Greek letters…) makes the sequence
 * invalid and the error names each offending character with its first position. A sequence must
 * also hold at least one of the 20 standard residues, or there is nothing to compute.
 *
 * Case is folded for ASCII letters only: `String.prototype.toUpperCase` would turn "ß" into "SS"
 * or "ı" into "I" and so invent residues.
 */
export function cleanSequence(raw: string): CleanedSequence {
  let text = raw.replace(LAYOUT, "");
  if (text.endsWith("*")) text = text.slice(0, -1);
  const sequence = text.replace(/[a-z]+/g, (s) => s.toUpperCase());
  if (sequence.length === 0) return { ok: false, sequence, error: "Empty sequence." };
  const offending = new Map<string, number>();
  for (const match of sequence.matchAll(NOT_A_LETTER)) {
    if (!offending.has(match[0])) offending.set(match[0], match.index + 1);
  }
  if (offending.size > 0) {
    const list = [...offending].map(([c, position]) => `${JSON.stringify(c)} (position ${position})`).join(", ");
    return { ok: false, sequence, error: `Not amino-acid letters: ${list}.` };
  }
  if (!STANDARD.test(sequence)) {
    return { ok: false, sequence, error: "No standard amino acid: only U, O, B, Z, J or X, nothing to compute." };
  }
  return { ok: true, sequence };
}

/**
 * Splits pasted or uploaded text into sequences, each cleaned by `cleanSequence`.
 *
 * If any line starts with `>`, the text is FASTA: each header (without `>`, trimmed) is the id of the
 * lines below it, which are joined. Text before the first header is returned as an invalid record
 * rather than silently dropped. Otherwise every non-blank line is one sequence, with id "line N".
 */
export function parseSequences(text: string): ParsedSequence[] {
  const lines = text.split(/\r\n|\r|\n/);
  const isFasta = lines.some((line) => line.trimStart().startsWith(">"));
  if (!isFasta) {
    return lines.flatMap((line, i) => (line.trim() === "" ? [] : [{ id: `line ${i + 1}`, ...cleanSequence(line) }]));
  }
  const records: ParsedSequence[] = [];
  let id: string | undefined;
  let body: string[] = [];
  const flush = () => {
    if (id !== undefined) records.push({ id, ...cleanSequence(body.join("")) });
    else if (body.some((l) => l.trim() !== "")) {
      records.push({
        id: "(before first header)",
        ok: false,
        sequence: body.join("").trim(),
        error: "Sequence text before the first FASTA header.",
      });
    }
    body = [];
  };
  for (const line of lines) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith(">")) {
      flush();
      id = trimmed.slice(1).trim() || `sequence ${records.length + 1}`;
    } else body.push(line);
  }
  flush();
  return records;
}
