import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EngineJob, EngineJobList, MolecularRunBody, RunStatus } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import type { ProjectChoice } from "../../../lib/project-choice";
import { projectForLaunch } from "../../../lib/project-launch";
import { isFinished } from "../model/engine-job";

/** Under the engine-jobs prefix, so any invalidation of engine jobs elsewhere refreshes this list too. */
export const MOLECULAR_JOBS_KEY = ["engine", "jobs", "molecular"] as const;
const JOB_LIST_LIMIT = 50;
/** While a job is queued or running the list refreshes itself, so statuses and progress stay current. */
const ACTIVE_REFRESH_MS = 2_000;
/** §4: after an optimization run starts, the job list is reloaded after 0.5 s. */
const RELOAD_AFTER_START_MS = 500;

export function useMolecularJobs() {
  return useQuery({
    queryKey: MOLECULAR_JOBS_KEY,
    queryFn: async () =>
      (await apiRequest<EngineJobList>(`/v1/engine/jobs?domain=molecular&limit=${JOB_LIST_LIMIT}`)).jobs,
    refetchInterval: (query) => (query.state.data?.some((job) => !isFinished(job.status)) ? ACTIVE_REFRESH_MS : false),
  });
}

export function getEngineJob(id: string): Promise<EngineJob> {
  return apiRequest(`/v1/engine/jobs/${encodeURIComponent(id)}`);
}

export interface MolecularRunStarted {
  id: string;
  run_id: string;
  status: RunStatus;
}

/**
 * Starts an optimization run in the chosen project; a new project (named and acknowledged research-use-only by the
 * user) is created first and reported through `onProjectCreated`, so a retry reuses it.
 */
export function useStartMolecularRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      project,
      body,
      onProjectCreated,
    }: {
      project: ProjectChoice;
      body: MolecularRunBody;
      onProjectCreated: (projectId: number) => void;
    }) => {
      const projectId = await projectForLaunch(queryClient, project, onProjectCreated);
      return apiRequest<MolecularRunStarted>(`/v1/projects/${projectId}/runs/molecular`, { method: "POST", body });
    },
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: MOLECULAR_JOBS_KEY }), RELOAD_AFTER_START_MS);
    },
  });
}

/** Replaces one job in the cached list, so the table reflects what the page learnt before the next reload. */
export function usePatchCachedJob() {
  const queryClient = useQueryClient();
  return (id: string, patch: Partial<EngineJob>) =>
    queryClient.setQueryData<EngineJob[]>(MOLECULAR_JOBS_KEY, (jobs) =>
      jobs?.map((job) => (job.id === id ? { ...job, ...patch } : job)),
    );
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  const patchJob = usePatchCachedJob();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ id: string; status: "cancelled" }>(`/v1/engine/jobs/${encodeURIComponent(id)}`, {
        method: "DELETE",
      }),
    // §4: after a successful cancel the client marks the job cancelled.
    onSuccess: ({ id }) => {
      patchJob(id, { status: "cancelled" });
      void queryClient.invalidateQueries({ queryKey: MOLECULAR_JOBS_KEY });
    },
  });
}

interface Health {
  status: string;
  workers?: { embedded: number; remote: number };
}

/** Whether anything can execute jobs: with no worker at all, new jobs wait queued. */
export function useWorkerCount() {
  return useQuery({
    queryKey: ["health"],
    queryFn: () => apiRequest<Health>("/health"),
    select: (health) => (health.workers ? health.workers.embedded + health.workers.remote : null),
    refetchInterval: 30_000,
  });
}
