import type { ReactNode } from "react";
import { Link } from "react-router";
import type { RunConfig } from "@sieve/contracts";
import { Dialog } from "../../../components/ui/dialog";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { waitingForExecutor, workflowLabel } from "../../../config/workflows";
import { formatDateTime, shortId } from "../../../lib/format";
import { runPath } from "../../../config/paths";
import { useRunDetails } from "../api/runs";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The stored config of a run as the server resolved it, and its curves once an executor writes them. */
export function RunDetails({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const { run, curves } = useRunDetails(runId);
  const config = run.data?.config as Partial<RunConfig> | undefined;
  const inputs = Object.entries(config?.inputs ?? {}).filter(([, value]) => value !== null && value !== "");

  return (
    <Dialog open={runId !== null} onClose={onClose} title={runId ? `Run ${shortId(runId)}` : "Run"} placement="drawer">
      {run.isPending && <p className="loading">Loading run…</p>}
      {run.isError && <Notice tone="error">{run.error.message}</Notice>}
      {run.data && (
        <div className="stack">
          <Link to={runPath(run.data.id)}>Open the run page (progress, hits, poses)</Link>
          <dl className="facts facts--stacked">
            <Fact label="Project">{run.data.project_name}</Fact>
            <Fact label="Workflow">{workflowLabel(run.data.workflow)}</Fact>
            <Fact label="Status">
              <StatusBadge status={run.data.status} />
              {run.data.status === "queued" && (
                <span className="status-cell__note"> {waitingForExecutor(run.data.workflow)}</span>
              )}
            </Fact>
            <Fact label="Created">{formatDateTime(run.data.created_at)}</Fact>
            <Fact label="Budget">{config?.budget ? `${config.budget.max_evaluations} evaluations` : "—"}</Fact>
            <Fact label="Seed">{config?.seed ?? "—"}</Fact>
            <Fact label="Modules">{config?.modules?.map((module) => module.name).join(", ") || "—"}</Fact>
            <Fact label="Objectives">
              {config?.objectives
                ?.map((objective) => `${objective.name} (${objective.direction}, weight ${objective.weight})`)
                .join("; ") || "—"}
            </Fact>
            {inputs.map(([name, value]) => (
              <Fact key={name} label={name.replaceAll("_", " ")}>
                {String(value)}
              </Fact>
            ))}
          </dl>
          <h3 className="panel__title">Curves</h3>
          {curves.isError && <Notice tone="error">{curves.error.message}</Notice>}
          {curves.data &&
            (curves.data.length === 0 ? (
              <p className="muted">No curves yet: an executor writes them while the run executes.</p>
            ) : (
              <CurveSummary curves={curves.data} />
            ))}
        </div>
      )}
    </Dialog>
  );
}

function CurveSummary({ curves }: { curves: { name: string; points: { x: number; y: number }[] }[] }) {
  return (
    <ul className="planned-list">
      {curves.map((curve) => (
        <li key={curve.name}>
          {curve.name}: {curve.points.length} points, last value {curve.points.at(-1)?.y ?? "—"}
        </li>
      ))}
    </ul>
  );
}
