import { useQuery } from "@tanstack/react-query";
import type { EngineJob, EngineJobList } from "@sieve/contracts";
import { ApiError, apiRequest } from "../../../lib/api-client";

/** The server caps list sizes; this is the most the page asks for. */
const ENGINE_JOB_LIMIT = 100;

/** `null` means no engine is connected: a deployment without one answers 404. */
export function useEngineJobs() {
  return useQuery({
    queryKey: ["engine", "jobs"],
    queryFn: async (): Promise<EngineJob[] | null> => {
      try {
        return (await apiRequest<EngineJobList>(`/v1/engine/jobs?limit=${ENGINE_JOB_LIMIT}`)).jobs;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
