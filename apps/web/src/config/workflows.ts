import type { Workflow } from "@sieve/contracts";

/** How the three workflow types of the New Job modal are named on screen. */
export const WORKFLOW_LABELS: Record<Workflow, { label: string; executor: string }> = {
  vhts: { label: "Virtual High-Throughput Screening", executor: "VHTS" },
  lead_opt: { label: "Lead Optimization", executor: "lead-optimization" },
  custom: { label: "Custom Workflow", executor: "custom-workflow" },
};

export function workflowLabel(workflow: string): string {
  return workflow in WORKFLOW_LABELS ? WORKFLOW_LABELS[workflow as Workflow].label : workflow;
}

/** Runs stay queued until an executor for their workflow exists; the UI says so instead of faking progress. */
export function waitingForExecutor(workflow: string): string {
  const executor = workflow in WORKFLOW_LABELS ? WORKFLOW_LABELS[workflow as Workflow].executor : workflow;
  return `Waiting for a ${executor} executor`;
}
