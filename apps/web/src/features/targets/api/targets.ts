import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { EngineJob, IdentifyTargetsBody, TargetEvidenceResponse } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { identifyUntilReady, type IdentifyAnswer, type IdentifyWaiting } from "../model/identification";

const BASE = "/v1/targets";

/**
 * Target identification for one disease (§4): a 200 is the ranking; a 202 names an engine job,
 * which is polled every second until it finishes, and then the ranking is asked for again.
 * `waiting` says which job the page waits for and its last status.
 */
export function useTargetIdentification(body: IdentifyTargetsBody | null) {
  const [waiting, setWaiting] = useState<IdentifyWaiting | null>(null);
  const query = useQuery({
    queryKey: ["targets", "identify", body],
    queryFn: ({ signal }) => {
      setWaiting(null);
      return identifyUntilReady({
        identify: () => apiRequest<IdentifyAnswer>(`${BASE}/identify`, { method: "POST", body }),
        getJob: (id) => apiRequest<EngineJob>(`/v1/engine/jobs/${encodeURIComponent(id)}`),
        onWaiting: (next) => {
          if (!signal.aborted) setWaiting(next);
        },
        signal,
      });
    },
    enabled: body !== null,
    // A ranking is a snapshot of the features at `computed_at`; it is asked for again only on a new request.
    staleTime: Infinity,
    retry: false,
  });
  return { ...query, waiting: query.isFetching ? waiting : null };
}

export interface EvidenceParams {
  symbol: string;
  disease: string;
  featureSet: string;
}

export function useTargetEvidence(params: EvidenceParams | null) {
  return useQuery({
    queryKey: ["targets", "evidence", params],
    queryFn: () =>
      apiRequest<TargetEvidenceResponse>(
        `${BASE}/evidence?${new URLSearchParams({ symbol: params!.symbol, disease: params!.disease, feature_set_version: params!.featureSet })}`,
      ),
    enabled: params !== null,
  });
}
