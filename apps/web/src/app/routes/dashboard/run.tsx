import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/layouts/page-header";
import { paths } from "../../../config/paths";
import { RUN_HELP } from "../../../features/workflows/components/run-help";
import { WorkflowRun } from "../../../features/workflows/components/workflow-run";

export function RunRoute() {
  const { id = "" } = useParams();
  return (
    <>
      <PageHeader
        title="Run"
        description="Live progress and results of a discovery workflow."
        help={RUN_HELP}
        actions={<Link to={paths.dashboard}>Back to the dashboard</Link>}
      />
      <WorkflowRun runId={id} />
    </>
  );
}
