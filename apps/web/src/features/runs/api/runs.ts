import { useQuery } from "@tanstack/react-query";
import { getCurves, getRun, listRuns } from "../../../lib/endpoints";

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
