import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { UploadKind } from "@sieve/contracts";
import { currentUserQuery } from "../../../lib/auth";
import { createProject, createRun, uploadFile } from "../../../lib/endpoints";
import { buildRunBody, dashboardProjectName, type JobForm } from "../model/job-form";

/**
 * §4: the first launch creates a project (research use acknowledged) in the caller's organization;
 * its id is kept and reused for every later launch from the same dialog.
 */
export function useLaunchJob() {
  const queryClient = useQueryClient();
  const projectId = useRef<number | null>(null);
  return useMutation({
    mutationFn: async ({ form, idempotencyKey }: { form: JobForm; idempotencyKey: string }) => {
      if (projectId.current === null) {
        const user = await queryClient.ensureQueryData(currentUserQuery);
        const project = await createProject({ org_id: user.org_id, name: dashboardProjectName(new Date()) });
        projectId.current = project.id;
      }
      return createRun(projectId.current, buildRunBody(form), idempotencyKey);
    },
  });
}

export function useUpload() {
  return useMutation({ mutationFn: ({ kind, file }: { kind: UploadKind; file: File }) => uploadFile(kind, file) });
}
