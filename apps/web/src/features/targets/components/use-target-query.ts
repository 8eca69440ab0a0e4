import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { IdentifyTargetsBody } from "@sieve/contracts";
import { QUERY_PARAMS, readQuery, writeQuery, type CountRule, type TargetQuery } from "../model/request";

/**
 * The submitted identification lives in the page's address (`?disease=…&n=…&feature_set=…&mode=…`), so a
 * ranking survives a reload and can be shared; `gene` names the gene whose evidence is open.
 */
export function useTargetQuery(rule: CountRule) {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params, rule);
  const gene = params.get(QUERY_PARAMS.gene);
  const key = query ? `${query.disease}|${query.count}|${query.featureSet ?? ""}|${query.mode}` : null;
  const body = useMemo<IdentifyTargetsBody | null>(() => {
    if (!query) return null;
    return {
      disease: query.disease,
      limit: query.count,
      mode: query.mode,
      all_genes: true,
      ...(query.featureSet ? { feature_set_version: query.featureSet } : {}),
    };
    // `key` holds everything the body is made of, so the body (and its query) change only with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `query`, as said above
  }, [key]);

  const submit = (next: TargetQuery) => setParams((current) => writeQuery(current, next));
  const setGene = (symbol: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (symbol) next.set(QUERY_PARAMS.gene, symbol);
      else next.delete(QUERY_PARAMS.gene);
      return next;
    });
  // Taking a candidate of an ambiguous name submits its id and restarts the form with it: the form is
  // given the new query directly, because the address changes a render later than this state.
  const [seed, setSeed] = useState<{ key: number; query: TargetQuery | null }>({ key: 0, query: null });
  const chooseDisease = (id: string) => {
    const next: TargetQuery = {
      disease: id,
      count: query?.count ?? rule.fallback,
      featureSet: query?.featureSet ?? null,
      mode: query?.mode ?? "all",
    };
    submit(next);
    setSeed((current) => ({ key: current.key + 1, query: next }));
  };
  return { query, body, gene, submit, setGene, form: { key: seed.key, initial: seed.query ?? query }, chooseDisease };
}
