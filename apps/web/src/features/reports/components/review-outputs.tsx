import { useQueryClient } from "@tanstack/react-query";
import type { Manifest } from "@sieve/contracts";
import { ReviewControl } from "../../../components/review-control";
import { Dialog } from "../../../components/ui/dialog";
import { Notice } from "../../../components/ui/notice";
import { shortId } from "../../../lib/format";
import type { ReviewItemKind } from "../../../lib/reviews";
import { REPORTS_QUERY_KEY, useManifest } from "../api/reports";

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

function outputLabel(output: Output): string {
  return output.item.kind === "molecule" ? output.item.id : "Optimization result (best molecules, metrics, curves)";
}

/** The run's outputs, each with its review state, a comment and Accept / Reject. */
export function ReviewOutputs({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const manifest = useManifest(runId);
  const queryClient = useQueryClient();
  const refreshReports = () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
  const items = manifest.data ? reviewItems(manifest.data.outputs) : [];
  return (
    <Dialog
      open={runId !== null}
      onClose={onClose}
      title={runId ? `Review run ${shortId(runId)}` : "Review"}
      placement="drawer"
    >
      {manifest.isPending && <p className="loading">Loading outputs…</p>}
      {manifest.isError && <Notice tone="error">{manifest.error.message}</Notice>}
      {manifest.data && items.length === 0 && (
        <p>This run has no outputs yet; its dossier will list them once it completes.</p>
      )}
      {runId && items.length > 0 && (
        <ul className="review-list" aria-label="Outputs to review">
          {items.map((output) => (
            <li key={`${output.item.kind}:${output.item.id}`} className="review-item">
              <code className="review-item__label">{outputLabel(output)}</code>
              <ReviewControl
                kind={output.item.kind as ReviewItemKind}
                itemId={output.item.id}
                runId={runId}
                label={outputLabel(output)}
                onReviewed={refreshReports}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
