import { useState } from "react";
import type { Manifest, ReviewState } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Notice } from "../../../components/ui/notice";
import { shortId } from "../../../lib/format";
import { useManifest, useReview } from "../api/reports";

type Output = Manifest["outputs"][number];

/** One reviewable item per output item (three result files share the run's optimization result). */
function reviewItems(outputs: Output[]): Output[] {
  const seen = new Set<string>();
  return outputs.filter((o) => {
    const key = `${o.item.kind}\u0000${o.item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function ItemReview({ runId, output }: { runId: string; output: Output }) {
  const review = useReview();
  const [comment, setComment] = useState(output.review.comment ?? "");
  const label = output.item.kind === "molecule" ? output.item.id : "Optimization result (best molecules, metrics, curves)";
  const decide = (state: ReviewState) => review.mutate({ runId, kind: output.item.kind, itemId: output.item.id, state, comment });
  return (
    <li className="review-item">
      <code className="review-item__label">{label}</code>
      <span className="status-cell__note">
        {output.review.state}
        {output.review.by ? ` by ${output.review.by}` : ""}
      </span>
      <label className="review-item__comment">
        <span className="visually-hidden">Comment on {label}</span>
        <input type="text" value={comment} maxLength={5000} placeholder="Comment (optional)" onChange={(event) => setComment(event.target.value)} />
      </label>
      <span className="report-actions">
        <Button size="sm" variant="secondary" disabled={review.isPending} aria-label={`Accept ${label}`} onClick={() => decide("accepted")}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" disabled={review.isPending} aria-label={`Reject ${label}`} onClick={() => decide("rejected")}>
          Reject
        </Button>
      </span>
      {review.isError && <Notice tone="error">{review.error.message}</Notice>}
    </li>
  );
}

/** The run's outputs, each with its review state, a comment and Accept / Reject. */
export function ReviewOutputs({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const manifest = useManifest(runId);
  const items = manifest.data ? reviewItems(manifest.data.outputs) : [];
  return (
    <Dialog open={runId !== null} onClose={onClose} title={runId ? `Review run ${shortId(runId)}` : "Review"} placement="drawer">
      {manifest.isPending && <p className="loading">Loading outputs…</p>}
      {manifest.isError && <Notice tone="error">{manifest.error.message}</Notice>}
      {manifest.data && items.length === 0 && <p>This run has no outputs yet; its dossier will list them once it completes.</p>}
      {runId && items.length > 0 && (
        <ul className="review-list" aria-label="Outputs to review">
          {items.map((output) => (
            <ItemReview key={`${output.item.kind}:${output.item.id}`} runId={runId} output={output} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
