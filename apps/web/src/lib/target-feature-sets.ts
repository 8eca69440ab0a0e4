import { useQuery } from "@tanstack/react-query";
import type { FeatureSet } from "@sieve/contracts";
import { apiRequest } from "./api-client";

/**
 * Target feature sets are created and filled on the Admin page and chosen on the Targets pages, so the
 * list lives here (features never import each other). Creating one or ingesting into one invalidates
 * everything under this key.
 */
export const TARGET_FEATURES_KEY = ["target-features"] as const;

export function useFeatureSets() {
  return useQuery({
    queryKey: [...TARGET_FEATURES_KEY, "feature-sets"],
    queryFn: async () => (await apiRequest<{ items: FeatureSet[] }>("/v1/targets/feature_sets")).items,
  });
}
