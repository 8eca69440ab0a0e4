import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export interface ReferenceDataset {
  name: string;
  description: string;
  /** Whether the dataset's files are in the server's reference-data root. */
  available: boolean;
}

export interface DatasetLoad {
  dataset: string;
  inserted: number;
  skipped: number;
  rejected: { line: number | null; reason: string }[];
}

export interface NlpHealth {
  ok: boolean;
  stats: { docs: number; passages: number; entities: number; triples: number };
}

export interface OntologyReload {
  ok: boolean;
  dir: string;
  version: number;
  stats: { genes: number; ncbi_genes: number; diseases: number; drugs: number };
}

const NLP_HEALTH_KEY = ["admin", "nlp-health"] as const;

export function useReferenceDatasets() {
  return useQuery({
    queryKey: ["admin", "reference-data"],
    queryFn: () => apiRequest<{ root: string; items: ReferenceDataset[] }>("/v1/admin/reference-data"),
  });
}

/** Loading a literature corpus takes tens of seconds: the caller shows a busy state for as long as this runs. */
export function useLoadReferenceData(onLoaded?: (loads: DatasetLoad[]) => void) {
  return useMutation({
    mutationFn: async (datasets: string[]) =>
      (
        await apiRequest<{ items: DatasetLoad[] }>("/v1/admin/reference-data/load", {
          method: "POST",
          body: { datasets },
        })
      ).items,
    onSuccess: onLoaded,
  });
}

export function useNlpHealth() {
  return useQuery({ queryKey: NLP_HEALTH_KEY, queryFn: () => apiRequest<NlpHealth>("/v1/nlp/health") });
}

/** New documents change the health counts and every literature answer. */
export function useRefreshLiterature() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: NLP_HEALTH_KEY }),
      queryClient.invalidateQueries({ queryKey: ["literature"] }),
    ]);
}

export function useEnsureNlpSchema() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ok: boolean; tables: Record<string, boolean> }>("/v1/nlp/ensure-schema", { method: "POST" }),
  });
}

/** Without a directory the server reloads its configured reference root; a directory outside it answers 400. */
export function useReloadOntologies() {
  const refresh = useRefreshLiterature();
  return useMutation({
    mutationFn: (dir: string) =>
      apiRequest<OntologyReload>(`/v1/nlp/ontologies/reload${dir ? `?${new URLSearchParams({ dir })}` : ""}`, {
        method: "POST",
      }),
    onSuccess: refresh,
  });
}
