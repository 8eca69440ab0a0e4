import type { TLSSocket } from "node:tls";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { schema, type DatabaseHandle } from "@sieve/db";
import { redactedErrorForLog } from "../http/database-errors";
import { ApiError, notFound } from "../http/errors";
import { registerErrorHandler } from "../plugins/error-handler";
import { registerInputGuards } from "../plugins/input-guards";
import { JobPayloadError } from "../modules/engine/job-types";
import type { EngineRuntime } from "../modules/engine/runtime";
import { EngineQueue } from "../modules/engine/queue";
import type { EngineJobRow } from "../modules/engine/store";
import { fromTransport, toTransport } from "@sieve/compute/transport";

export interface WorkerGatewayTls {
  ca: string | Buffer;
  cert: string | Buffer;
  key: string | Buffer;
}

interface RemoteWorker {
  id: string;
  orgId: number;
  name: string;
}

declare module "fastify" {
  interface FastifyRequest {
    remoteWorker: RemoteWorker;
  }
}

const ORG_SUBJECT = /^sieve-org-(\d+)$/;
const LONG_POLL_MS = 20_000;
const POLL_STEP_MS = 500;
const CurvePoint = z.object({ name: z.string().max(100), x: z.number(), y: z.number() });
const JobParam = z.object({ id: z.string().uuid() });
const JobResult = z.object({ best_fitness: z.number().nullable(), final_metrics: z.record(z.string(), z.unknown()) });
/** Workflow results carry poses and drawings: well above Fastify's 1 MiB default. */
const BODY_LIMIT = 64 * 1024 * 1024;

/**
 * The worker port: HTTPS with mutual TLS. A client without a certificate signed by our CA is refused
 * during the TLS handshake, before any HTTP. Workers are identified by their certificate alone
 * (never by user tokens), belong to the organization named in it, and only ever see its jobs.
 * Connections are always opened by the worker: the platform never connects out to one.
 */
export async function buildWorkerGateway(options: {
  tls: WorkerGatewayTls;
  database: DatabaseHandle;
  engine: EngineRuntime;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (options.logger ?? true) && { serializers: { err: redactedErrorForLog } },
    https: { ...options.tls, requestCert: true, rejectUnauthorized: true },
    bodyLimit: BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuards(app);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `No route ${request.method} ${request.url}`, code: "not_found" }),
  );
  await app.register(workerRoutes(options.database, options.engine));
  return app;
}

/**
 * A remote worker's output as the job's result; 422 when it is not one (`{"output":{}}`, or an output the
 * job's domain cannot finish), so a bad or outdated worker gets an answer it can log, never a 500.
 */
export async function completedJobResult(engine: EngineRuntime, job: EngineJobRow, output: unknown) {
  let finished: unknown;
  try {
    finished = await engine.jobTypes.finish(job, fromTransport(output));
  } catch (error) {
    if (error instanceof JobPayloadError)
      throw new ApiError(422, "invalid_output", error.message, {
        fields: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      });
    // A shape the domain did not expect; anything else (the database, a bug) stays a 500.
    if (!(error instanceof TypeError || error instanceof RangeError || error instanceof z.ZodError)) throw error;
    throw new ApiError(422, "invalid_output", `The ${job.domain} job's output cannot be read: ${error.message}`);
  }
  const result = JobResult.safeParse(finished);
  if (!result.success)
    throw new ApiError(422, "invalid_output", `The ${job.domain} job's output is not a result`, {
      fields: result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    });
  return result.data;
}

function certificateOf(request: FastifyRequest) {
  const certificate = (request.raw.socket as TLSSocket).getPeerCertificate?.();
  if (!certificate?.fingerprint256) throw new ApiError(401, "unauthorized", "A client certificate is required");
  const organization = Array.isArray(certificate.subject.O) ? certificate.subject.O[0] : certificate.subject.O;
  const orgId = Number(ORG_SUBJECT.exec(organization ?? "")?.[1]);
  return {
    fingerprint: certificate.fingerprint256,
    name: String(certificate.subject.CN ?? "worker"),
    orgId: Number.isInteger(orgId) ? orgId : null,
  };
}

function workerRoutes(database: DatabaseHandle, engine: EngineRuntime): FastifyPluginAsyncZod {
  const db = database.db;
  const { workers, engineJobs, organizations } = schema;

  /** A job this worker may touch: its organization's, delivered to it. */
  async function ownJob(request: FastifyRequest, jobId: string) {
    const [job] = await db
      .select()
      .from(engineJobs)
      .where(
        and(
          eq(engineJobs.id, jobId),
          eq(engineJobs.orgId, request.remoteWorker.orgId),
          eq(engineJobs.workerId, request.remoteWorker.id),
        ),
      );
    if (!job) throw notFound("Engine job");
    return job;
  }

  /**
   * The compute input of a claimed job: a domain with database-side steps (workflows, oracles) has its
   * files and records read here, as for an embedded job; typed arrays are made JSON-safe.
   */
  async function workerInput(job: EngineJobRow): Promise<unknown> {
    return toTransport(await engine.jobTypes.prepare(job));
  }

  return async (app) => {
    app.post("/v1/workers/register", async (request) => {
      const { fingerprint, name, orgId } = certificateOf(request);
      if (orgId === null)
        throw new ApiError(
          403,
          "no_organization",
          "The client certificate names no organization (subject O=sieve-org-<id>)",
        );
      const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
      if (!org) throw new ApiError(403, "no_organization", `Organization ${orgId} does not exist`);
      const [worker] = await db
        .insert(workers)
        .values({ kind: "remote", orgId, name, certFingerprint: fingerprint })
        .onConflictDoUpdate({ target: workers.certFingerprint, set: { name, lastSeenAt: new Date() } })
        .returning();
      return { worker_id: worker!.id, org_id: orgId, name, heartbeat_interval_ms: 1000 };
    });

    // Every other call: the certificate must belong to a registered worker.
    await app.register(async (registered) => {
      registered.addHook("onRequest", async (request) => {
        const { fingerprint } = certificateOf(request);
        const [worker] = await db
          .update(workers)
          .set({ lastSeenAt: new Date() })
          .where(eq(workers.certFingerprint, fingerprint))
          .returning();
        if (!worker?.orgId)
          throw new ApiError(401, "unauthorized", "Register this worker first (POST /v1/workers/register)");
        request.remoteWorker = { id: worker.id, orgId: worker.orgId, name: worker.name };
      });
      const typed = registered.withTypeProvider<ZodTypeProvider>();

      /** Long poll: answers a claimed job as soon as one is queued for the organization, or 204 after 20 s. */
      typed.post("/v1/workers/jobs/next", async (request, reply) => {
        const queue = EngineQueue.queueName({ execution: "remote", orgId: request.remoteWorker.orgId });
        const deadline = Date.now() + LONG_POLL_MS;
        let closed = false;
        // The response's close (the worker went away): the request's own close fires as soon as its body is read.
        reply.raw.on("close", () => (closed = true));
        while (!closed && Date.now() < deadline) {
          const jobId = await engine.take(queue);
          const job = jobId ? await engine.lifecycle.claim(jobId, request.remoteWorker.id) : null;
          if (job) {
            try {
              return { job: { id: job.id, domain: job.domain, input: await workerInput(job) } };
            } catch (error) {
              // Inputs that cannot be read (a deleted upload, a bad file) fail the job; the worker polls on.
              await engine.lifecycle.fail(
                job.id,
                request.remoteWorker.id,
                error instanceof Error ? error.message : String(error),
              );
              continue;
            }
          }
          if (!jobId) await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS));
        }
        return reply.status(204).send();
      });

      typed.post(
        "/v1/workers/jobs/:id/heartbeat",
        {
          schema: {
            params: JobParam,
            body: z.object({
              progress: z.record(z.string(), z.unknown()).optional(),
              points: z.array(CurvePoint).max(10_000).optional(),
            }),
          },
        },
        async (request) => {
          const job = await ownJob(request, request.params.id);
          return engine.lifecycle.heartbeat(
            job.id,
            request.remoteWorker.id,
            request.body.progress,
            request.body.points,
          );
        },
      );

      typed.post(
        "/v1/workers/jobs/:id/complete",
        {
          schema: {
            params: JobParam,
            // `output`: the compute task's output as the worker produced it; the job's domain turns it into the result.
            body: z.object({
              output: z.unknown(),
              input_hashes: z
                .array(z.object({ name: z.string().max(500), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
                .max(1000)
                .default([]),
            }),
          },
        },
        async (request) => {
          const job = await ownJob(request, request.params.id);
          const { output, input_hashes } = request.body;
          const result = await completedJobResult(engine, job, output);
          const accepted = await engine.lifecycle.complete(job.id, request.remoteWorker.id, {
            ...result,
            final_metrics: { ...result.final_metrics, input_hashes },
          });
          return { accepted };
        },
      );

      typed.post(
        "/v1/workers/jobs/:id/fail",
        { schema: { params: JobParam, body: z.object({ error: z.string().max(5000) }) } },
        async (request) => {
          const job = await ownJob(request, request.params.id);
          return { accepted: await engine.lifecycle.fail(job.id, request.remoteWorker.id, request.body.error) };
        },
      );
    });
  };
}
