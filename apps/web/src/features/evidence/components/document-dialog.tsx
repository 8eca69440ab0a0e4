import { useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog } from "../../../components/ui/dialog";
import { Notice } from "../../../components/ui/notice";
import { useDocument } from "../api/literature";
import { ConfidenceNote } from "./confidence-note";
import { DOCUMENT_ID_PARAM, DOCUMENT_PARAM } from "./document-link";
import { TripleFacts, TripleStatement } from "./triple-summary";

/** The document named in the address: its record, its text by passage, and the triples extracted from it. */
export function DocumentDialog() {
  const [params, setParams] = useSearchParams();
  const source = params.get(DOCUMENT_PARAM);
  const externalId = params.get(DOCUMENT_ID_PARAM);
  const ref = source && externalId ? { source, externalId } : null;
  const [showAllTriples, setShowAllTriples] = useState(false);
  const document = useDocument(ref, showAllTriples);

  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(DOCUMENT_PARAM);
      next.delete(DOCUMENT_ID_PARAM);
      return next;
    });

  const info = document.data?.document;
  return (
    <Dialog
      open={ref !== null}
      onClose={close}
      title={info?.title || (ref ? `${ref.source}: ${ref.externalId}` : "Document")}
    >
      {document.isPending && <p className="loading">Loading the document…</p>}
      {document.isError && <Notice tone="error">{document.error.message}</Notice>}
      {info && document.data && (
        <div className="stack">
          <dl className="facts">
            <div>
              <dt>Source</dt>
              <dd>{info.source}</dd>
            </div>
            <div>
              <dt>ID</dt>
              <dd>{info.external_id}</dd>
            </div>
            {info.year && (
              <div>
                <dt>Year</dt>
                <dd>{info.year}</dd>
              </div>
            )}
            {info.venue && (
              <div>
                <dt>Venue</dt>
                <dd>{info.venue}</dd>
              </div>
            )}
            {info.license && (
              <div>
                <dt>Licence</dt>
                <dd>{info.license}</dd>
              </div>
            )}
          </dl>
          {info.url && /^https?:\/\//i.test(info.url) && (
            <p>
              <a href={info.url} target="_blank" rel="noreferrer noopener">
                Open the original
              </a>
            </p>
          )}
          <div className="document-text">
            {document.data.passages.map((passage) => (
              <p key={passage.passage_id}>{passage.text}</p>
            ))}
          </div>
          <h3 className="subsection-title">Extracted triples ({document.data.triples.length})</h3>
          <ConfidenceNote filter={document.data} showAll={showAllTriples} onShowAll={setShowAllTriples} />
          {document.data.triples.length === 0 ? (
            <p className="muted">No relation was extracted from this document.</p>
          ) : (
            <ul className="document-triples">
              {document.data.triples.map((triple) => (
                <li key={triple.tri_id}>
                  <TripleStatement triple={triple} />
                  <TripleFacts triple={triple} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
