/**
 * Which project a job goes to: one of the caller's projects, or a new one named here with its research-use
 * acknowledgement. Nothing is ever created without the user asking (issue 22: no automatic projects).
 */
export interface ProjectChoice {
  /** A project id, `NEW_PROJECT`, or "" before the user chose. */
  projectId: string;
  newName: string;
  ruoAcknowledged: boolean;
}

export const NEW_PROJECT = "new";
export const EMPTY_PROJECT_CHOICE: ProjectChoice = { projectId: "", newName: "", ruoAcknowledged: false };

/** What is missing before a job can launch, or null when the choice is complete. */
export function projectChoiceProblem(choice: ProjectChoice): string | null {
  if (choice.projectId === "") return "Choose a project, or create one.";
  if (choice.projectId !== NEW_PROJECT) return null;
  if (!choice.newName.trim()) return "Name the new project.";
  if (!choice.ruoAcknowledged) return "Acknowledge that the project is for research use only.";
  return null;
}

/** The chosen project's id, creating the new project first when that is the choice. */
export async function resolveProjectChoice(
  choice: ProjectChoice,
  createProject: (name: string) => Promise<{ id: number }>,
): Promise<{ projectId: number; created: boolean }> {
  const problem = projectChoiceProblem(choice);
  if (problem) throw new Error(problem);
  if (choice.projectId !== NEW_PROJECT) return { projectId: Number(choice.projectId), created: false };
  return { projectId: (await createProject(choice.newName.trim())).id, created: true };
}
