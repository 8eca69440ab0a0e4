import { useState } from "react";
import { Link } from "react-router";
import type { Run } from "@sieve/contracts";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { waitingForExecutor, workflowLabel } from "../../../config/workflows";
import { paths } from "../../../config/paths";
import { formatDateTime, shortId } from "../../../lib/format";
import { useRuns } from "../api/runs";
import { RunDetails } from "./run-details";

function columns(showDetails: (id: string) => void, reportLinks: boolean): Column<Run>[] {
  const report: Column<Run>[] = reportLinks
    ? [
        {
          header: "Report",
          cell: (run) => (
            <Link to={`${paths.reports}?run=${run.id}`} aria-label={`Report of run ${shortId(run.id)}`}>
              Report
            </Link>
          ),
        },
      ]
    : [];
  return [
    {
      header: "Run",
      cell: (run) => (
        <button
          type="button"
          className="link-button"
          title={run.id}
          aria-label={`Details of run ${shortId(run.id)}`}
          onClick={() => showDetails(run.id)}
        >
          <code className="short-id">{shortId(run.id)}</code>
        </button>
      ),
    },
    { header: "Project", cell: (run) => run.project_name },
    { header: "Workflow", cell: (run) => workflowLabel(run.workflow) },
    {
      header: "Status",
      cell: (run) => (
        <span className="status-cell">
          <StatusBadge status={run.status} />
          {/* Nothing executes runs yet: say so instead of pretending progress. */}
          {run.status === "queued" && <span className="status-cell__note">{waitingForExecutor(run.workflow)}</span>}
        </span>
      ),
    },
    ...report,
    { header: "Created", cell: (run) => formatDateTime(run.created_at), align: "end" },
  ];
}

/**
 * The organization's most recent runs, newest first; a run's id opens its details, and `reportLinks` adds a link to its
 * report.
 */
export function RunsTable({
  limit,
  caption,
  reportLinks = false,
}: {
  limit: number;
  caption: string;
  reportLinks?: boolean;
}) {
  const runs = useRuns(limit);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  if (runs.isPending) return <p className="loading">Loading runs…</p>;
  if (runs.isError) return <Notice tone="error">{runs.error.message}</Notice>;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns(setDetailsOf, reportLinks)}
        rows={runs.data}
        rowKey={(run) => run.id}
        empty="No runs yet. Launch a job from the dashboard to queue the first one."
      />
      <RunDetails runId={detailsOf} onClose={() => setDetailsOf(null)} />
    </>
  );
}
