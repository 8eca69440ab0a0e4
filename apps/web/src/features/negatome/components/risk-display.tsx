import { riskLevel } from "@sieve/contracts";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { formatDecimal } from "../../../lib/format";
import { RISK_TONES } from "../../../components/risk-badge";
import type { SafetyAssessment, SafetyWarning } from "../model/types";
import { EntryClaims } from "./entry-claims";

const KIND_LABELS: Record<SafetyWarning["kind"], string> = {
  exact_match: "Exact match",
  similar_failure: "Similar failure",
  structural_alert: "Structural alert",
  target_history: "Target history",
};
const SEVERITY_TONES: Record<SafetyWarning["severity"], BadgeTone> = {
  high: "danger",
  medium: "warning",
  low: "neutral",
};
const COMPONENT_LABELS: Record<string, string> = {
  exact_match: "Sources on this compound",
  nearest_failure: "Nearest-failure risk",
  neighbourhood: "Neighbourhood failure rate",
  target_history: "Target history",
};

export const evidenceHitAnchor = (negatomeId: string) => `evidence-hit-${negatomeId}`;
export const alertAnchor = (name: string) => `alert-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The score, its §9 colour, what it is made of, and the warnings that say why, each linked to its evidence. */
export function RiskDisplay({ assessment }: { assessment: SafetyAssessment }) {
  // §9 colour from the score with the contracts' thresholds, so the display and the spec cannot disagree.
  const colour = riskLevel(assessment.risk_score);
  const hitNames = new Map(
    assessment.evidence_hits.map((hit) => [hit.negatome_id, hit.compound_name || hit.compound_smiles]),
  );
  const alertNames = new Set(assessment.structural_alerts.map((alert) => alert.name));
  const components = Object.entries(assessment.components);

  return (
    <div className="risk-display stack">
      <div className={`risk-summary risk-summary--${colour}`} data-testid="risk-summary">
        <p className="risk-summary__score">
          <span className="risk-summary__label">Risk score</span>
          <strong>{formatDecimal(assessment.risk_score)}</strong>
          <Badge tone={RISK_TONES[colour]}>{colour}</Badge>
        </p>
        <div className="risk-meter" aria-hidden="true">
          <span
            className="risk-meter__fill"
            style={{ width: `${Math.min(100, Math.max(0, assessment.risk_score * 100))}%` }}
          />
          <span className="risk-meter__mark" style={{ left: "30%" }} />
          <span className="risk-meter__mark" style={{ left: "70%" }} />
        </div>
        <p className="muted">
          Green up to 0.3, amber above 0.3, red above 0.7. Each source weighed by its reliability; one conflicting label
          cannot make an approved drug red.
        </p>
      </div>

      <EntryClaims assessment={assessment} />

      {components.length > 0 && (
        <dl className="facts" aria-label="Risk components">
          {components.map(([name, value]) => (
            <div key={name}>
              <dt>{COMPONENT_LABELS[name] ?? name}</dt>
              <dd>
                {formatDecimal(value)}
                {assessment.component_notes[name] && (
                  <span className="muted component-note"> — {assessment.component_notes[name]}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <h3 className="subsection-title">Warnings</h3>
      {assessment.warnings.length === 0 ? (
        <p className="muted">No warnings: no recorded failure, close analogue or structural alert was found.</p>
      ) : (
        <ul className="warning-items">
          {assessment.warnings.map((warning, index) => (
            <WarningItem
              key={`${warning.kind}-${index}`}
              warning={warning}
              hitNames={hitNames}
              alertNames={alertNames}
            />
          ))}
        </ul>
      )}

      {assessment.structural_alerts.length > 0 && (
        <>
          <h3 className="subsection-title">Structural alerts</h3>
          <ul className="alert-items">
            {assessment.structural_alerts.map((alert) => (
              <li key={`${alert.catalog}-${alert.name}`} id={alertAnchor(alert.name)} tabIndex={-1}>
                <strong>{alert.name}</strong> <span className="muted">({alert.catalog})</span>
                {alertExplanation(alert) && <span> — {alertExplanation(alert)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function WarningItem({
  warning,
  hitNames,
  alertNames,
}: {
  warning: SafetyWarning;
  hitNames: Map<string, string>;
  alertNames: Set<string>;
}) {
  return (
    <li className="warning-item">
      <p className="warning-item__head">
        <Badge tone={SEVERITY_TONES[warning.severity]}>{warning.severity}</Badge>
        <strong>{KIND_LABELS[warning.kind]}</strong>
      </p>
      <p>{warning.message}</p>
      {warning.evidence.length > 0 && (
        <p className="warning-item__evidence">
          Evidence:{" "}
          {warning.evidence.map((item, index) => (
            <span key={item}>
              {index > 0 && ", "}
              <EvidenceLink item={item} hitNames={hitNames} alertNames={alertNames} />
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/** Evidence shown on this page is linked to; anything else (a record beyond the hits listed) is named only. */
function EvidenceLink({
  item,
  hitNames,
  alertNames,
}: {
  item: string;
  hitNames: Map<string, string>;
  alertNames: Set<string>;
}) {
  const hitName = hitNames.get(item);
  if (hitName) return <a href={`#${evidenceHitAnchor(item)}`}>{hitName}</a>;
  if (alertNames.has(item)) return <a href={`#${alertAnchor(item)}`}>{item}</a>;
  return <code>{item}</code>;
}

/**
 * Catalogue descriptions often repeat the alert's name ("stilbene: Brenk unwanted functionality…"); the name is shown
 * already.
 */
function alertExplanation({ name, description }: { name: string; description: string }): string {
  const prefix = `${name}:`;
  return (
    description.startsWith(prefix) ? description.slice(prefix.length) : description === name ? "" : description
  ).trim();
}
