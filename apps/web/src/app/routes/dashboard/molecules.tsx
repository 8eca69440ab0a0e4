import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { MoleculeAnalysis } from "../../../features/molecules/components/molecule-analysis";
import { Optimization } from "../../../features/molecules/components/optimization";
import { useProjects } from "../../../features/projects/api/projects";

export function MoleculesRoute() {
  // Runs belong to a project; the projects feature owns that list, this page only offers it as a choice.
  const projects = useProjects();
  return (
    <>
      <PageHeader
        title="Molecular Optimization"
        description="Analyse molecules from SMILES or a file, and optimise them towards target properties."
        help={PAGE_HELP.molecules}
      />
      <MoleculeAnalysis />
      <Optimization projects={projects.data} projectsError={projects.isError ? "Failed to load projects" : null} />
    </>
  );
}
