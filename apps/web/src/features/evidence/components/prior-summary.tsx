import { formatDecimal } from "../../../lib/format";
import type { TargetPrior } from "@sieve/contracts";

const COMPONENTS: { key: keyof TargetPrior["components"]; label: string; meaning: string }[] = [
  { key: "evidence_sum", label: "Evidence sum", meaning: "harmonic sum of supporting evidence scores" },
  {
    key: "moa_coverage",
    label: "MoA coverage",
    meaning:
      "share of support stating a mechanism (causes, inhibits, activates, binds, treats, therapeutic_target_for)",
  },
  {
    key: "clinical_signal",
    label: "Clinical signal",
    meaning: "support from treats, therapeutic_target_for and biomarker_of relations",
  },
  {
    key: "refutation_penalty",
    label: "Refutation penalty",
    meaning: "share of refuting evidence; scales the prior down",
  },
];

/** The literature prior for a gene–disease pair and the four components it is made of. */
export function PriorSummary({ prior }: { prior: TargetPrior }) {
  return (
    <section className="stack" aria-labelledby="prior-title">
      <h3 id="prior-title" className="subsection-title">
        Evidence prior: {prior.gene.symbol} in {prior.disease.name} <span className="muted">({prior.disease.id})</span>
      </h3>
      <p className="prior-value">
        <strong data-testid="prior-value">{formatDecimal(prior.prior, 3)}</strong>
        <span className="muted">
          from {prior.n_evidence} triple{prior.n_evidence === 1 ? "" : "s"} linking {prior.gene.symbol} (
          {prior.gene.hgnc_id}) to {prior.disease.name} or its sub-types
        </span>
      </p>
      <dl className="prior-components">
        {COMPONENTS.map(({ key, label, meaning }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              <strong>{formatDecimal(prior.components[key], 3)}</strong>
              <span className="muted">{meaning}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
