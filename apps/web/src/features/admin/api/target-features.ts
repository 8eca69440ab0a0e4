import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeatureSet, Ingestion, UploadSource } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { TARGET_FEATURES_KEY } from "../../../lib/target-feature-sets";
import { uploadBody, type FieldValue } from "../model/upload-fields";

const BASE = "/v1/targets";

/** A new feature set or new features change the lists here and every ranking the Targets pages hold. */
function useRefreshTargetFeatures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TARGET_FEATURES_KEY }),
      queryClient.invalidateQueries({ queryKey: ["targets"] }),
    ]);
}

export function useCreateFeatureSet() {
  const refresh = useRefreshTargetFeatures();
  return useMutation({
    mutationFn: (body: { version: string; description: string }) =>
      apiRequest<FeatureSet>(`${BASE}/feature_sets`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

/** Newest first, as the server lists them. */
export function useIngestions() {
  return useQuery({
    queryKey: [...TARGET_FEATURES_KEY, "ingestions"],
    queryFn: async () => (await apiRequest<{ items: Ingestion[] }>(`${BASE}/ingestions`)).items,
  });
}

export interface FeatureUpload {
  source: UploadSource;
  featureSet: string;
  values: Record<string, FieldValue>;
  file: File;
}

export function useUploadFeatures() {
  const refresh = useRefreshTargetFeatures();
  return useMutation({
    mutationFn: async ({ source, featureSet, values, file }: FeatureUpload) =>
      (
        await apiRequest<{ ingestion: Ingestion }>(`${BASE}/ingest/${source}/upload`, {
          method: "POST",
          body: uploadBody(featureSet, values, file),
        })
      ).ingestion,
    onSuccess: refresh,
  });
}
