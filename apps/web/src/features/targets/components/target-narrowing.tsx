import { TARGET_DEFAULTS } from "@sieve/contracts";
import { useTargetIdentification } from "../api/targets";
import type { CountRule } from "../model/request";
import { IdentificationStatus } from "./identification-status";
import { IdentifyForm } from "./identify-form";
import { RankingPanel } from "./ranking-panel";
import { TargetReferenceSetup } from "./reference-setup";
import { useTargetQuery } from "./use-target-query";
import "../../../styles/targets.css";

/** §5: top-K 1 to 100, default 5 (§9). */
const TOP_K: CountRule = { label: "Top-K", min: 1, max: 100, fallback: TARGET_DEFAULTS.narrowingTopK };

/** Target Narrowing: the top-K targets of a disease, re-weighted live, exported as CSV. */
export function TargetNarrowing() {
  const { query, body, submit, form, chooseDisease } = useTargetQuery(TOP_K);
  const identification = useTargetIdentification(body);
  const response = identification.data;

  return (
    <>
      <TargetReferenceSetup />
      <section className="panel stack" aria-labelledby="narrowing-title">
        <h2 id="narrowing-title" className="panel__title">
          Narrow the targets
        </h2>
        <IdentifyForm
          key={form.key}
          label="Narrow targets"
          rule={TOP_K}
          countHint="1 to 100."
          initial={form.initial}
          busy={identification.isFetching}
          submitLabel="Rank top-K"
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
          exportTopK={query?.count ?? TOP_K.fallback}
        />
      )}
    </>
  );
}
