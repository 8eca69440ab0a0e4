import { useState, type FormEvent } from "react";
import { COMPOSITE_DEFAULT_WEIGHTS } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { WeightSliders } from "../../../components/ui/weight-sliders";
import { formatDecimal } from "../../../lib/format";
import { useComposite, type TargetParams } from "../api/literature";
import type { CompositeResult, CompositeWeights } from "@sieve/contracts";

type Signal = "omics" | "druggability" | "safety" | "negatome_risk";

const SIGNALS: { key: Signal; label: string }[] = [
  { key: "omics", label: "Omics" },
  { key: "druggability", label: "Druggability" },
  { key: "safety", label: "Safety" },
  { key: "negatome_risk", label: "Negatome risk" },
];

/** Each weight with the component it scales (the server reports components under these keys). */
const WEIGHTS: { key: keyof CompositeWeights; component: keyof CompositeResult["components"]; label: string }[] = [
  { key: "w_lit", component: "lit", label: "Literature" },
  { key: "w_omics", component: "omics", label: "Omics" },
  { key: "w_drugg", component: "drugg", label: "Druggability" },
  { key: "w_safe", component: "safe", label: "Safety" },
  { key: "w_neg", component: "neg", label: "Negatome" },
];

const EMPTY_SIGNALS: Record<Signal, string> = { omics: "", druggability: "", safety: "", negatome_risk: "" };

/** The composite 0–100 score of a target: the literature prior plus four signals on a 0–100 scale, weighted. */
export function CompositePanel({ target }: { target: TargetParams }) {
  const [signals, setSignals] = useState(EMPTY_SIGNALS);
  const [weights, setWeights] = useState<CompositeWeights>({ ...COMPOSITE_DEFAULT_WEIGHTS });
  const [errors, setErrors] = useState<Partial<Record<Signal, string>>>({});
  const composite = useComposite();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Signal, string>> = {};
    const values: Partial<Record<Signal, number | null>> = {};
    for (const { key } of SIGNALS) {
      const text = signals[key].trim();
      const value = Number(text);
      if (text && !(Number.isFinite(value) && value >= 0 && value <= 100))
        found[key] = "A number from 0 to 100, or empty.";
      values[key] = text ? value : null;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) composite.mutate({ ...target, ...values, weights });
  };

  return (
    <section className="stack" aria-labelledby="composite-title">
      <h3 id="composite-title" className="subsection-title">
        Composite score
      </h3>
      <form className="stack" onSubmit={onSubmit} aria-label="Composite score" noValidate>
        <fieldset className="fieldset">
          <legend>Signals (0–100; leave empty to leave one out)</legend>
          <p className="form-note">Negatome risk counts against the target: the composite uses 100 minus the risk.</p>
          <div className="form-grid form-grid--compact">
            {SIGNALS.map(({ key, label }) => (
              <Field key={key} label={label} error={errors[key]}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={0}
                    max={100}
                    step="any"
                    value={signals[key]}
                    onChange={(event) => setSignals({ ...signals, [key]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <WeightSliders
          legend="Weights (0–1)"
          items={WEIGHTS}
          weights={weights}
          onChange={(key, value) => setWeights({ ...weights, [key]: value })}
          onReset={() => setWeights({ ...COMPOSITE_DEFAULT_WEIGHTS })}
        />
        <div className="button-row">
          <Button type="submit" disabled={composite.isPending}>
            {composite.isPending ? "Computing…" : "Compute composite"}
          </Button>
        </div>
      </form>
      {composite.isError && <Notice tone="error">{composite.error.message}</Notice>}
      {composite.data && <CompositeOutcome result={composite.data} />}
    </section>
  );
}

function CompositeOutcome({ result }: { result: CompositeResult }) {
  return (
    <div className="composite-outcome stack" role="status">
      <p className="prior-value">
        <strong data-testid="composite-value">
          {result.composite === null ? "—" : formatDecimal(result.composite, 1)}
        </strong>
        <span className="muted">
          {result.composite === null ? "No signal to combine: give at least one, or a non-zero weight." : "out of 100"}
        </span>
      </p>
      <dl className="facts">
        {WEIGHTS.map(({ key, component, label }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {result.components[component] === null ? "not given" : formatDecimal(result.components[component], 1)} ×{" "}
              {formatDecimal(result.weights[key])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted">Weights are renormalised over the signals given, so they add up to 1.</p>
    </div>
  );
}
