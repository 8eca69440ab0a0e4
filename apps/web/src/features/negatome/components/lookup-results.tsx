import { Badge } from "../../../components/ui/badge";
import { useMoleculeDrawings } from "../../../lib/molecule-drawings";
import { compoundName } from "../model/record";
import type { SafetyAssessment, SimilarityHit } from "../model/types";
import { CompoundCard } from "./compound-card";
import { evidenceHitAnchor, RiskDisplay } from "./risk-display";

/** The safety answer: the risk display, then the failed compounds it rests on, drawn. */
export function SafetyResult({ assessment }: { assessment: SafetyAssessment }) {
  const drawings = useMoleculeDrawings(assessment.evidence_hits.map((hit) => hit.compound_smiles));
  return (
    <section className="stack lookup-result" aria-labelledby="safety-result-title">
      <h3 id="safety-result-title" className="subsection-title">
        Safety of <code>{assessment.smiles}</code>
      </h3>
      <RiskDisplay assessment={assessment} />
      <h3 className="subsection-title">Evidence hits</h3>
      {assessment.evidence_hits.length === 0 ? (
        <p className="muted">No failed compound in the negatome is similar enough to count as evidence.</p>
      ) : (
        <ul className="compound-cards" aria-label="Evidence hits">
          {assessment.evidence_hits.map((hit) => (
            <CompoundCard
              key={hit.negatome_id}
              anchorId={evidenceHitAnchor(hit.negatome_id)}
              smiles={hit.compound_smiles}
              svg={drawings.data?.get(hit.compound_smiles)}
              name={hit.compound_name}
              similarity={hit.similarity}
              failureClass={hit.failure_class}
              reason={hit.reason}
              source={hit.sources.join(" + ")}
              tier={hit.confidence_tier}
              badges={hit.exact_match && <Badge tone="neutral">this compound</Badge>}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Nearest records by Tanimoto similarity of Morgan fingerprints (radius 2, 2,048 bits). */
export function SimilarityResults({ hits, smiles }: { hits: SimilarityHit[]; smiles: string }) {
  const drawings = useMoleculeDrawings(hits.map((hit) => hit.record.compound_smiles));
  return (
    <section className="stack lookup-result" aria-labelledby="similarity-title">
      <h3 id="similarity-title" className="subsection-title">
        Records similar to <code>{smiles}</code>
      </h3>
      {hits.length === 0 ? (
        <p className="muted">The negatome holds no records yet. Load the demo set or a reference dataset first.</p>
      ) : (
        <ul className="compound-cards" aria-label="Similar records">
          {hits.map((hit) => (
            <CompoundCard
              key={hit.negatome_id}
              anchorId={`similar-${hit.negatome_id}`}
              smiles={hit.record.compound_smiles}
              svg={drawings.data?.get(hit.record.compound_smiles)}
              name={compoundName(hit.record.evidence)}
              similarity={hit.similarity}
              failureClass={hit.record.failure_class}
              reason={hit.record.reason}
              source={hit.sources.join(" + ")}
              tier={hit.record.confidence_tier}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
