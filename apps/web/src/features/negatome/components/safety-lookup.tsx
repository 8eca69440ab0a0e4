import { useState, type FormEvent } from "react";
import { NEGATOME_DEFAULTS } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useSafetyCheck, useSimilaritySearch } from "../api/negatome";
import { SafetyResult, SimilarityResults } from "./lookup-results";

const TOPK_RANGE = { min: 1, max: 1000 };

interface Errors {
  smiles?: string;
  topk?: string;
}

/** One compound, two questions: how risky is it (safety), and which recorded failures resemble it (similarity). */
export function SafetyLookup() {
  const [smiles, setSmiles] = useState("");
  const [uniprotId, setUniprotId] = useState("");
  const [topk, setTopk] = useState(String(NEGATOME_DEFAULTS.searchTopk));
  const [errors, setErrors] = useState<Errors>({});
  const safety = useSafetyCheck();
  const similarity = useSimilaritySearch();

  const validate = (checkTopk: boolean): Errors => {
    const found: Errors = {};
    // §5: the server answers 422 without a SMILES; saying so here saves the round trip.
    if (!smiles.trim()) found.smiles = "Enter a SMILES.";
    const k = Number(topk);
    if (checkTopk && !(Number.isInteger(k) && k >= TOPK_RANGE.min && k <= TOPK_RANGE.max))
      found.topk = `Top-K must be a whole number from ${TOPK_RANGE.min} to ${TOPK_RANGE.max}.`;
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action =
      (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "similar" ? "similar" : "safety";
    const found = validate(action === "similar");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (action === "similar") similarity.mutate({ smiles: smiles.trim(), topk: Number(topk) });
    else safety.mutate({ smiles: smiles.trim(), uniprotId: uniprotId.trim() });
  };

  return (
    <section className="panel stack" aria-labelledby="lookup-title">
      <h2 id="lookup-title" className="panel__title">
        Safety and similarity lookup
      </h2>
      <form className="stack" onSubmit={onSubmit} aria-label="Safety and similarity lookup" noValidate>
        <Field label="SMILES" error={errors.smiles} hint="The compound to check, e.g. an analogue you plan to make.">
          {(control) => (
            <input
              {...control}
              className="mono-input"
              value={smiles}
              onChange={(event) => setSmiles(event.target.value)}
              spellCheck={false}
              maxLength={5000}
            />
          )}
        </Field>
        <div className="form-grid">
          <Field
            label="Target UniProt ID"
            optional
            hint="Adds the target's failure history to the safety score, e.g. P35354."
          >
            {(control) => (
              <input
                {...control}
                value={uniprotId}
                onChange={(event) => setUniprotId(event.target.value)}
                maxLength={20}
              />
            )}
          </Field>
          <Field
            label="Similar records to list (top-K)"
            error={errors.topk}
            hint={`${TOPK_RANGE.min} to ${TOPK_RANGE.max}, default ${NEGATOME_DEFAULTS.searchTopk}.`}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                min={TOPK_RANGE.min}
                max={TOPK_RANGE.max}
                step={1}
                value={topk}
                onChange={(event) => setTopk(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="button-row">
          <Button type="submit" value="safety" disabled={safety.isPending}>
            {safety.isPending ? "Checking…" : "Check safety"}
          </Button>
          <Button type="submit" value="similar" variant="secondary" disabled={similarity.isPending}>
            {similarity.isPending ? "Searching…" : "Find similar"}
          </Button>
        </div>
      </form>
      {safety.isError && <Notice tone="error">{safety.error.message}</Notice>}
      {safety.data && <SafetyResult assessment={safety.data} />}
      {similarity.isError && <Notice tone="error">{similarity.error.message}</Notice>}
      {similarity.data && <SimilarityResults hits={similarity.data} smiles={similarity.variables.smiles} />}
    </section>
  );
}
