import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Curves,
  ErrorBody,
  MOLECULAR_MESSAGES,
  MolecularRunBody,
  MolecularRunCreated,
  Run,
  RunCreateBody,
  resolveMolecularInput,
  resolveRunConfig,
  splitLines,
} from "@sieve/contracts";
import { notFound, validationFailed } from "../../http/errors";
import { IdParam, UuidParam } from "../../http/params";
import { dockingInputProblems } from "../workflows/inputs";
import { PageQuery, decodeCursor, encodeCursor } from "../../http/pagination";
import { runsService, toPublicRun } from "./service";
import { runsStore } from "./store";
import { projectsStore } from "../projects/store";
import { engineJobsStore, groupCurves } from "../engine/store";
import { jobOfRun } from "../workflows/shards";
import { launchWorkflowRun } from "../workflows/service";
import { access } from "../../plugins/roles";

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
      if (created) await launchWorkflowRun(app, request.tenant, run, request.tenant.userId);
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
    { schema: { tags: ["runs"], params: UuidParam, response: { 200: Run, 404: ErrorBody } } },
    async (request) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      return toPublicRun(run);
    },
  );

  // Curves are written by the engine while the run's job executes; a run no job has picked up has none.
  app.get(
    "/v1/runs/:id/curves",
    { schema: { tags: ["runs"], params: UuidParam, response: { 200: Curves, 404: ErrorBody } } },
    async (request) => {
      const run = await runsStore(db, request.tenant).get(request.params.id);
      if (!run) throw notFound("Run");
      const jobs = engineJobsStore(db, request.tenant);
      const job = await jobOfRun(jobs, run.id);
      return { curves: job ? groupCurves(await jobs.curvePoints(job.id)) : [] };
    },
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
      const project = await projectsStore(db, request.tenant).get(request.params.id);
      if (!project) throw notFound("Project");
      const execution = request.body.execution ?? "embedded";
      const smiles = request.body.smiles.flatMap(splitLines);
      if (request.body.smiles_source) {
        if (execution !== "remote")
          throw validationFailed([
            { path: "smiles_source", message: "local: sources are read by a remote worker; set execution to remote" },
          ]);
        if (smiles.length)
          throw validationFailed([{ path: "smiles", message: "give either smiles or smiles_source, not both" }]);
      } else {
        if (smiles.length === 0)
          throw validationFailed([{ path: "smiles", message: MOLECULAR_MESSAGES.smilesRequired }], "smiles_required");
        const checked = await app.compute.run("molecules.analyze", { items: smiles, svg: false });
        const invalid = checked.flatMap((result, index) =>
          result.ok ? [] : [{ path: `smiles.${index}`, message: `${result.input}: ${result.error}` }],
        );
        if (invalid.length) throw validationFailed(invalid, "invalid_smiles");
      }

      const input = resolveMolecularInput(request.body, smiles);
      const runId = await runsStore(db, request.tenant).create({
        orgId: project.org_id,
        projectId: project.id,
        workflow: "molecular_optimization",
        config: { ...input, execution },
        idempotencyKey: null,
        requestHash: null,
      });
      const job = await app.engine.submit({
        orgId: project.org_id,
        projectId: project.id,
        runId: runId!,
        domain: "molecular",
        execution,
        input,
        createdBy: request.tenant.userId,
      });
      return reply.status(201).send({ id: job.id, run_id: runId!, status: "queued" as const });
    },
  );
};
