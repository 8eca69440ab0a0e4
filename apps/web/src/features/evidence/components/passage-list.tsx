import { PassageMeta } from "../../../components/passage-meta";
import { highlightSegments } from "../model/highlights";
import type { PassageResult } from "@sieve/contracts";
import { DocumentLink } from "./document-link";
import { TripleFacts, TripleStatement } from "./triple-summary";

/**
 * Search hits, one per document: the best passage with the matched words and entities marked, its score, the document
 * it comes from, the triples stated in its matching passages, and the document's other matching passages folded under
 * it.
 */
export function PassageList({ passages, label }: { passages: PassageResult[]; label: string }) {
  return (
    <ol className="passage-list" aria-label={label}>
      {passages.map((passage) => {
        const title = passage.doc.title || passage.doc.external_id;
        return (
          <li key={passage.passage_id} className="passage">
            <p className="passage__title">
              <DocumentLink source={passage.doc.source} externalId={passage.doc.external_id}>
                {title}
              </DocumentLink>
            </p>
            <PassageMeta doc={passage.doc} score={passage.score} />
            <Marked text={passage.text} highlights={passage.highlights} />
            {passage.triples.length > 0 && (
              <ul className="passage__triples" aria-label={`Triples in ${title}`}>
                {passage.triples.map((triple) => (
                  <li key={triple.tri_id}>
                    <TripleStatement triple={triple} />
                    <TripleFacts triple={triple} />
                  </li>
                ))}
              </ul>
            )}
            {passage.other_passages.length > 0 && (
              <details className="passage__more">
                <summary>
                  {passage.other_passages.length} more matching passage{passage.other_passages.length === 1 ? "" : "s"}{" "}
                  in this document
                </summary>
                {passage.other_passages.map((other) => (
                  <Marked key={other.passage_id} text={other.text} highlights={other.highlights} />
                ))}
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Marked({ text, highlights }: Pick<PassageResult, "text" | "highlights">) {
  return (
    <p className="passage__text">
      {highlightSegments(text, highlights).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </p>
  );
}
