import { LITERATURE_DEFAULTS } from "@sieve/contracts";
import { ReviewControl } from "../../../components/review-control";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { formatDecimal } from "../../../lib/format";
import type { TriplePage } from "@sieve/contracts";
import { ConfidenceNote } from "./confidence-note";
import { DocumentLink } from "./document-link";

const POLARITY_TONES: Record<string, BadgeTone> = { positive: "success", negative: "danger" };

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
            : "No triple links this gene to this disease yet. Ingest documents that mention both, in one sentence."}
        </p>
      ) : (
        <>
          <p className="muted">
            The top {shown.length} of {triples.length} triple{triples.length === 1 ? "" : "s"} fetched, by confidence.
          </p>
          <ol className="triple-list" aria-label="Triples">
            {shown.map((triple) => (
              <li key={triple.tri_id} className="triple">
                <p className="triple__statement">
                  <span>{triple.head.name}</span>{" "}
                  <strong className="triple__relation">{triple.relation.replaceAll("_", " ")}</strong>{" "}
                  <span>{triple.tail.name}</span>
                </p>
                <p className="triple__facts">
                  <Badge tone={POLARITY_TONES[triple.polarity] ?? "neutral"}>{triple.polarity}</Badge>
                  <span>confidence {formatDecimal(triple.confidence, 3)}</span>
                  <span>
                    {triple.supporting_sentences} supporting sentence{triple.supporting_sentences === 1 ? "" : "s"}
                  </span>
                  <span className="muted">{triple.provenance}</span>
                </p>
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
                  label={`${triple.head.name} ${triple.relation.replaceAll("_", " ")} ${triple.tail.name}`}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
