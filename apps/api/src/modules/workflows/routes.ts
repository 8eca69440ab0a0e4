import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, OraclesStatus, PlanBody, WorkflowPlan, WorkflowRunDetail, type RunConfig } from "@sieve/contracts";

const ConfirmPlanBody = z.object({ plan: WorkflowPlan });
import { stripToProtein } from "@sieve/workflows";
import { conflict, notFound } from "../../http/errors";
import { UuidParam } from "../../http/params";
import { launchWorkflowRun } from "./service";
import { engineJobsStore } from "../engine/store";
import { runsStore } from "../runs/store";
import { toPublicRun } from "../runs/service";
import { workflowFiles } from "./inputs";
import { oracleStatus } from "./oracle-status";
import { jobOfRun } from "./shards";
import { access } from "../../plugins/roles";

/** The New Job modal's workflows as engine domains, and what their run pages read. */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const referenceRoot = app.config.referenceDataRoot;
  const parsePlan = (description: string) => app.compute.run("workflows.plan", { description });

  // The custom workflow's description read back as a plan, for the user to confirm or edit before launching.
  app.post(
    "/v1/workflows/plan",
    { config: access.computeOnly, schema: { tags: ["workflows"], body: PlanBody, response: { 200: WorkflowPlan } } },
    async (request) => parsePlan(request.body.description),
  );

  app.get("/v1/workflows/oracles", { schema: { tags: ["workflows"], response: { 200: OraclesStatus } } }, async () =>
    oracleStatus(),
  );

  app.get(
    "/v1/workflows/runs/:id",
    { schema: { tags: ["workflows"], params: UuidParam, response: { 200: WorkflowRunDetail, 404: ErrorBody } } },
    async (request) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      return { run: toPublicRun(run), job: await jobOfRun(engineJobsStore(db, request.tenant), run.id) };
    },
  );

  // Confirms (or replaces) the plan of a custom run that is still waiting for one, and starts it.
  app.post(
    "/v1/workflows/runs/:id/plan",
    {
      config: access.contributors,
      schema: {
        tags: ["workflows"],
        params: UuidParam,
        body: ConfirmPlanBody,
        response: { 200: WorkflowRunDetail, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const store = runsStore(db, request.tenant);
      const run = await store.get(request.params.id);
      if (!run) throw notFound("Run");
      const jobs = engineJobsStore(db, request.tenant);
      if (run.workflow !== "custom" || run.status !== "queued" || (await jobs.forRun(run.id)).length)
        throw conflict("Only a custom run still waiting for its plan can be confirmed", "plan_not_pending");
      const config = run.config as unknown as RunConfig;
      const modules = [
        ...config.modules.filter((m) => m.name !== "WorkflowPlan"),
        { name: "WorkflowPlan", params: request.body.plan },
      ];
      if (!(await store.updateConfig(run.id, { ...config, modules }))) throw notFound("Run");
      const updated = (await store.get(run.id))!;
      await launchWorkflowRun(app, request.tenant, toPublicRun(updated), request.tenant.userId);
      return { run: toPublicRun((await store.get(run.id))!), job: await jobOfRun(jobs, run.id) };
    },
  );

  // The receptor a run docked into, protein atoms only, for the pose viewer.
  app.get(
    "/v1/workflows/runs/:id/receptor",
    { schema: { tags: ["workflows"], params: UuidParam, response: { 200: z.string(), 404: ErrorBody } } },
    async (request, reply) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      const config = run.config as unknown as RunConfig;
      const target = await workflowFiles(db, request.tenant, referenceRoot)
        .target(config.inputs?.target_protein ?? null)
        .catch(() => null);
      if (!target?.structure) throw notFound("Receptor structure");
      const text = target.structure.format === "pdb" ? stripToProtein(target.structure.text) : target.structure.text;
      return reply.type("text/plain; charset=utf-8").send(text);
    },
  );
};
