import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ConfirmPlanBody, ErrorBody, OraclesStatus, PlanBody, WorkflowPlan, WorkflowRunDetail } from "@sieve/contracts";
import { UuidParam } from "../../http/params";
import type { TenantScope } from "../../plugins/authentication";
import { oracleStatus } from "./oracle-status";
import { workflowsService } from "./service";
import { access } from "../../plugins/roles";

/** The New Job modal's workflows as engine domains, and what their run pages read. */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = { db: app.database.db, engine: app.engine, referenceRoot: app.config.referenceDataRoot };
  const workflows = (request: { tenant: TenantScope }) => workflowsService(context, request.tenant);
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
    async (request) => workflows(request).detail(request.params.id),
  );

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
    async (request) => workflows(request).confirmPlan(request.params.id, request.body.plan),
  );

  app.get(
    "/v1/workflows/runs/:id/receptor",
    { schema: { tags: ["workflows"], params: UuidParam, response: { 200: z.string(), 404: ErrorBody } } },
    async (request, reply) =>
      reply.type("text/plain; charset=utf-8").send(await workflows(request).receptor(request.params.id)),
  );
};
