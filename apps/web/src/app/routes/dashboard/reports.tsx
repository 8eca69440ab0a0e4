import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { ReportsTable } from "../../../features/reports/components/reports-table";
import { SampleDossier } from "../../../features/reports/components/sample-dossier";

/** §2 Reports: where a team's decisions are documented — dossiers, replay bundles and review progress per run. */
export function ReportsRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Reports"
        description="Each run's dossier and replay bundle, its status and how far its review has come."
        help={PAGE_HELP.reports}
      />
      <div className="stack stack--loose">
        <section className="panel" aria-labelledby="run-reports-title">
          <h2 id="run-reports-title" className="panel__title">
            Runs
          </h2>
          <ReportsTable highlight={params.get("run")} />
        </section>
        <SampleDossier />
      </div>
    </>
  );
}
