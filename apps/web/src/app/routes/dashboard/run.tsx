import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/layouts/page-header";
import { paths } from "../../../config/paths";
import { DossierSignatures } from "../../../features/reports/components/dossier-signatures";
import { useWorkflowRun } from "../../../features/workflows/api/workflow-run";
import { RUN_HELP } from "../../../features/workflows/components/run-help";
import { WorkflowRun } from "../../../features/workflows/components/workflow-run";

/** A run's page composes the workflow's live view with the signatures of its dossier. */
export function RunRoute() {
  const { id = "" } = useParams();
  const detail = useWorkflowRun(id);
  const status = detail.data ? (detail.data.job?.status ?? detail.data.run.status) : null;
  return (
    <>
      <PageHeader
        title="Run"
        description="Live progress and results of a discovery workflow."
        help={RUN_HELP}
        actions={<Link to={paths.dashboard}>Back to the dashboard</Link>}
      />
      <WorkflowRun runId={id} />
      {detail.data && <DossierSignatures runId={id} completed={status === "completed"} />}
    </>
  );
}
