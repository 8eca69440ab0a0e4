import { IngestDocument, JSONL_BATCH_SIZE, malformedJsonLine } from "@sieve/contracts";

export interface NumberedDocument {
  /** 1-based line of the file, so a server error about `docs.N` can name the line. */
  line: number;
  doc: IngestDocument;
}

export type JsonlReading = { ok: true; documents: NumberedDocument[] } | { ok: false; problems: string[] };

/** Enough to fix a file without flooding the page when every line is wrong. */
const MAX_PROBLEMS = 10;

/**
 * Reads a JSONL file of §3 Ingest documents and checks every line before anything is sent, so a
 * bad line cannot leave a batch half ingested. Blank lines are skipped; the file must hold at
 * least one document (§5).
 */
export function readJsonlDocuments(text: string): JsonlReading {
  if (text.trim() === "") return { ok: false, problems: ["The file is empty."] };
  const documents: NumberedDocument[] = [];
  const problems: string[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === "") return;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch {
      problems.push(malformedJsonLine(line));
      return;
    }
    const parsed = IngestDocument.safeParse(value);
    // The server refuses a document without text (422 empty_text), which would stop the ingest mid-file.
    if (parsed.success && !parsed.data.text.trim()) problems.push(`Line ${line}: text: the document has no text`);
    else if (parsed.success) documents.push({ line, doc: parsed.data });
    else
      problems.push(
        `Line ${line}: ${parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ")}`,
      );
  });
  if (problems.length > 0)
    return {
      ok: false,
      problems:
        problems.length > MAX_PROBLEMS
          ? [...problems.slice(0, MAX_PROBLEMS), `…and ${problems.length - MAX_PROBLEMS} more.`]
          : problems,
    };
  if (documents.length === 0) return { ok: false, problems: ["The file has no valid line."] };
  return { ok: true, documents };
}

/** §9: documents go to the server in batches of 500. */
export function toBatches<T>(items: T[], size = JSONL_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** A 422 names the failing document as `docs.N.field`; this finds the file line of document N of a batch. */
export function lineOfBatchPath(path: string, batch: NumberedDocument[]): number | null {
  const match = /^docs\.(\d+)/.exec(path);
  return match ? (batch[Number(match[1])]?.line ?? null) : null;
}
