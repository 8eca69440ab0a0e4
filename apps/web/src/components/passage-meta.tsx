import { formatDecimal } from "../lib/format";

interface PassageDoc {
  source: string;
  external_id: string;
  venue?: string | null;
  year?: number | null;
}

/** The line under a literature passage: its document's source, id, venue and year, and the search score. */
export function PassageMeta({ doc, score }: { doc: PassageDoc; score: number }) {
  return (
    <p className="passage__meta">
      <span>{doc.source}</span>
      <span>{doc.external_id}</span>
      {doc.venue && <span>{doc.venue}</span>}
      {doc.year && <span>{doc.year}</span>}
      <span>score {formatDecimal(score, 3)}</span>
    </p>
  );
}
