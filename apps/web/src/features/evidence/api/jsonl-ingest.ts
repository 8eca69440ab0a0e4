import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { lineOfBatchPath, toBatches, type NumberedDocument } from "../model/jsonl";
import { ingestDocuments } from "./literature";

export interface JsonlProgress {
  state: "sending" | "done" | "failed";
  /** Documents the server has answered for so far. */
  sent: number;
  total: number;
  batch: number;
  batches: number;
  inserted: number;
  skipped: number;
  /** 'Ingest failed' plus the server's reason, naming the file line when the server names a document. */
  error?: string;
}

/** Sends checked documents batch by batch (§9: 500 each), reporting progress; stops at the first refused batch. */
export function useJsonlIngest() {
  const [progress, setProgress] = useState<JsonlProgress | null>(null);

  const ingest = async (documents: NumberedDocument[]) => {
    const batches = toBatches(documents);
    let current: JsonlProgress = {
      state: "sending",
      sent: 0,
      total: documents.length,
      batch: 1,
      batches: batches.length,
      inserted: 0,
      skipped: 0,
    };
    setProgress(current);
    for (const [index, batch] of batches.entries()) {
      current = { ...current, batch: index + 1 };
      setProgress(current);
      try {
        const outcome = await ingestDocuments(batch.map(({ doc }) => doc));
        current = {
          ...current,
          sent: current.sent + batch.length,
          inserted: current.inserted + outcome.inserted,
          skipped: current.skipped + outcome.skipped,
        };
        setProgress(current);
      } catch (error) {
        setProgress({ ...current, state: "failed", error: `Ingest failed: ${failureReason(error, batch)}` });
        return;
      }
    }
    setProgress({ ...current, state: "done" });
  };

  return { progress, ingest, reset: () => setProgress(null) };
}

function failureReason(error: unknown, batch: NumberedDocument[]): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : "Request failed";
  const lines = error.fields
    .map((field) => lineOfBatchPath(field.path, batch))
    .filter((line): line is number => line !== null);
  return lines.length > 0 ? `${error.message} (line ${[...new Set(lines)].join(", ")} of the file)` : error.message;
}
