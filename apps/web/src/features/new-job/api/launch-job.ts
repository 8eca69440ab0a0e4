import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UploadKind } from "@sieve/contracts";
import { currentUserQuery } from "../../../lib/auth";
import { createProject, createRun, listProjects, uploadFile } from "../../../lib/endpoints";
import { resolveProjectChoice, type ProjectChoice } from "../../../lib/project-choice";
import { buildRunBody, type JobForm } from "../model/job-form";

/** The same key as My Projects' list, so a project created here shows there at once. */
const PROJECTS_KEY = ["projects"] as const;

export function useProjectOptions(enabled: boolean) {
  return useQuery({ queryKey: PROJECTS_KEY, queryFn: listProjects, enabled });
}

/**
 * Launches a run in the chosen project; a new project (named and acknowledged research-use-only by the
 * user) is created first and reported through `onProjectCreated`, so a retry reuses it.
 */
export function useLaunchJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      form,
      project,
      idempotencyKey,
      onProjectCreated,
    }: {
      form: JobForm;
      project: ProjectChoice;
      idempotencyKey: string;
      onProjectCreated: (projectId: number) => void;
    }) => {
      const { projectId, created } = await resolveProjectChoice(project, async (name) => {
        const user = await queryClient.ensureQueryData(currentUserQuery);
        return createProject({ org_id: user.org_id, name });
      });
      if (created) {
        onProjectCreated(projectId);
        await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      }
      return createRun(projectId, buildRunBody(form), idempotencyKey);
    },
  });
}

export function useUpload() {
  return useMutation({ mutationFn: ({ kind, file }: { kind: UploadKind; file: File }) => uploadFile(kind, file) });
}
