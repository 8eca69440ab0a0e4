import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Artifact, ReportRun } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { runPath } from "../../../config/paths";
import { workflowLabel } from "../../../config/workflows";
import { formatDateTime, shortId } from "../../../lib/format";
import { downloadArtifact, useReportRuns, useReview } from "../api/reports";
import { ReviewOutputs } from "./review-outputs";
import "../../../styles/reports.css";

function ReviewProgress({ reviews }: { reviews: ReportRun["reviews"] }) {
  return (
    <span>
      {reviews.accepted} accepted · {reviews.rejected} rejected · {reviews.unreviewed} unreviewed
    </span>
  );
}

/** Whole seconds since `busy` became true, ticking while it stays true (0 otherwise). */
function useSecondsBusy(busy: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [busy]);
  return busy ? seconds : 0;
}

function Downloads({ run, onError }: { run: ReportRun; onError: (message: string) => void }) {
  const [busy, setBusy] = useState<Artifact | null>(null);
  const building = useSecondsBusy(busy === "dossier");
  const download = async (artifact: Artifact) => {
    setBusy(artifact);
    try {
      await downloadArtifact(run.run_id, artifact);
    } catch (error) {
      onError(error instanceof Error ? error.message : "Request failed");
    } finally {
      setBusy(null);
    }
  };
  const label = shortId(run.run_id);
  return (
    <span className="report-actions">
      <Button
        size="sm"
        variant="secondary"
        disabled={busy !== null}
        aria-label={`Download the dossier of run ${label}`}
        aria-busy={busy === "dossier"}
        onClick={() => void download("dossier")}
      >
        {busy === "dossier" ? `Building the dossier… ${building} s` : "Dossier (zip)"}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!run.artifacts_ready || busy !== null}
        aria-label={`Download the replay bundle of run ${label}`}
        onClick={() => void download("replay")}
      >
        Replay (tar.gz)
      </Button>
    </span>
  );
}

function RunReview({ run, onReviewOutputs }: { run: ReportRun; onReviewOutputs: (runId: string) => void }) {
  const review = useReview();
  const label = shortId(run.run_id);
  return (
    <span className="report-actions">
      <Button
        size="sm"
        variant="secondary"
        disabled={review.isPending}
        aria-label={`Accept run ${label}`}
        onClick={() => review.mutate({ runId: run.run_id, kind: "run", itemId: run.run_id, state: "accepted" })}
      >
        Accept
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={review.isPending}
        aria-label={`Reject run ${label}`}
        onClick={() => review.mutate({ runId: run.run_id, kind: "run", itemId: run.run_id, state: "rejected" })}
      >
        Reject
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Review the outputs of run ${label}`}
        onClick={() => onReviewOutputs(run.run_id)}
      >
        Outputs…
      </Button>
      {review.isError && <span role="alert">{review.error.message}</span>}
    </span>
  );
}

/**
 * Every run of the organization (or of one project) with its artifacts and review progress; `highlight` marks the run
 * linked from Analyses.
 */
export function ReportsTable({ highlight, projectId }: { highlight: string | null; projectId?: number }) {
  const runs = useReportRuns(projectId);
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  if (runs.isPending) return <p className="loading">Loading runs…</p>;
  if (runs.isError) return <Notice tone="error">{runs.error.message}</Notice>;
  const columns: Column<ReportRun>[] = [
    {
      header: "Run",
      cell: (run) => (
        <span className="report-run">
          <Link to={runPath(run.run_id)} aria-label={`Open run ${shortId(run.run_id)}`}>
            <code className={run.run_id === highlight ? "report-highlight" : undefined}>{shortId(run.run_id)}</code>
          </Link>
          <span className="status-cell__note">{formatDateTime(run.created_at)}</span>
        </span>
      ),
      sortValue: (run) => run.created_at,
    },
    // On a project's page every run is that project's: the column names the workflow alone.
    projectId === undefined
      ? {
          header: "Project",
          cell: (run) => (
            <span className="report-run">
              {run.project_name}
              <span className="status-cell__note">{workflowLabel(run.workflow)}</span>
            </span>
          ),
          sortValue: (run) => run.project_name,
        }
      : { header: "Workflow", cell: (run) => workflowLabel(run.workflow), sortValue: (run) => run.workflow },
    {
      header: "Status",
      cell: (run) => (
        <span className="status-cell">
          <StatusBadge status={run.status} />
          <span className="status-cell__note">
            {run.artifacts_ready ? "dossier and replay ready" : "dossier only; replay after completion"}
          </span>
        </span>
      ),
    },
    {
      header: "Review",
      cell: (run) => (
        <span className="report-run">
          <ReviewProgress reviews={run.reviews} />
          <RunReview run={run} onReviewOutputs={setReviewing} />
        </span>
      ),
    },
    { header: "Downloads", cell: (run) => <Downloads run={run} onError={setError} /> },
  ];
  const rows = highlight
    ? [...runs.data].sort((a, b) => Number(b.run_id === highlight) - Number(a.run_id === highlight))
    : runs.data;
  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <DataTable
        caption={projectId === undefined ? "Run reports" : "Runs of this project"}
        columns={columns}
        rows={rows}
        rowKey={(run) => run.run_id}
        empty={
          projectId === undefined
            ? "No runs yet. Start an optimization from Molecular Optimization; its report appears here."
            : "No runs in this project yet. Launch one with New Job on the dashboard and choose this project."
        }
      />
      <ReviewOutputs runId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
