import type { ReactNode } from "react";
import type { EngineJob } from "@sieve/contracts";
import { StatusBadge } from "../../../components/ui/status-badge";

/** An oracle job's short id and status, what it is doing now, and its error when it failed. */
export function OracleJobStatus({ job, activity }: { job: EngineJob; activity?: ReactNode }) {
  return (
    <p>
      Job <code>{job.id.slice(0, 8)}</code> <StatusBadge status={job.status} />
      {job.status === "running" && activity && <span className="muted"> {activity}</span>}
      {job.error_message && <span> {job.error_message}</span>}
    </p>
  );
}
