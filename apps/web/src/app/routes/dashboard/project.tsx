import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/layouts/page-header";
import { Notice } from "../../../components/ui/notice";
import { PAGE_HELP } from "../../../config/help";
import { paths } from "../../../config/paths";
import { useProject } from "../../../features/projects/api/projects";
import { ProjectDisease } from "../../../features/projects/components/project-disease";
import { ReportsTable } from "../../../features/reports/components/reports-table";
import { TargetShortlist } from "../../../features/targets/components/target-shortlist";
import { MembersPanel } from "../../../features/teams/components/members-panel";
import { explainFailure } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";

/**
 * One project's page composes the features it gathers: its disease (projects), the target shortlist for it
 * (targets), its runs with their reports and reviews (reports) and the people who work in it (teams).
 */
export function ProjectRoute() {
  const id = Number(useParams().id);
  const project = useProject(id);
  const back = <Link to={paths.projects}>All projects</Link>;
  if (project.isPending) return <p className="loading">Loading the project…</p>;
  if (project.isError)
    return (
      <>
        <PageHeader title="Project" help={PAGE_HELP.project} actions={back} />
        <Notice tone="error">{explainFailure(project.error, "Could not load the project")}</Notice>
      </>
    );
  const { data } = project;
  return (
    <>
      <PageHeader
        title={data.name}
        description={`Created ${formatDateTime(data.created_at)} · research use only${
          data.assay_context ? ` · assay: ${data.assay_context}` : ""
        }`}
        help={PAGE_HELP.project}
        actions={back}
      />
      <div className="stack stack--loose">
        <ProjectDisease project={data} />
        <section className="panel stack" aria-labelledby="shortlist-title">
          <h2 id="shortlist-title" className="panel__title">
            Target shortlist
          </h2>
          {data.disease_ontology_id ? (
            <TargetShortlist
              diseaseId={data.disease_ontology_id}
              diseaseName={data.disease_area ?? data.disease_ontology_id}
            />
          ) : (
            <p className="muted">Choose the disease to see its top targets.</p>
          )}
        </section>
        <section className="panel" aria-labelledby="project-runs-title">
          <h2 id="project-runs-title" className="panel__title">
            Runs, reports and reviews
          </h2>
          <ReportsTable highlight={null} projectId={data.id} />
        </section>
        <MembersPanel />
      </div>
    </>
  );
}
