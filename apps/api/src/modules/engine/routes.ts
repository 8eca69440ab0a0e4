import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  EngineJob,
  EngineJobList,
  ErrorBody,
  RemoteWorkerList,
  RUN_STATUSES,
  TERMINAL_STATUSES,
} from "@sieve/contracts";
import { forbidden, notFound } from "../../http/errors";
import { UuidParam } from "../../http/params";
import { PageQuery } from "../../http/pagination";
import type { TenantScope } from "../../plugins/authentication";
import { engineJobsStore } from "./store";
import { engineService } from "./service";
import { access } from "../../plugins/roles";

const JobQuery = PageQuery.extend({ status: z.enum(RUN_STATUSES).optional(), domain: z.string().max(50).optional() });
const Cancelled = z.object({ id: z.string(), status: z.literal("cancelled") });
/** Server-Sent Events, written straight to the socket (the serializer never sees them). */
const JobEventStream = z
  .string()
  .describe("text/event-stream: `status`, `progress` and `curve` events, then `end` with the finished job");
const EVENT_POLL_MS = 1000;

export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The spec's client calls this on the API; workers register on the mutual-TLS worker port instead.
  app.post(
    "/v1/workers/register",
    { config: access.computeOnly, schema: { tags: ["engine"], response: { 403: ErrorBody } } },
    async () => {
      throw forbidden(
        "Workers register on the worker port (TLS_PORT) with a client certificate signed by the platform's CA; see `npm run certs:dev` and `npm run worker`.",
        "mtls_required",
      );
    },
  );

  const engine = (request: { tenant: TenantScope }) => engineService(db, request.tenant, app.engine.lifecycle);

  // The New Job modal offers remote execution when the organization has a live worker.
  app.get(
    "/v1/engine/workers",
    { schema: { tags: ["engine"], response: { 200: RemoteWorkerList } } },
    async (request) => engine(request).workers(),
  );

  app.get(
    "/v1/engine/jobs",
    { schema: { tags: ["engine"], querystring: JobQuery, response: { 200: EngineJobList } } },
    async (request) => engine(request).list(request.query),
  );

  app.get(
    "/v1/engine/jobs/:id",
    { schema: { tags: ["engine"], params: UuidParam, response: { 200: EngineJob, 404: ErrorBody } } },
    async (request) => engine(request).get(request.params.id),
  );

  app.delete(
    "/v1/engine/jobs/:id",
    {
      config: access.contributors,
      schema: { tags: ["engine"], params: UuidParam, response: { 200: Cancelled, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => engine(request).cancel(request.params.id),
  );

  /**
   * Live progress as Server-Sent Events: `status`, `progress` and `curve` (new points) events, then
   * `end` once the job is finished. Read from the database, so any API instance can serve it.
   */
  app.get(
    "/v1/engine/jobs/:id/events",
    {
      schema: {
        tags: ["engine"],
        params: UuidParam,
        produces: ["text/event-stream"],
        response: { 200: JobEventStream, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const store = engineJobsStore(db, request.tenant);
      if (!(await store.get(request.params.id))) throw notFound("Engine job");
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      const send = (event: string, data: unknown) =>
        reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      let lastPointId = 0;
      let lastStatus = "";
      let lastProgress = "";
      let timer: NodeJS.Timeout | null = null;
      const close = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        reply.raw.end();
      };
      request.raw.on("close", close);
      const tick = async () => {
        try {
          const job = await store.get(request.params.id);
          if (!job) return close();
          if (job.status !== lastStatus)
            send("status", { id: job.id, status: job.status, error_message: job.error_message });
          lastStatus = job.status;
          const progress = JSON.stringify(job.progress);
          if (job.progress && progress !== lastProgress) send("progress", job.progress);
          lastProgress = progress;
          const points = await store.curvePoints(job.id, lastPointId);
          if (points.length) {
            lastPointId = points.at(-1)!.id;
            send("curve", { points: points.map(({ name, x, y }) => ({ name, x, y })) });
          }
          if ((TERMINAL_STATUSES as readonly string[]).includes(job.status)) {
            send("end", job);
            return close();
          }
        } catch (error) {
          send("error", { error: error instanceof Error ? error.message : String(error) });
        }
        if (!reply.raw.writableEnded) timer = setTimeout(() => void tick(), EVENT_POLL_MS);
      };
      await tick();
    },
  );
};
