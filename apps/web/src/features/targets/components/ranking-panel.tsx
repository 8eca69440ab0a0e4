import { memo, useCallback, useMemo, useState } from "react";
import {
  resultsFromColumns,
  TARGET_COMPONENTS,
  type IdentifyTargetsResponse,
  type TargetWeights,
} from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { WeightSliders } from "../../../components/ui/weight-sliders";
import { downloadText } from "../../../lib/csv";
import { formatDateTime, formatDecimal } from "../../../lib/format";
import { rankingCsv, rankingFileName } from "../model/ranking-csv";
import { COMPONENT_LABELS, DEFAULT_WEIGHTS, rankTargets, WEIGHT_ITEMS, weightShares } from "../model/ranking";
import { RankingTable } from "./ranking-table";

interface RankingPanelProps {
  response: IdentifyTargetsResponse;
  /** Target Narrowing offers a CSV of the ranking named after the top-K asked for. */
  exportTopK?: number;
  onOpenGene?: (symbol: string) => void;
}

/**
 * The server's ranking, re-ranked in the browser as the weights move: the same `priorityScore` the
 * server uses, so no request is made and the default weights give the server's order. With every
 * ranked gene's columns in the answer, the whole ranking is re-weighted and the table shows its first
 * `limit` genes, so a gene below them can rise into the table.
 */
export function RankingPanel({ response, exportTopK, onOpenGene }: RankingPanelProps) {
  const [weights, setWeights] = useState<TargetWeights>(DEFAULT_WEIGHTS);
  const everyGene = useMemo(
    () => (response.columns ? resultsFromColumns(response.columns, DEFAULT_WEIGHTS) : response.results),
    [response],
  );
  const shown = response.results.length;
  const ranked = useMemo(() => rankTargets(everyGene, weights, shown), [everyGene, weights, shown]);
  const changeWeight = useCallback(
    (key: keyof TargetWeights, value: number) => setWeights((current) => ({ ...current, [key]: value })),
    [],
  );
  const resetWeights = useCallback(() => setWeights(DEFAULT_WEIGHTS), []);
  const shares = weightShares(weights);
  const allZero = WEIGHT_ITEMS.every(({ key }) => weights[key] <= 0);

  const exportCsv = () =>
    downloadText(
      rankingFileName(response.disease.id, exportTopK ?? response.results.length),
      rankingCsv(response, ranked, weights),
    );

  return (
    <section className="panel stack" aria-labelledby="ranking-title">
      <h2 id="ranking-title" className="panel__title">
        Ranking for {response.disease.name} <span className="muted ranking-title__id">({response.disease.id})</span>
      </h2>
      <RankingSummary response={response} />
      <WeightSliders
        legend="Re-weight (0–1; the ranking follows at once, without a request)"
        items={WEIGHT_ITEMS}
        weights={weights}
        onChange={changeWeight}
        onReset={resetWeights}
      />
      <p className="weight-shares" data-testid="weight-shares">
        <span className="weight-shares__label">Normalised weights:</span>{" "}
        {allZero
          ? "every weight is 0, so every priority is 0."
          : WEIGHT_ITEMS.map(({ key, label }) => (
              <span key={key} className="weight-shares__item">
                {label} {shares[key]}%
              </span>
            ))}
      </p>
      {exportTopK !== undefined && (
        <div className="button-row">
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={ranked.length === 0}>
            Export CSV
          </Button>
        </div>
      )}
      {ranked.length === 0 ? (
        <p className="table-empty">
          No gene has any feature for this disease in this feature set. Load reference data or upload features on the
          Admin page.
        </p>
      ) : (
        <RankingTable
          caption={`Targets for ${response.disease.name}, ranked`}
          ranked={ranked}
          onOpenGene={onOpenGene}
        />
      )}
    </section>
  );
}

/** What was ranked, with which feature set and when; memoised, as it does not change with the weights. */
const RankingSummary = memo(function RankingSummary({ response }: { response: IdentifyTargetsResponse }) {
  return (
    <>
      <p className="muted">
        {response.results.length.toLocaleString("en")} of {response.genes_ranked.toLocaleString("en")} ranked genes,
        feature set <code>{response.feature_set_version}</code>, computed {formatDateTime(response.computed_at)}.
        {response.columns
          ? ` Re-weighting re-ranks all ${response.genes_ranked.toLocaleString("en")} genes, so any of them can rise into the table.`
          : ""}
      </p>
      <p className="ranking-mode" data-testid="ranking-mode">
        {response.mode === "all" ? (
          <>
            <strong>Mode: all targets.</strong> Approved drugs for this disease (or a disease below it in the Disease
            Ontology, from DrugCentral) count as druggability evidence, so established targets rank high; they are
            labelled with their drugs.
          </>
        ) : (
          <>
            <strong>Mode: novel targets.</strong> Approved drugs for this disease are left out of the evidence, for
            discovery beyond the established targets; those targets keep their label and have novelty 0.
          </>
        )}{" "}
        Each priority is the weighted mean of the components that have data for that gene (weights renormalised per
        gene) × √coverage, the share of the weights backed by data.
      </p>
      <SourcesNote sources={response.sources} literatureFilter={response.literature_filter} />
      <WithheldPrecedenceNote withheld={response.precedence_withheld} />
    </>
  );
});

/** Which sources had any data for this disease, per component; a component without one is "no data" for every gene. */
const SourcesNote = memo(function SourcesNote({
  sources,
  literatureFilter,
}: {
  sources: IdentifyTargetsResponse["sources"];
  literatureFilter: IdentifyTargetsResponse["literature_filter"];
}) {
  const held = literatureFilter.below_min_confidence;
  return (
    <div className="sources-note">
      <h3 className="subsection-title">Which sources had data</h3>
      <p className="muted">
        Literature reads curated triples and extracted gene–disease triples with calibrated confidence ≥{" "}
        {formatDecimal(literatureFilter.confidence_thresholds["gene-disease"], 2)} (the default threshold);{" "}
        {held.toLocaleString("en")} extracted triple{held === 1 ? "" : "s"} below it {held === 1 ? "was" : "were"} left
        out.
      </p>
      <dl className="sources-note__list">
        {TARGET_COMPONENTS.map((component) => {
          const names = sources[component] ?? [];
          return (
            <div key={component}>
              <dt>{COMPONENT_LABELS[component]}</dt>
              <dd className={names.length === 0 ? "muted" : undefined}>
                {names.length === 0 ? "no data for this disease" : names.join(", ")}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
});

/** Approved-drug precedence the corroboration rule withheld for this disease, each pair with its drugs and reason. */
const WithheldPrecedenceNote = memo(function WithheldPrecedenceNote({
  withheld,
}: {
  withheld: IdentifyTargetsResponse["precedence_withheld"];
}) {
  if (withheld.length === 0) return null;
  return (
    <div className="sources-note">
      <h3 className="subsection-title">Approved-drug precedence withheld ({withheld.length})</h3>
      <p className="muted">
        DrugCentral lists these drugs for the disease, but each pair bears the marks of an indication borrowed from a
        combination product in which the drug is an adjunct, so it neither counts as druggability evidence nor labels
        the target established.
      </p>
      <ul>
        {withheld.map((w) => (
          <li key={`${w.target.hgnc_id} ${w.disease.id}`}>
            <strong>{w.target.gene_symbol}</strong> for {w.disease.name}: {w.reason}
          </li>
        ))}
      </ul>
    </div>
  );
});
