import type { RunConfig, WorkflowPlan, WorkflowRunDetail } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import { stripToProtein } from "@sieve/workflows";
import type { TenantScope } from "../../plugins/authentication";
import { conflict, notFound } from "../../http/errors";
import type { EngineRuntime } from "../engine/runtime";
import { engineJobsStore } from "../engine/store";
import { runsStore } from "../runs/store";
import { launchWorkflowRun, toPublicRun } from "../runs/service";
import { jobOfRun } from "../runs/shards";
import { workflowFiles } from "./inputs";

export interface WorkflowsContext {
  db: Database;
  engine: Pick<EngineRuntime, "submit">;
  referenceRoot: string;
}

/** What a run page of the New Job modal's workflows reads, and the confirmation of a custom run's plan. */
export function workflowsService({ db, engine, referenceRoot }: WorkflowsContext, scope: TenantScope) {
  const runs = runsStore(db, scope);
  const jobs = engineJobsStore(db, scope);

  async function runOf(id: string) {
    const run = await runs.get(id);
    if (!run) throw notFound("Run");
    return run;
  }

  return {
    /** A run with the job it is seen as (its one job, or its shards merged). */
    async detail(id: string): Promise<WorkflowRunDetail> {
      const job = await jobOfRun(jobs, (await runOf(id)).id);
      // The run's status is written in the transaction that moves its job, so the run read after the job is at
      // least as current: never "running" beside a job that has completed (read the other way round, it could be).
      return { run: toPublicRun(await runOf(id)), job };
    },

    /** Confirms (or replaces) the plan of a custom run that is still waiting for one, and starts it. */
    async confirmPlan(id: string, plan: WorkflowPlan): Promise<WorkflowRunDetail> {
      const run = await runOf(id);
      if (run.workflow !== "custom" || run.status !== "queued" || (await jobs.forRun(run.id)).length)
        throw conflict("Only a custom run still waiting for its plan can be confirmed", "plan_not_pending");
      const config = run.config as unknown as RunConfig;
      const modules = [
        ...config.modules.filter((m) => m.name !== "WorkflowPlan"),
        { name: "WorkflowPlan", params: plan },
      ];
      if (!(await runs.updateConfig(run.id, { ...config, modules }))) throw notFound("Run");
      const updated = (await runs.get(run.id))!;
      await launchWorkflowRun({ db, engine }, scope, toPublicRun(updated), scope.userId);
      return { run: toPublicRun((await runs.get(run.id))!), job: await jobOfRun(jobs, run.id) };
    },

    /** The receptor a run docked into, protein atoms only, for the pose viewer. */
    async receptor(id: string): Promise<string> {
      const run = await runOf(id);
      const config = run.config as unknown as RunConfig;
      const target = await workflowFiles(db, scope, referenceRoot)
        .target(config.inputs?.target_protein ?? null)
        .catch(() => null);
      if (!target?.structure) throw notFound("Receptor structure");
      return target.structure.format === "pdb" ? stripToProtein(target.structure.text) : target.structure.text;
    },
  };
}
