import { riskLevel, type RiskLevel } from "@sieve/contracts";
import { Badge } from "./ui/badge";

/** Badge tones of the shared Badge primitive for the §9 risk colours. */
export const RISK_TONES: Record<RiskLevel, "success" | "warning" | "danger"> = {
  green: "success",
  amber: "warning",
  red: "danger",
};

/** A negatome safety risk score with its §9 colour, short enough for a table cell; screen readers hear it in full. */
export function RiskBadge({ score }: { score: number }) {
  const level = riskLevel(score);
  return (
    <Badge tone={RISK_TONES[level]}>
      <span className="visually-hidden">negatome </span>risk {score.toFixed(2)}
      <span className="visually-hidden"> ({level})</span>
    </Badge>
  );
}
