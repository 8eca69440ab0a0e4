import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Run } from "@sieve/contracts";
import { getCurves, getRun, listRuns } from "../../../lib/endpoints";
import { runIsActive } from "../model/run-notice";

/** Every runs query shares this prefix, so one invalidation refreshes all run lists. */
export const RUNS_QUERY_KEY = ["runs"] as const;

export function useRuns(limit: number) {
  return useQuery({ queryKey: [...RUNS_QUERY_KEY, { limit }], queryFn: () => listRuns(limit) });
}

/** One run and its curves, fetched only while its details are open. */
export function useRunDetails(id: string | null) {
  const run = useQuery({
    queryKey: [...RUNS_QUERY_KEY, "detail", id],
    queryFn: () => getRun(id!),
    enabled: id !== null,
  });
  const curves = useQuery({
    queryKey: [...RUNS_QUERY_KEY, "curves", id],
    queryFn: () => getCurves(id!),
    enabled: id !== null,
  });
  return { run, curves };
}

/**
 * A run just launched, re-read every 2 s while it is queued or running; each change of its status refreshes the
 * run lists too, so a notice about it and the Recent runs table agree.
 */
export function useFollowedRun(launched: Run | null): Run | null {
  const queryClient = useQueryClient();
  const followed = useQuery({
    queryKey: [...RUNS_QUERY_KEY, "followed", launched?.id],
    queryFn: () => getRun(launched!.id),
    enabled: launched !== null,
    ...(launched ? { initialData: launched } : {}),
    refetchInterval: (query) => (query.state.data && runIsActive(query.state.data.status) ? 2000 : false),
  });
  const status = followed.data?.status;
  useEffect(() => {
    if (status && status !== launched?.status) void queryClient.invalidateQueries({ queryKey: RUNS_QUERY_KEY });
  }, [status, launched?.status, queryClient]);
  return launched ? (followed.data ?? launched) : null;
}
