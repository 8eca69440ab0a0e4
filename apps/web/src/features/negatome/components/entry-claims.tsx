import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { formatDecimal } from "../../../lib/format";
import type { SafetyAssessment, SourceClaim } from "../model/types";
import { SourceLabel } from "./source-label";

const LABELS: Record<SourceClaim["label"], { text: string; tone: BadgeTone }> = {
  approved: { text: "approved", tone: "success" },
  withdrawn: { text: "withdrawn", tone: "danger" },
  failed_trials: { text: "failed trials", tone: "danger" },
  failed: { text: "failed", tone: "warning" },
  boxed_warning: { text: "boxed warning", tone: "warning" },
};

/**
 * What every source says about the compound itself, approvals beside failure claims, with a conflict
 * marker when they disagree and the reconciled verdict's reasoning.
 */
export function EntryClaims({ assessment }: { assessment: SafetyAssessment }) {
  const { entry, verdict } = assessment;
  if (entry.claims.length === 0) return null;
  const approvals = entry.claims.filter((claim) => claim.label === "approved");
  const flags = entry.claims.filter((claim) => claim.label !== "approved");
  return (
    <section className="entry-claims stack" aria-labelledby="entry-claims-title" data-testid="entry-claims">
      <h3 id="entry-claims-title" className="subsection-title">
        What the sources say about {entry.name ?? "this compound"}{" "}
        <span className="muted">(entry {entry.entry_key}: parent structure, stereo collapsed)</span>
      </h3>
      {verdict.conflict && (
        <p className="entry-claims__conflict" role="note" data-testid="conflict-marker">
          <Badge tone="warning">conflict</Badge> {verdict.conflict_note}
        </p>
      )}
      <div className="entry-claims__columns">
        <ClaimColumn title="Approval" claims={approvals} empty="No source lists it as approved." />
        <ClaimColumn title="Withdrawal, failure and warnings" claims={flags} empty="No source flags it." />
      </div>
      <p className="entry-claims__verdict">
        <strong>Verdict {formatDecimal(verdict.risk_score)}</strong> — {verdict.explanation}{" "}
        <span className="muted">
          (from the sources: {verdict.claims_risk === null ? "none" : formatDecimal(verdict.claims_risk)}; from similar
          compounds: {formatDecimal(verdict.structure_risk)})
        </span>
      </p>
    </section>
  );
}

function ClaimColumn({ title, claims, empty }: { title: string; claims: SourceClaim[]; empty: string }) {
  return (
    <div className="entry-claims__column">
      <h4>{title}</h4>
      {claims.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="entry-claims__list">
          {claims.map((claim, index) => (
            <li key={`${claim.source}-${claim.label}-${index}`} data-testid={`claim-${claim.source}-${claim.label}`}>
              <p>
                <Badge tone={LABELS[claim.label].tone}>{LABELS[claim.label].text}</Badge>{" "}
                <SourceLabel source={claim.source} />
                {claim.compound_name && <span className="muted"> as {claim.compound_name}</span>}
              </p>
              <p>{claim.statement}</p>
              {claim.reference && <p className="muted">Reference: {claim.reference}</p>}
              {claim.label !== "approved" && (
                <p className="muted">
                  {claim.confidence_tier} tier, weighed {formatDecimal(claim.reliability)}
                  {claim.country && ` · ${claim.country}`}
                  {claim.year && ` · ${claim.year}`}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
