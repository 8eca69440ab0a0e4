import { LITERATURE_DEFAULTS } from "@sieve/contracts";
import { ReviewControl } from "../../../components/review-control";
import type { TriplePage } from "@sieve/contracts";
import { ConfidenceNote } from "./confidence-note";
import { DocumentLink } from "./document-link";
import { relationLabel, TripleFacts, TripleStatement } from "./triple-summary";

/**
 * §9: the top 10 of the 20 triples fetched, each with the sentence it was read from and its document; the
 * confidence filter they were fetched with is said above them, with the switch to include the others.
 */
export function TriplesList({
  page,
  showAll,
  onShowAll,
}: {
  page: TriplePage;
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
}) {
  const triples = page.items;
  const shown = triples.slice(0, LITERATURE_DEFAULTS.triplesShown);
  return (
    <section className="stack" aria-labelledby="triples-title">
      <h3 id="triples-title" className="subsection-title">
        Triples
      </h3>
      <ConfidenceNote filter={page} kinds={["gene-disease"]} showAll={showAll} onShowAll={onShowAll} />
      {triples.length === 0 ? (
        <p className="muted">
          {page.below_min_confidence > 0
            ? "No triple links this gene to this disease at this confidence threshold."
            : "No triple links this gene to this disease yet. Ingest documents that mention both."}
        </p>
      ) : (
        <>
          <p className="muted">
            The top {shown.length} of {triples.length} triple{triples.length === 1 ? "" : "s"} fetched, by confidence.
          </p>
          <ol className="triple-list" aria-label="Triples">
            {shown.map((triple) => (
              <li key={triple.tri_id} className="triple">
                <TripleStatement triple={triple} />
                <TripleFacts triple={triple} />
                {triple.sentence_text && <blockquote className="triple__sentence">{triple.sentence_text}</blockquote>}
                {triple.doc && (
                  <p className="triple__doc">
                    From{" "}
                    <DocumentLink source={triple.doc.source} externalId={triple.doc.external_id}>
                      {triple.doc.title || `${triple.doc.source}: ${triple.doc.external_id}`}
                    </DocumentLink>
                  </p>
                )}
                <ReviewControl
                  kind="triple"
                  itemId={triple.tri_id}
                  label={`${triple.head.name} ${relationLabel(triple.relation)} ${triple.tail.name}`}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
