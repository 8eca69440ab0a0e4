import { authenticateBearer } from "../../plugins/authentication";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ARTIFACTS,
  ArtifactLink,
  ArtifactLinkBody,
  ErrorBody,
  ItemProvenance,
  Manifest,
  ProvenanceQuery,
  ReplayOutcome,
  Review,
  ReviewBody,
  ReviewList,
  ReviewQuery,
  ReportRunList,
} from "@sieve/contracts";
import { ApiError, notFound, unauthorized } from "../../http/errors";
import { UuidParam } from "../../http/params";
import { readMultipartUpload } from "../../http/multipart";
import { requireAuthentication, type TenantScope } from "../../plugins/authentication";
import { authStore } from "../auth/store";
import { NegatomeSafety } from "../negatome/safety";
import { NegatomeSimilarity } from "../negatome/similarity";
import { runsStore } from "../runs/store";
import { databaseBlobStore } from "../../storage/blob-store";
import { buildRunDossier } from "./dossier";
import { signDownloadToken, verifyDownloadToken } from "./download-tokens";
import { buildManifest, loadRunRecords } from "./manifest";
import { BundleRefused, buildReplayBundle, executeReplay, verifyBundle } from "./replay";
import { reportRunList, reviewsService } from "./service";
import { SampleDossier } from "./sample";
import { itemProvenance } from "./provenance";
import { access } from "../../plugins/roles";

const ArtifactParams = z.object({ id: z.string().max(100), artifact: z.enum(ARTIFACTS) });
const ArtifactQuery = z.object({ api_key: z.string().max(4000).optional() });
const Binary = z.any();

/**
 * Reports: review decisions, signed manifests, dossiers, replay bundles and their short-lived download
 * links. The artifact downloads sit outside the bearer-only scope because they also accept a download
 * token as `?api_key=`; everything else requires the bearer token like the rest of the API.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const secret = app.config.jwtSecret;
  const safety = new NegatomeSafety(db, app.compute, new NegatomeSimilarity(db), app.config.referenceDataRoot);
  const sample = new SampleDossier(app.compute);
  const memberships = authStore(db);
  const blobs = databaseBlobStore(db);
  const dossiersBuilding = new Set<number>();

  // The public sample (demo data only): what the landing page's "See a sample target dossier" opens.
  app.get(
    "/v1/reports/sample/report.html",
    { schema: { tags: ["reports"], response: { 200: z.string() } } },
    async (_request, reply) => {
      const { html } = await sample.get();
      return reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
        .send(html);
    },
  );
  app.get(
    "/v1/reports/sample/dossier",
    { schema: { tags: ["reports"], response: { 200: Binary } } },
    async (_request, reply) => {
      const { dossier } = await sample.get();
      return reply
        .type("application/zip")
        .header("content-disposition", 'attachment; filename="sieve-sample-dossier-demo.zip"')
        .send(dossier.zip);
    },
  );

  /** Bearer token, or a download token for exactly this run and artifact; never the legacy API key. */
  async function downloadScope(
    request: FastifyRequest,
    runId: string,
    artifact: string,
    apiKey: string | undefined,
  ): Promise<TenantScope> {
    let userId: number;
    if (apiKey !== undefined) {
      const claims = await verifyDownloadToken(secret, apiKey);
      if (!claims) throw unauthorized("This download link is invalid or has expired");
      if (claims.runId !== runId) throw notFound("Run");
      if (claims.artifact !== artifact) throw unauthorized("This download link is for another artifact");
      userId = claims.userId;
    } else {
      userId = (await authenticateBearer(app, request)).claims.userId;
    }
    const orgIds = await memberships.membershipOrgIds(userId);
    if (!orgIds.length) throw unauthorized();
    return { userId, orgIds };
  }

  app.get(
    "/v1/runs/:id/artifacts/:artifact",
    {
      schema: {
        tags: ["reports"],
        params: ArtifactParams,
        querystring: ArtifactQuery,
        response: { 200: Binary, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id, artifact } = request.params;
      const scope = await downloadScope(request, id, artifact, request.query.api_key);
      const records = await loadRunRecords(db, scope, id, "run");
      const manifest = buildManifest(records, secret);
      const short = records.run.id.slice(0, 8);
      reply.header("cache-control", "private, no-store");
      if (artifact === "replay") {
        if (records.run.status !== "completed")
          throw new ApiError(409, "run_not_completed", "A replay bundle needs a completed run");
        const uploads = await Promise.all(
          records.uploads.map(async (upload) => ({
            ...upload,
            content: (await blobs.get(upload.blobId)) ?? new Uint8Array(),
          })),
        );
        return reply
          .type("application/gzip")
          .header("content-disposition", `attachment; filename="sieve-replay-${short}.tar.gz"`)
          .send(buildReplayBundle(records, manifest, secret, uploads));
      }
      // One build at a time per user: a build takes seconds of CPU (drawings, Chromium's PDF), and a
      // user asking for many at once would hold the server for everyone else.
      if (dossiersBuilding.has(scope.userId))
        throw new ApiError(
          429,
          "dossier_in_progress",
          "A dossier of yours is being built; ask again when it is done",
          undefined,
          { "Retry-After": "10" },
        );
      dossiersBuilding.add(scope.userId);
      let dossier;
      try {
        dossier = await buildRunDossier({ db, compute: app.compute, safety, scope }, records, manifest);
      } finally {
        dossiersBuilding.delete(scope.userId);
      }
      request.log.info(
        { runId: id, seconds: Number(dossier.buildSeconds.toFixed(2)), bytes: dossier.zip.length, pdf: dossier.pdf },
        "dossier built",
      );
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="sieve-dossier-${short}.zip"`)
        .send(dossier.zip);
    },
  );

  await app.register(async (authenticated) => {
    requireAuthentication(authenticated);
    const api = authenticated.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/v1/reviews",
      {
        config: access.contributors,
        schema: { tags: ["reports"], body: ReviewBody, response: { 201: Review, 404: ErrorBody, 422: ErrorBody } },
      },
      async (request, reply) => {
        return reply.status(201).send(await reviewsService(db, request.tenant).add(request.body));
      },
    );

    api.get(
      "/v1/reviews",
      { schema: { tags: ["reports"], querystring: ReviewQuery, response: { 200: ReviewList } } },
      async (request) => reviewsService(db, request.tenant).list(request.query),
    );

    api.get(
      "/v1/reports/manifest/:job_id",
      {
        schema: {
          tags: ["reports"],
          params: z.object({ job_id: z.string().max(100) }),
          response: { 200: Manifest, 404: ErrorBody },
        },
      },
      async (request) =>
        buildManifest(await loadRunRecords(db, request.tenant, request.params.job_id, "job_or_run"), secret),
    );

    api.get(
      "/v1/provenance",
      {
        schema: {
          tags: ["reports"],
          querystring: ProvenanceQuery,
          response: { 200: ItemProvenance, 404: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) => itemProvenance(db, request.tenant, secret, request.query),
    );

    api.get(
      "/v1/reports/runs",
      {
        schema: {
          tags: ["reports"],
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            /** Only this project's runs (the project page). */
            project_id: z.coerce.number().int().positive().optional(),
          }),
          response: { 200: ReportRunList },
        },
      },
      async (request) => reportRunList(db, request.tenant, request.query.limit, request.query.project_id),
    );

    api.post(
      "/v1/runs/:id/artifacts/link",
      {
        config: access.computeOnly,
        schema: {
          tags: ["reports"],
          params: UuidParam,
          body: ArtifactLinkBody,
          response: { 201: ArtifactLink, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const run = await runsStore(db, request.tenant).get(request.params.id);
        if (!run) throw notFound("Run");
        const { token, expiresAt } = await signDownloadToken(secret, {
          userId: request.tenant.userId,
          runId: run.id,
          artifact: request.body.artifact,
        });
        const url = `/v1/runs/${run.id}/artifacts/${request.body.artifact}?api_key=${encodeURIComponent(token)}`;
        return reply
          .status(201)
          .send({ url, token, expires_at: expiresAt.toISOString(), artifact: request.body.artifact });
      },
    );

    api.post(
      "/v1/replays",
      {
        config: access.computeOnly,
        schema: {
          tags: ["reports"],
          consumes: ["multipart/form-data"],
          response: { 200: ReplayOutcome, 422: ErrorBody },
        },
      },
      async (request) => {
        const upload = await readMultipartUpload(request);
        try {
          return await executeReplay(app.compute, await verifyBundle(upload.bytes, secret));
        } catch (error) {
          if (error instanceof BundleRefused) throw new ApiError(422, "bundle_refused", error.message);
          throw error;
        }
      },
    );
  });
};
