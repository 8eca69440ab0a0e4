import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UploadKind } from "@sieve/contracts";
import { createRun, listProjects, uploadFile } from "../../../lib/endpoints";
import type { ProjectChoice } from "../../../lib/project-choice";
import { projectForLaunch, PROJECTS_KEY } from "../../../lib/project-launch";
import { buildRunBody, type JobForm } from "../model/job-form";

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
      const projectId = await projectForLaunch(queryClient, project, onProjectCreated);
      return createRun(projectId, buildRunBody(form), idempotencyKey);
    },
  });
}

export function useUpload() {
  return useMutation({ mutationFn: ({ kind, file }: { kind: UploadKind; file: File }) => uploadFile(kind, file) });
}
