import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useTargetPrior, useTargetTriples, type TargetParams } from "../api/literature";
import { NameCandidates } from "../../../components/name-candidates";
import { nameProblem, type NameProblem } from "../../../lib/name-candidates";
import { CompositePanel } from "./composite-panel";
import { PriorSummary } from "./prior-summary";
import { TriplesList } from "./triples-list";

/** Target Evidence: what the literature says about one gene in one disease, and the composite score built on it. */
export function TargetEvidence() {
  const [draft, setDraft] = useState<TargetParams>({ symbol: "", disease: "" });
  const [errors, setErrors] = useState<Partial<TargetParams>>({});
  const [target, setTarget] = useState<TargetParams | null>(null);
  const prior = useTargetPrior(target);
  const [showAllTriples, setShowAllTriples] = useState(false);
  const triples = useTargetTriples(target, showAllTriples);
  // Both calls resolve the same names, so a naming problem shows once.
  const problem = nameProblem(prior.error) ?? nameProblem(triples.error);
  const otherError = problem ? null : (prior.error ?? triples.error);

  const submit = (next: TargetParams) => {
    const found = {
      symbol: next.symbol.trim() ? undefined : "Enter a gene symbol.",
      disease: next.disease.trim() ? undefined : "Enter a disease.",
    };
    setErrors(found);
    if (!found.symbol && !found.disease) setTarget({ symbol: next.symbol.trim(), disease: next.disease.trim() });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(draft);
  };

  const choose = (field: NameProblem["field"], id: string) => {
    const next = { ...draft, [field]: id };
    setDraft(next);
    submit(next);
  };

  return (
    <section className="panel stack" aria-labelledby="target-evidence-title">
      <h2 id="target-evidence-title" className="panel__title">
        Target evidence
      </h2>
      <form className="search-form search-form--pair" onSubmit={onSubmit} aria-label="Target evidence" noValidate>
        <Field label="Gene symbol" error={errors.symbol} hint="HGNC symbol, alias or HGNC id, e.g. EGFR.">
          {(control) => (
            <input
              {...control}
              value={draft.symbol}
              onChange={(event) => setDraft({ ...draft, symbol: event.target.value })}
              maxLength={50}
              autoCapitalize="characters"
            />
          )}
        </Field>
        <Field label="Disease" error={errors.disease} hint="Name, synonym or DOID, e.g. lung cancer or DOID:1324.">
          {(control) => (
            <input
              {...control}
              value={draft.disease}
              onChange={(event) => setDraft({ ...draft, disease: event.target.value })}
              maxLength={300}
            />
          )}
        </Field>
        <div className="search-form__action">
          <Button type="submit" disabled={prior.isFetching || triples.isFetching}>
            {prior.isFetching || triples.isFetching ? "Loading…" : "Show evidence"}
          </Button>
        </div>
      </form>

      {problem && <NameCandidates problem={problem} onChoose={choose} />}
      {otherError && <Notice tone="error">{otherError.message}</Notice>}
      {prior.data && <PriorSummary prior={prior.data} />}
      {triples.data && <TriplesList page={triples.data} showAll={showAllTriples} onShowAll={setShowAllTriples} />}
      {target && prior.data && <CompositePanel key={`${target.symbol}|${target.disease}`} target={target} />}
    </section>
  );
}
