import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { ProjectCreateForm } from "../../../features/projects/components/project-create-form";
import { ProjectsTable } from "../../../features/projects/components/projects-table";

export function ProjectsRoute() {
  return (
    <>
      <PageHeader
        title="My Projects"
        description="Projects scope runs, artifacts and access."
        help={PAGE_HELP.projects}
      />
      <div className="two-column">
        <ProjectCreateForm />
        <section className="panel" aria-labelledby="project-list-title">
          <h2 id="project-list-title" className="panel__title">
            All projects
          </h2>
          <ProjectsTable caption="All projects" />
        </section>
      </div>
    </>
  );
}
