import { Link } from "react-router";
import type { Project } from "@sieve/contracts";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { projectPath } from "../../../config/paths";
import { formatDateTime } from "../../../lib/format";
import { useProjects } from "../api/projects";

const NAME: Column<Project> = {
  header: "Name",
  cell: (project) => (
    <Link to={projectPath(project.id)}>
      <strong>{project.name}</strong>
    </Link>
  ),
};
const DISEASE_AREA: Column<Project> = { header: "Disease area", cell: (project) => project.disease_area ?? "—" };
const ASSAY_CONTEXT: Column<Project> = { header: "Assay context", cell: (project) => project.assay_context ?? "—" };
const CREATED: Column<Project> = {
  header: "Created",
  cell: (project) => formatDateTime(project.created_at),
  align: "end",
};

/** The dashboard's narrow panel shows the compact set. */
const COLUMNS = { full: [NAME, DISEASE_AREA, ASSAY_CONTEXT, CREATED], compact: [NAME, DISEASE_AREA, CREATED] };

function newestFirst(a: Project, b: Project): number {
  return b.created_at.localeCompare(a.created_at);
}

/** The organization's projects, newest first; `limit` trims the list for the dashboard. */
export function ProjectsTable({
  limit,
  caption,
  variant = "full",
}: {
  limit?: number;
  caption: string;
  variant?: keyof typeof COLUMNS;
}) {
  const projects = useProjects();
  if (projects.isPending) return <p className="loading">Loading projects…</p>;
  if (projects.isError) return <Notice tone="error">Failed to load projects</Notice>;
  const rows = [...projects.data].sort(newestFirst).slice(0, limit);
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS[variant]}
      rows={rows}
      rowKey={(project) => project.id}
      empty="No projects yet."
    />
  );
}
