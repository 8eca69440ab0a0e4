import { useState, type FormEvent } from "react";
import { LITERATURE_DEFAULTS } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { usePassageSearch, type SearchParams } from "../api/literature";
import { ConfidenceNote } from "./confidence-note";
import { PassageList } from "./passage-list";

const TOPK_RANGE = { min: 1, max: 1000 };

/** Freeform: BM25 search over the passages of public literature and your organization's documents. */
export function FreeformSearch() {
  const [query, setQuery] = useState("");
  const [topk, setTopk] = useState(String(LITERATURE_DEFAULTS.searchTopk));
  const [errors, setErrors] = useState<{ query?: string; topk?: string }>({});
  const [submitted, setSubmitted] = useState<SearchParams | null>(null);
  const [showAll, setShowAll] = useState(false);
  const search = usePassageSearch(submitted, showAll);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const k = Number(topk);
    const found = {
      query: query.trim() ? undefined : "Enter words to search for.",
      // §5: the server refuses top-K outside 1–1000 with a 422; say so before sending.
      topk:
        Number.isInteger(k) && k >= TOPK_RANGE.min && k <= TOPK_RANGE.max
          ? undefined
          : `Top-K must be a whole number from ${TOPK_RANGE.min} to ${TOPK_RANGE.max}.`,
    };
    setErrors(found);
    if (!found.query && !found.topk) setSubmitted({ query: query.trim(), topk: k });
  };

  return (
    <section className="panel stack" aria-labelledby="freeform-title">
      <h2 id="freeform-title" className="panel__title">
        Freeform search
      </h2>
      <form className="search-form" onSubmit={onSubmit} aria-label="Search the literature" noValidate>
        <Field label="Search" error={errors.query} hint="Words, gene symbols, drug or disease names.">
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              maxLength={2000}
            />
          )}
        </Field>
        <Field label="Top-K" error={errors.topk} hint={`${TOPK_RANGE.min}–${TOPK_RANGE.max}`}>
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
        <div className="search-form__action">
          <Button type="submit" disabled={search.isFetching}>
            {search.isFetching ? "Searching…" : "Search"}
          </Button>
        </div>
      </form>
      {search.isError && <Notice tone="error">{search.error.message}</Notice>}
      {search.data && submitted && (
        <>
          <p className="muted" role="status">
            {search.data.items.length === 0
              ? `No passage matches “${submitted.query}”.`
              : `${search.data.items.length} document${search.data.items.length === 1 ? "" : "s"} for “${submitted.query}”, best first, each with its best passage.`}
          </p>
          {search.data.query_entities.length > 0 && (
            <p className="muted" data-testid="query-entities">
              Also matched by their synonyms and abbreviations:{" "}
              {search.data.query_entities
                .map((entity) => `${entity.name} (${entity.type}, ${entity.ids.join(", ")})`)
                .join("; ")}
              .
            </p>
          )}
          <ConfidenceNote filter={search.data} showAll={showAll} onShowAll={setShowAll} />
          <PassageList passages={search.data.items} label="Search results" />
        </>
      )}
    </section>
  );
}
