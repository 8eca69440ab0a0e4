import { useCallback, useLayoutEffect, useRef } from "react";
import { TARGET_DEFAULTS } from "@sieve/contracts";
import { useTargetIdentification } from "../api/targets";
import type { CountRule } from "../model/request";
import { IdentificationStatus } from "./identification-status";
import { IdentifyForm } from "./identify-form";
import { RankingPanel } from "./ranking-panel";
import { TargetReferenceSetup } from "./reference-setup";
import { TargetEvidenceDialog } from "./target-evidence-dialog";
import { useTargetQuery } from "./use-target-query";
import "../../../styles/targets.css";

/** §9 target limit 10; the server takes 1–1000. */
const LIMIT: CountRule = { label: "Limit", min: 1, max: 1000, fallback: TARGET_DEFAULTS.identifyLimit };

/** Targets: rank a disease's genes, re-weight the ranking, and open any gene's evidence. */
export function TargetsPage() {
  const { body, gene, submit, setGene, form, chooseDisease } = useTargetQuery(LIMIT);
  const identification = useTargetIdentification(body);
  const response = identification.data;

  // The table's rows are memoised; a stable callback keeps them so when the address changes.
  const setGeneRef = useRef(setGene);
  useLayoutEffect(() => {
    setGeneRef.current = setGene;
  });
  const openGene = useCallback((symbol: string) => setGeneRef.current(symbol), []);

  return (
    <>
      <TargetReferenceSetup />
      <section className="panel stack" aria-labelledby="identify-title">
        <h2 id="identify-title" className="panel__title">
          Identify targets
        </h2>
        <IdentifyForm
          key={form.key}
          label="Identify targets"
          rule={LIMIT}
          countHint="How many genes to list, 1 to 1000."
          initial={form.initial}
          busy={identification.isFetching}
          submitLabel="Identify targets"
          onSubmit={submit}
        />
        <IdentificationStatus
          isFetching={identification.isFetching}
          waiting={identification.waiting}
          error={identification.error}
          onChooseDisease={chooseDisease}
        />
      </section>
      {response && !identification.isFetching && (
        <RankingPanel
          key={response.computed_at + response.disease.id + response.mode}
          response={response}
          onOpenGene={openGene}
        />
      )}
      {response && (
        <TargetEvidenceDialog
          params={
            gene ? { symbol: gene, disease: response.disease.id, featureSet: response.feature_set_version } : null
          }
          diseaseName={response.disease.name}
          onClose={() => setGene(null)}
        />
      )}
    </>
  );
}
