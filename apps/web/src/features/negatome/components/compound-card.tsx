import type { ReactNode } from "react";
import { MoleculeDrawing } from "../../../components/ui/molecule-drawing";
import { formatDecimal } from "../../../lib/format";
import { SourceLabel } from "./source-label";

export interface CompoundCardProps {
  /** The element id other parts of the page link to (a warning's evidence). */
  anchorId: string;
  smiles: string;
  svg: string | undefined;
  name: string | null | undefined;
  similarity: number;
  failureClass: string;
  reason: string;
  source: string;
  tier?: string;
  /** Extra badges in the heading (an exact match). */
  badges?: ReactNode;
}

/** One failed compound near the query: its structure, how similar it is, and why it failed. */
export function CompoundCard({
  anchorId,
  smiles,
  svg,
  name,
  similarity,
  failureClass,
  reason,
  source,
  tier,
  badges,
}: CompoundCardProps) {
  return (
    <li className="compound-card" id={anchorId} tabIndex={-1}>
      <MoleculeDrawing svg={svg} smiles={smiles} size="md" placeholder="Drawing…" />
      <div className="compound-card__body">
        <p className="compound-card__name">
          <strong>{name || "Unnamed compound"}</strong> {badges}
        </p>
        <code className="compound-card__smiles">{smiles}</code>
        <dl className="compound-card__facts">
          <div>
            <dt>Similarity</dt>
            <dd>{formatDecimal(similarity)}</dd>
          </div>
          <div>
            <dt>Failure class</dt>
            <dd>{failureClass}</dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>
              <SourceLabel source={source} />
            </dd>
          </div>
          {tier && (
            <div>
              <dt>Confidence</dt>
              <dd>{tier}</dd>
            </div>
          )}
        </dl>
        <p className="compound-card__reason">{reason}</p>
      </div>
    </li>
  );
}
