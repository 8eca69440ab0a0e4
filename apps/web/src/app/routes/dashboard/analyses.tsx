import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { EngineJobsTable } from "../../../features/engine-jobs/components/engine-jobs-table";
import { RunsTable } from "../../../features/runs/components/runs-table";

/** The server caps list sizes; this is the most the page asks for. */
const ANALYSES_RUN_LIMIT = 100;

export function AnalysesRoute() {
  return (
    <>
      <PageHeader
        title="Analyses"
        description="Every run and engine job of your organization, with its state."
        help={PAGE_HELP.analyses}
      />
      <div className="stack stack--loose">
        <section className="panel" aria-labelledby="runs-title">
          <h2 id="runs-title" className="panel__title">
            Runs
          </h2>
          <RunsTable limit={ANALYSES_RUN_LIMIT} caption="Runs" reportLinks />
        </section>
        <section className="panel" aria-labelledby="engine-jobs-title">
          <h2 id="engine-jobs-title" className="panel__title">
            Engine jobs
          </h2>
          <EngineJobsTable />
        </section>
      </div>
    </>
  );
}
