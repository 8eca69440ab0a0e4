import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export interface DashboardCounts {
  projects: number;
  /** Runs plus engine jobs of the caller's organization. */
  analyses: number;
}

export const COUNTS_QUERY_KEY = ["dashboard", "counts"] as const;

export function useDashboardCounts() {
  return useQuery({
    queryKey: COUNTS_QUERY_KEY,
    queryFn: () => apiRequest<DashboardCounts>("/v1/dashboard/counts"),
    staleTime: 0,
  });
}
