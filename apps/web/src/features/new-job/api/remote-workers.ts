import { useQuery } from "@tanstack/react-query";
import type { RemoteWorkerList } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

/**
 * The organization's registered remote workers: asked afresh each time the dialog opens and while it stays open, since
 * workers come and go.
 */
export function useRemoteWorkers(enabled: boolean) {
  return useQuery({
    queryKey: ["engine", "workers"],
    queryFn: async () => (await apiRequest<RemoteWorkerList>("/v1/engine/workers")).workers,
    enabled,
    staleTime: 0,
    refetchInterval: enabled ? 15_000 : false,
  });
}
