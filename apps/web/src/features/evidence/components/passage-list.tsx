import { PassageMeta } from "../../../components/passage-meta";
import { highlightSegments } from "../model/highlights";
import type { PassageResult } from "../model/types";
import { DocumentLink } from "./document-link";

/** Search hits: the passage with the matched words marked, its score, and the document it comes from. */
export function PassageList({ passages, label }: { passages: PassageResult[]; label: string }) {
  return (
    <ol className="passage-list" aria-label={label}>
      {passages.map((passage) => (
        <li key={passage.passage_id} className="passage">
          <p className="passage__title">
            <DocumentLink source={passage.doc.source} externalId={passage.doc.external_id}>
              {passage.doc.title || passage.doc.external_id}
            </DocumentLink>
          </p>
          <PassageMeta doc={passage.doc} score={passage.score} />
          <p className="passage__text">
            {highlightSegments(passage.text, passage.highlights).map((segment, index) =>
              segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
