import { useQuery } from "@tanstack/react-query";
import type { ReviewQueue } from "@sieve/contracts";
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

export const REVIEW_QUEUE_QUERY_KEY = ["reviews", "queue"] as const;

/** The caller's "My reviews" queue: items assigned to them that they have not reviewed yet. */
export function useMyReviewQueue() {
  return useQuery({
    queryKey: REVIEW_QUEUE_QUERY_KEY,
    queryFn: () => apiRequest<ReviewQueue>("/v1/reviews/queue"),
    staleTime: 0,
  });
}
