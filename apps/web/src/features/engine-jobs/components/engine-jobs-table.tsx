import type { EngineJob } from "@sieve/contracts";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDateTime, shortId } from "../../../lib/format";
import { useEngineJobs } from "../api/engine-jobs";

const COLUMNS: Column<EngineJob>[] = [
  { header: "Job", cell: (job) => <code title={job.id}>{shortId(job.id)}</code> },
  { header: "Domain", cell: (job) => job.domain },
  { header: "Status", cell: (job) => <StatusBadge status={job.status} /> },
  { header: "Started", cell: (job) => formatDateTime(job.started_at), align: "end" },
  { header: "Completed", cell: (job) => formatDateTime(job.completed_at), align: "end" },
  { header: "Best fitness", cell: (job) => job.result?.best_fitness?.toFixed(4) ?? "—", align: "end" },
  { header: "Error", cell: (job) => job.error_message ?? "" },
];

export function EngineJobsTable() {
  const jobs = useEngineJobs();
  if (jobs.isPending) return <p className="loading">Loading engine jobs…</p>;
  if (jobs.isError) return <Notice tone="error">{jobs.error.message}</Notice>;
  if (jobs.data === null)
    return <Notice>No optimization engine is connected yet. Its jobs will be listed here once it is.</Notice>;
  return (
    <DataTable
      caption="Engine jobs"
      columns={COLUMNS}
      rows={jobs.data}
      rowKey={(job) => job.id}
      empty="No engine jobs yet."
    />
  );
}
