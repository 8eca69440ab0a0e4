import type { FastifyInstance } from "fastify";
import { clampRemoteShards, type Run, type RunConfig } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { runsStore } from "../runs/store";
import { CUSTOM_DOMAIN, LEAD_OPT_DOMAIN, VHTS_DOMAIN, type WorkflowJobInput } from "./jobs";

/** Which engine domain executes each workflow of the New Job modal. */
export const WORKFLOW_DOMAINS: Partial<Record<RunConfig["workflow"], string>> = {
  vhts: VHTS_DOMAIN,
  lead_opt: LEAD_OPT_DOMAIN,
  custom: CUSTOM_DOMAIN,
};

/**
 * Submits the engine job(s) that execute a run created from the New Job modal; the run then mirrors
 * its jobs' statuses. Runs of workflows without an executor stay queued.
 */
export async function launchWorkflowRun(
  app: FastifyInstance,
  scope: TenantScope,
  run: Run,
  userId: number,
): Promise<void> {
  const config = run.config as unknown as RunConfig;
  const domain = WORKFLOW_DOMAINS[config.workflow];
  if (!domain) return;
  // A custom workflow runs once its plan is confirmed (the WorkflowPlan module, from the modal or the run page).
  if (config.workflow === "custom" && !config.modules.some((m) => m.name === "WorkflowPlan")) return;
  const orgId = await runsStore(app.database.db, scope).orgOf(run.id);
  if (orgId === null) return;
  const { execution, shards } = executionOf(config);
  for (let index = 0; index < shards; index++) {
    const input: WorkflowJobInput = {
      run_id: run.id,
      workflow: config.workflow,
      config,
      user_id: userId,
      ...(shards > 1 ? { shard: { index, count: shards } } : {}),
    };
    await app.engine.submit({
      orgId,
      projectId: run.project_id,
      runId: run.id,
      domain,
      execution,
      input,
      createdBy: userId,
    });
  }
}

/**
 * Where a run executes: on this instance's threads, or — with a `RemoteExecution` module — on the
 * organization's remote workers, a VHTS run split into `shards` jobs (1–16) that workers take in parallel.
 */
export function executionOf(config: RunConfig): { execution: "embedded" | "remote"; shards: number } {
  const remote = config.modules.find((m) => m.name === "RemoteExecution");
  if (!remote) return { execution: "embedded", shards: 1 };
  const requested = Number(remote.params.shards ?? 1);
  const shards = config.workflow === "vhts" && Number.isInteger(requested) ? clampRemoteShards(requested) : 1;
  return { execution: "remote", shards };
}
