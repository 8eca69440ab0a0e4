import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Curves, ErrorBody, Run, RunCreateBody, resolveRunConfig } from "@sieve/contracts";
import { notFound, validationFailed } from "../../http/errors";
import { dockingInputProblems } from "../workflows/inputs";
import { PageQuery, decodeCursor, encodeCursor } from "../../http/pagination";
import { IdParam } from "../projects/routes";
import { runsService, toPublicRun } from "./service";
import { runsStore } from "./store";
import { engineJobsStore, groupCurves } from "../engine/store";
import { jobOfRun } from "../workflows/shards";
import { launchWorkflowRun } from "../workflows/service";
import { access } from "../../plugins/roles";

const RunIdParam = z.object({ id: z.string().max(100) });
const IdempotencyHeaders = z.object({ "idempotency-key": z.string().trim().min(1).max(200).optional() });
const RunPage = z.object({ runs: z.array(Run), next_cursor: z.string().optional() });

export const runRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const problems = await dockingInputProblems(
        db,
        request.tenant,
        app.config.referenceDataRoot,
        resolveRunConfig(request.body),
      );
      if (problems.length) throw validationFailed(problems);
      const { run, created } = await runsService(db, request.tenant).create(
        request.params.id,
        request.body,
        request.headers["idempotency-key"] ?? null,
      );
      // The run's workflow executes as an engine job; an idempotent replay does not submit it again.
      if (created) await launchWorkflowRun(app, run, request.tenant.userId);
      return reply.status(created ? 201 : 200).send(run);
    },
  );

  app.get(
    "/v1/runs",
    { schema: { tags: ["runs"], querystring: PageQuery, response: { 200: RunPage } } },
    async (request) => {
      const { limit, cursor } = request.query;
      const rows = await runsStore(db, request.tenant).list(limit + 1, decodeCursor(cursor));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        runs: page.map(toPublicRun),
        ...(rows.length > limit && last
          ? { next_cursor: encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) }
          : {}),
      };
    },
  );

  app.get(
    "/v1/runs/:id",
    { schema: { tags: ["runs"], params: RunIdParam, response: { 200: Run, 404: ErrorBody } } },
    async (request) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      return toPublicRun(run);
    },
  );

  // Curves are written by the engine while the run's job executes; a run no job has picked up has none.
  app.get(
    "/v1/runs/:id/curves",
    { schema: { tags: ["runs"], params: RunIdParam, response: { 200: Curves, 404: ErrorBody } } },
    async (request) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      const jobs = engineJobsStore(db, request.tenant);
      const job = await jobOfRun(jobs, run.id);
      return { curves: job ? groupCurves(await jobs.curvePoints(job.id)) : [] };
    },
  );
};
