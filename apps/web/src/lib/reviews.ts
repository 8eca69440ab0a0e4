import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Review, ReviewList, ReviewState, REVIEW_ITEM_KINDS } from "@sieve/contracts";
import { apiRequest } from "./api-client";
import { formatDateTime } from "./format";

export type ReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

/**
 * What a review is about. Ids per kind: a target is `<disease id>|<HGNC id>`, a triple its `tri_id`, a
 * negatome record its `negatome_id`, a molecule its SMILES and an optimization result its job id; the
 * last two (and docking poses) are outputs of a run and need its `runId`.
 */
export interface ReviewItem {
  kind: ReviewItemKind;
  itemId: string;
  runId?: string | null;
}

export const REVIEWS_QUERY_KEY = ["reviews"] as const;

/**
 * One request per kind (and run): every control of a list shares it through the query cache instead of
 * asking for its own item, so a table of fifty records costs one call.
 */
export function reviewsPath(kind: ReviewItemKind, runId?: string | null): string {
  const query = new URLSearchParams({ kind });
  if (runId) query.set("run_id", runId);
  return `/v1/reviews?${query}`;
}

/** The item's newest review among the current states, or null when nobody has reviewed it. */
export function currentReview(current: readonly Review[], item: ReviewItem): Review | null {
  return (
    current.find(
      (review) =>
        review.kind === item.kind && review.item_id === item.itemId && (!item.runId || review.run_id === item.runId),
    ) ?? null
  );
}

/** "Unreviewed", or "Accepted by Ada Lovelace on 22 Nov 2026, 18:20". */
export function describeReview(
  review: (Pick<Review, "state" | "reviewed_at"> & { reviewed_by: { name: string } | null }) | null,
): string {
  if (!review || review.state === "unreviewed") return "Unreviewed";
  const state = review.state === "accepted" ? "Accepted" : "Rejected";
  const by = review.reviewed_by?.name ? ` by ${review.reviewed_by.name}` : "";
  return `${state}${by} on ${formatDateTime(review.reviewed_at)}`;
}

export function useCurrentReview(item: ReviewItem) {
  return useQuery({
    queryKey: [...REVIEWS_QUERY_KEY, item.kind, item.runId ?? null],
    queryFn: () => apiRequest<ReviewList>(reviewsPath(item.kind, item.runId)),
    select: (list) => currentReview(list.items, item),
  });
}

export interface ReviewDecision extends ReviewItem {
  state: ReviewState;
  comment?: string | null;
}

/**
 * Records a decision; every review query refreshes, and `onRecorded` lets a page refresh its own (a manifest, a run
 * list).
 */
export function useRecordReview(onRecorded?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      apiRequest<Review>("/v1/reviews", {
        method: "POST",
        body: {
          kind: decision.kind,
          item_id: decision.itemId,
          run_id: decision.runId ?? null,
          state: decision.state,
          comment: decision.comment?.trim() || null,
        },
      }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY }), onRecorded?.()]);
    },
  });
}
