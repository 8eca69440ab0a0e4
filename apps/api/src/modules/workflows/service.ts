import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { schema } from "@sieve/db";
import type { Run, RunConfig } from "@sieve/contracts";
import { CUSTOM_DOMAIN, LEAD_OPT_DOMAIN, VHTS_DOMAIN, type WorkflowJobInput } from "./jobs";

/** Which engine domain executes each workflow of the New Job modal. */
export const WORKFLOW_DOMAINS: Partial<Record<RunConfig["workflow"], string>> = { vhts: VHTS_DOMAIN, lead_opt: LEAD_OPT_DOMAIN, custom: CUSTOM_DOMAIN };

/**
 * Submits the engine job that executes a run created from the New Job modal; the run then mirrors
 * the job's status. Runs of workflows without an executor stay queued.
 */
export async function launchWorkflowRun(app: FastifyInstance, run: Run, userId: number): Promise<void> {
  const config = run.config as unknown as RunConfig;
  const domain = WORKFLOW_DOMAINS[config.workflow];
  if (!domain) return;
  // A custom workflow runs once its plan is confirmed (the WorkflowPlan module, from the modal or the run page).
  if (config.workflow === "custom" && !config.modules.some((m) => m.name === "WorkflowPlan")) return;
  const [row] = await app.database.db.select({ orgId: schema.runs.orgId }).from(schema.runs).where(eq(schema.runs.id, run.id));
  if (!row) return;
  const input: WorkflowJobInput = { run_id: run.id, workflow: config.workflow, config, user_id: userId };
  await app.engine.submit({ orgId: row.orgId, projectId: run.project_id, runId: run.id, domain, execution: "embedded", input, createdBy: userId });
}
