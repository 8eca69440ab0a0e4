import type { QueryClient } from "@tanstack/react-query";
import { currentUserQuery } from "./auth";
import { createProject } from "./endpoints";
import { resolveProjectChoice, type ProjectChoice } from "./project-choice";

/** The same key as My Projects' list, so a project created while launching shows there at once. */
export const PROJECTS_KEY = ["projects"] as const;

/**
 * The id of the project a job launches in. A new project (named and acknowledged research-use-only by the user) is
 * created in the caller's organization first and reported through `onProjectCreated`, so a retry reuses it.
 */
export async function projectForLaunch(
  queryClient: QueryClient,
  choice: ProjectChoice,
  onProjectCreated: (projectId: number) => void,
): Promise<number> {
  const { projectId, created } = await resolveProjectChoice(choice, async (name) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    return createProject({ org_id: user.org_id, name });
  });
  if (created) {
    onProjectCreated(projectId);
    await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
  }
  return projectId;
}
