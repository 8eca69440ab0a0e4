import { useId, useState } from "react";
import type { ReviewState } from "@sieve/contracts";
import { describeReview, useCurrentReview, useRecordReview, type ReviewItem } from "../lib/reviews";
import { Button } from "./ui/button";
import { Notice } from "./ui/notice";
import "../styles/review-control.css";

interface ReviewControlProps extends ReviewItem {
  /** What the item is called on screen; it names the group, the comment field and both buttons. */
  label: string;
  /** Called after a decision is stored, for pages that show reviews through their own queries. */
  onReviewed?: () => unknown;
}

/** A scientist's decision on one item: its current state with who, when and the comment, and Accept / Reject. */
export function ReviewControl({ label, onReviewed, ...item }: ReviewControlProps) {
  const current = useCurrentReview(item);
  const record = useRecordReview(onReviewed);
  // null: the field shows the current comment, so a second decision keeps it unless the reviewer edits it.
  const [draft, setDraft] = useState<string | null>(null);
  const commentId = useId();
  const review = current.data ?? null;
  const comment = draft ?? review?.comment ?? "";
  const busy = record.isPending || current.isPending;
  const decide = (state: ReviewState) =>
    record.mutate({ ...item, state, comment }, { onSuccess: () => setDraft(null) });

  return (
    <div
      role="group"
      aria-label={`Review of ${label}`}
      className={`review-control review-control--${review?.state ?? "unreviewed"}`}
    >
      <p role="status" className="review-control__state">
        {current.isPending ? "Loading review…" : describeReview(review)}
        {review?.comment && <span className="review-control__comment">: “{review.comment}”</span>}
      </p>
      <div className="review-control__form">
        <label htmlFor={commentId} className="visually-hidden">
          Comment on {label}
        </label>
        <input
          id={commentId}
          type="text"
          value={comment}
          maxLength={5000}
          placeholder="Comment (optional)"
          onChange={(event) => setDraft(event.target.value)}
        />
        <span className="review-control__actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Accept ${label}`}
            onClick={() => decide("accepted")}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Reject ${label}`}
            onClick={() => decide("rejected")}
          >
            Reject
          </Button>
        </span>
      </div>
      {current.isError && <Notice tone="error">{current.error.message}</Notice>}
      {record.isError && <Notice tone="error">{record.error.message}</Notice>}
    </div>
  );
}
