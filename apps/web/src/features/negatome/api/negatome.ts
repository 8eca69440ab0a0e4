import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NEGATOME_DEFAULTS, type Agreement, type NegativeAnnotation, type NegatomeRecord } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import type {
  ContributorDashboard,
  NegatomeStats,
  RecordFilters,
  SafetyAssessment,
  SimilarityHit,
} from "../model/types";

const BASE = "/v1/negatome";

/** Everything the negatome shows hangs under one key, so a load or a contribution refreshes it all. */
export const NEGATOME_KEY = ["negatome"] as const;
const keys = {
  stats: [...NEGATOME_KEY, "stats"] as const,
  records: (filters: RecordFilters) => [...NEGATOME_KEY, "records", filters] as const,
  agreement: [...NEGATOME_KEY, "agreement"] as const,
  contributor: (userId: number) => [...NEGATOME_KEY, "contributor", userId] as const,
};

function useRefreshNegatome() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NEGATOME_KEY });
}

export function useNegatomeStats() {
  return useQuery({ queryKey: keys.stats, queryFn: () => apiRequest<NegatomeStats>(`${BASE}/stats`) });
}

/** With no filter, the most recent records (§9: 10); with one, the query endpoint (§9: 20). */
export function useNegatomeRecords(filters: RecordFilters) {
  return useQuery({
    queryKey: keys.records(filters),
    queryFn: async () => {
      const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== ""));
      const path =
        query.size === 0
          ? `${BASE}/recent?limit=${NEGATOME_DEFAULTS.recentLimit}`
          : `${BASE}/query/negatome?${query}&limit=${NEGATOME_DEFAULTS.queryLimit}`;
      return (await apiRequest<{ items: NegatomeRecord[] }>(path)).items;
    },
  });
}

export function useEnsureNegatomeSchema() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ok: boolean; tables: Record<string, boolean> }>(`${BASE}/ensure-schema`, { method: "POST" }),
  });
}

export function useIngestDemo() {
  const refresh = useRefreshNegatome();
  return useMutation({
    mutationFn: () => apiRequest<{ inserted: number; skipped: number }>(`${BASE}/ingest-demo`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export interface SafetyQuery {
  smiles: string;
  /** With a target, the target-aware score (`/score/safety`) adds the target's failure history. */
  uniprotId: string;
}

export function useSafetyCheck() {
  return useMutation({
    mutationFn: ({ smiles, uniprotId }: SafetyQuery) =>
      uniprotId
        ? apiRequest<SafetyAssessment>(`${BASE}/score/safety`, {
            method: "POST",
            body: { compound_smiles: smiles, target_uniprot_id: uniprotId },
          })
        : apiRequest<SafetyAssessment>(`${BASE}/safety`, { method: "POST", body: { smiles } }),
  });
}

export function useSimilaritySearch() {
  return useMutation({
    mutationFn: async ({ smiles, topk }: { smiles: string; topk: number }) =>
      (await apiRequest<{ items: SimilarityHit[] }>(`${BASE}/search`, { method: "POST", body: { smiles, topk } }))
        .items,
  });
}

export function useAgreement() {
  return useQuery({ queryKey: keys.agreement, queryFn: () => apiRequest<Agreement>(`${BASE}/agreement`) });
}

export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userDeclaredId: string) =>
      apiRequest<Agreement>(`${BASE}/agreement/accept`, {
        method: "POST",
        body: {
          agreement_version: NEGATOME_DEFAULTS.agreementVersion,
          acknowledged: true,
          user_declared_id: userDeclaredId || null,
        },
      }),
    onSuccess: (agreement) => queryClient.setQueryData(keys.agreement, agreement),
  });
}

export interface Contribution {
  annotation: NegativeAnnotation;
  dataFile: File | null;
  userDeclaredId: string | null;
}

/**
 * With a data file, the multipart upload (fields before the file, as the server reads them); without, the JSON
 * annotation.
 */
export function useContribute() {
  const refresh = useRefreshNegatome();
  return useMutation({
    mutationFn: ({ annotation, dataFile, userDeclaredId }: Contribution) => {
      if (!dataFile)
        return apiRequest<{ negatome_id: string }>(`${BASE}/ingest/user`, { method: "POST", body: annotation });
      const form = new FormData();
      form.append("annotation_json", JSON.stringify(annotation));
      if (userDeclaredId) form.append("user_declared_id", userDeclaredId);
      form.append("data_file", dataFile, dataFile.name);
      return apiRequest<{ negatome_id: string }>(`${BASE}/contribute/upload`, { method: "POST", body: form });
    },
    onSuccess: refresh,
  });
}

export function useContributorDashboard(userId: number | undefined) {
  return useQuery({
    queryKey: keys.contributor(userId ?? 0),
    queryFn: () => apiRequest<ContributorDashboard>(`${BASE}/contributors/${userId}/dashboard`),
    enabled: userId !== undefined,
  });
}
