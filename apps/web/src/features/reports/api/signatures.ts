import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Signature, SignatureList, SignatureMeaning } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { REPORTS_QUERY_KEY } from "./reports";

const signaturesKey = (runId: string) => [...REPORTS_QUERY_KEY, "signatures", runId] as const;

/** A run dossier's signatures, each with whether it still holds for the current content. */
export function useSignatures(runId: string) {
  return useQuery({
    queryKey: signaturesKey(runId),
    queryFn: () => apiRequest<SignatureList>(`/v1/runs/${encodeURIComponent(runId)}/signatures`),
  });
}

/** Signs the dossier: the password is re-entered for every signature (21 CFR Part 11 §11.200(a)(1)). */
export function useSign(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { meaning: SignatureMeaning; password: string }) =>
      apiRequest<Signature>(`/v1/runs/${encodeURIComponent(runId)}/signatures`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
  });
}
