import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Curves,
  ErrorBody,
  MolecularRunBody,
  MolecularRunCreated,
  Run,
  RunCreateBody,
  RunList,
  type RunConfig,
  resolveRunConfig,
} from "@sieve/contracts";
import { validationFailed } from "../../http/errors";
import { IdParam, UuidParam } from "../../http/params";
import { PageQuery } from "../../http/pagination";
import type { TenantScope } from "../../plugins/authentication";
import { launchWorkflowRun, runsService } from "./service";
import { access } from "../../plugins/roles";

const IdempotencyHeaders = z.object({ "idempotency-key": z.string().trim().min(1).max(200).optional() });

/**
 * Checks of a new run's inputs that only the module of its workflow knows (a docking target that would
 * fail the job): the problems, each with its path; none when the run may be created.
 */
export type RunInputCheck = (scope: TenantScope, config: RunConfig) => Promise<{ path: string; message: string }[]>;

export function runRoutes(inputProblems: RunInputCheck): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;

    app.post(
      "/v1/projects/:id/runs",
      {
        config: access.contributors,
        schema: {
          tags: ["runs"],
          params: IdParam,
          headers: IdempotencyHeaders,
          body: RunCreateBody,
          response: { 200: Run, 201: Run, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        // A docking input that would fail the job is refused now, before a run or a job exists.
        const problems = await inputProblems(request.tenant, resolveRunConfig(request.body));
        if (problems.length) throw validationFailed(problems);
        const { run, created } = await runsService(db, request.tenant).create(
          request.params.id,
          request.body,
          request.headers["idempotency-key"] ?? null,
        );
        // The run's workflow executes as an engine job; an idempotent replay does not submit it again.
        if (created) await launchWorkflowRun({ db, engine: app.engine }, request.tenant, run, request.tenant.userId);
        return reply.status(created ? 201 : 200).send(run);
      },
    );

    app.get(
      "/v1/runs",
      { schema: { tags: ["runs"], querystring: PageQuery, response: { 200: RunList } } },
      async (request) => runsService(db, request.tenant).list(request.query.limit, request.query.cursor),
    );

    app.get(
      "/v1/runs/:id",
      { schema: { tags: ["runs"], params: UuidParam, response: { 200: Run, 404: ErrorBody } } },
      async (request) => runsService(db, request.tenant).get(request.params.id),
    );

    app.get(
      "/v1/runs/:id/curves",
      { schema: { tags: ["runs"], params: UuidParam, response: { 200: Curves, 404: ErrorBody } } },
      async (request) => runsService(db, request.tenant).curves(request.params.id),
    );

    // A run of the graph GA, executed as an engine job.
    app.post(
      "/v1/projects/:id/runs/molecular",
      {
        config: access.contributors,
        schema: {
          tags: ["engine"],
          params: IdParam,
          body: MolecularRunBody,
          response: { 201: MolecularRunCreated, 404: ErrorBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        const created = await runsService(db, request.tenant).createMolecular(request.params.id, request.body, {
          pool: app.compute,
          engine: app.engine,
        });
        return reply.status(201).send(created);
      },
    );
  };
}
