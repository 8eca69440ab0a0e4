import type { EngineJob, Project } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDateTime, formatDecimal, shortId } from "../../../lib/format";
import { useCancelJob, useMolecularJobs } from "../api/molecular-jobs";
import { isCancellable, readProgress } from "../model/engine-job";
import { ProgressText } from "./progress-text";

interface OptimizationJobsTableProps {
  projects: Project[] | undefined;
  selectedId: string | null;
  onSelect: (job: EngineJob) => void;
}

/** The organization's molecular engine jobs, newest first, each with its status and a Cancel action (§2, §4). */
export function OptimizationJobsTable({ projects, selectedId, onSelect }: OptimizationJobsTableProps) {
  const jobs = useMolecularJobs();
  const cancel = useCancelJob();
  const projectName = (id: number | null) =>
    projects?.find((project) => project.id === id)?.name ?? (id === null ? "—" : `Project ${id}`);

  const columns: Column<EngineJob>[] = [
    {
      header: "Job",
      cell: (job) => (
        <button
          type="button"
          className="link-button"
          title={job.id}
          aria-label={`Show job ${shortId(job.id)}`}
          aria-pressed={job.id === selectedId}
          onClick={() => onSelect(job)}
        >
          <code className="job-id">{shortId(job.id)}</code>
        </button>
      ),
    },
    { header: "Project", cell: (job) => projectName(job.project_id) },
    {
      header: "Status",
      cell: (job) => (
        <span className="status-cell">
          <StatusBadge status={job.status} />
          {job.error_message && <span className="status-cell__note">{job.error_message}</span>}
        </span>
      ),
    },
    { header: "Progress", cell: (job) => <ProgressText progress={job.progress} withBest={false} /> },
    { header: "Created", cell: (job) => formatDateTime(job.created_at), align: "end" },
    // While a job runs, its best so far; once finished, the result's.
    {
      header: "Best fitness",
      cell: (job) => formatDecimal(job.result?.best_fitness ?? readProgress(job.progress)?.best, 4),
      align: "end",
    },
    {
      header: "Actions",
      cell: (job) =>
        isCancellable(job.status) && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Cancel job ${shortId(job.id)}`}
            disabled={cancel.isPending && cancel.variables === job.id}
            onClick={() => cancel.mutate(job.id)}
          >
            Cancel
          </Button>
        ),
    },
  ];

  if (jobs.isPending) return <p className="loading">Loading optimization jobs…</p>;
  if (jobs.isError) return <Notice tone="error">{jobs.error.message}</Notice>;
  return (
    <div className="stack">
      {/* §8: 'Failed to cancel job {id}: ...' */}
      {cancel.isError && (
        <Notice tone="error">{`Failed to cancel job ${cancel.variables}: ${cancel.error.message}`}</Notice>
      )}
      <DataTable
        caption="Optimization jobs"
        columns={columns}
        rows={jobs.data}
        rowKey={(job) => job.id}
        empty="No optimization jobs yet. Start one with the form above."
      />
    </div>
  );
}
