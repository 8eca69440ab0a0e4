import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WorkflowPlan, WorkflowRunDetail } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
export const workflowRunKey = (id: string) => ["workflow-run", id] as const;

/** A run and the engine job executing it, polled every second until the job has finished. */
export function useWorkflowRun(id: string) {
  return useQuery({
    queryKey: workflowRunKey(id),
    queryFn: () =>
      apiRequest<WorkflowRunDetail>(`/v1/workflows/runs/${encodeURIComponent(id)}`, { operation: "getRun" }),
    refetchInterval: (query) => {
      const detail = query.state.data;
      return detail && TERMINAL.has(detail.job?.status ?? detail.run.status) ? false : 1000;
    },
  });
}

/** The protein the run docked into (protein atoms only), for the pose viewer. */
export function useReceptor(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ["workflow-run", id, "receptor"],
    queryFn: () => apiRequest<string>(`/v1/workflows/runs/${encodeURIComponent(id)}/receptor`),
    enabled,
    staleTime: Infinity,
  });
}

export function useCancelJob(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiRequest(`/v1/engine/jobs/${encodeURIComponent(jobId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowRunKey(runId) }),
  });
}

export function useParsePlan() {
  return useMutation({
    mutationFn: (description: string) =>
      apiRequest<WorkflowPlan>("/v1/workflows/plan", { method: "POST", body: { description } }),
  });
}

export function useConfirmPlan(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: WorkflowPlan) =>
      apiRequest<WorkflowRunDetail>(`/v1/workflows/runs/${encodeURIComponent(runId)}/plan`, {
        method: "POST",
        body: { plan },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowRunKey(runId) }),
  });
}
