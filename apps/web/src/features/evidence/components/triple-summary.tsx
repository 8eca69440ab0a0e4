import type { Triple } from "@sieve/contracts";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { formatDecimal } from "../../../lib/format";
import { supportLabel } from "../model/support";

const POLARITY_TONES: Record<string, BadgeTone> = { positive: "success", negative: "danger" };

export const relationLabel = (relation: string) => relation.replaceAll("_", " ");

/** "head relation tail", the relation in words. */
export function TripleStatement({ triple }: { triple: Triple }) {
  return (
    <p className="triple__statement">
      <span>{triple.head.name}</span> <strong className="triple__relation">{relationLabel(triple.relation)}</strong>{" "}
      <span>{triple.tail.name}</span>
    </p>
  );
}

const cue = (attributes: Triple["attributes"], name: string) =>
  typeof attributes[name] === "string" ? attributes[name] : null;

/**
 * What a reviewer weighs a triple by: polarity and the negation or hedge cue behind it, calibrated confidence, the
 * word that chose the relation, support.
 */
export function TripleFacts({ triple }: { triple: Triple }) {
  const negation = cue(triple.attributes, "negation_cue");
  const speculation = cue(triple.attributes, "speculation_cue");
  return (
    <p className="triple__facts">
      <Badge tone={POLARITY_TONES[triple.polarity] ?? "neutral"}>{triple.polarity}</Badge>
      {negation && <span>negated by “{negation}”</span>}
      {speculation && <span>hedged by “{speculation}”</span>}
      <span>confidence {formatDecimal(triple.confidence, 3)}</span>
      <span>{triple.trigger ? `trigger “${triple.trigger}”` : "no trigger word"}</span>
      <span>{supportLabel(triple)}</span>
      <span className="muted">{triple.provenance}</span>
    </p>
  );
}
