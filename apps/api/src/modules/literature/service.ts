import { extractText, getDocumentProxy } from "unpdf";
import { parsePubTator, PubTatorFormatError, toLiteratureDocument, type LiteratureDocument } from "@sieve/literature";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/worker/pool";
import { ApiError, validationFailed } from "../../http/errors";
import { goldAnnotations } from "./gold";
import type { LiteratureReference } from "./reference";
import { storeDocuments, type DocumentToStore } from "./store";

// Documents per extraction task: spreads a batch over the threads and keeps each task short.
const EXTRACTION_CHUNK = 25;

export interface LiteratureContext {
  db: Database;
  pool: ComputePool;
  reference: LiteratureReference;
}

async function extractAll({ pool, reference }: LiteratureContext, docs: LiteratureDocument[]) {
  const chunks: LiteratureDocument[][] = [];
  for (let i = 0; i < docs.length; i += EXTRACTION_CHUNK) chunks.push(docs.slice(i, i + EXTRACTION_CHUNK));
  const results = await Promise.all(
    chunks.map((chunk) =>
      pool.run(
        "literature.extract",
        {
          ...reference.state,
          documents: chunk.map(({ source, external_id, text }) => ({ source, external_id, text })),
        },
        { priority: "batch" },
      ),
    ),
  );
  return results.flat();
}

/** Extracts and stores documents, all or nothing; `orgId` null makes them public reference literature. */
export async function ingestDocuments(
  context: LiteratureContext,
  orgId: number | null,
  docs: LiteratureDocument[],
): Promise<{ inserted: number; skipped: number }> {
  const empty = docs.flatMap((doc, index) =>
    doc.text.trim() ? [] : [{ path: `docs.${index}.text`, message: "the document has no text" }],
  );
  if (empty.length) throw validationFailed(empty, "empty_text");
  const extractions = await extractAll(context, docs);
  return storeDocuments(
    context.db,
    orgId,
    docs.map((document, i) => ({ document, extraction: extractions[i]! })),
  );
}

/** A PubTator file: documents with the corpus's gold mentions and relations, plus Sieve's own extraction. */
export async function ingestPubTator(
  context: LiteratureContext,
  orgId: number | null,
  fileText: string,
  source: string,
  license: string | null,
): Promise<{ inserted: number; skipped: number }> {
  const parsed = parsePubTatorFile(fileText);
  if (parsed.length === 0)
    throw validationFailed(
      [{ path: "file", message: "no PubTator documents found (expected 'PMID|t|title' and 'PMID|a|abstract' lines)" }],
      "invalid_file",
    );
  const documents = parsed.map((doc) => toLiteratureDocument(doc, source, license));
  const extractions = await extractAll(context, documents);
  const batch: DocumentToStore[] = parsed.map((doc, i) => ({
    document: documents[i]!,
    extraction: extractions[i]!,
    gold: goldAnnotations(doc, source, extractions[i]!),
  }));
  return storeDocuments(context.db, orgId, batch);
}

/** The file's documents; a malformed line is a 422 naming it (`file.line.<n>`). */
function parsePubTatorFile(fileText: string) {
  try {
    return parsePubTator(fileText);
  } catch (error) {
    if (!(error instanceof PubTatorFormatError)) throw error;
    throw validationFailed([{ path: `file.line.${error.line}`, message: error.reason }], "invalid_file");
  }
}

/** The text of an uploaded PDF or text file; 415 for a PDF that cannot be read, 422 when there is no text. */
export async function documentText(fileName: string, bytes: Buffer): Promise<string> {
  let text: string;
  if (fileName.toLowerCase().endsWith(".pdf")) {
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      text = (await extractText(pdf, { mergePages: true })).text;
    } catch (error) {
      throw new ApiError(
        415,
        "pdf_parse_failed_or_dependency_missing",
        `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw validationFailed([{ path: "file", message: "the file is not UTF-8 text" }], "invalid_file");
    }
  }
  if (!text.trim()) throw validationFailed([{ path: "file", message: "the document has no text" }], "empty_text");
  return text;
}
