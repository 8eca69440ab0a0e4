import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DiseaseSuggestQuery,
  DiseaseSuggestResponse,
  ErrorBody,
  EvidenceQuery,
  FeatureSetBody,
  FeatureSetSchema,
  IdentifyAccepted,
  IdentifyTargetsBody,
  IdentifyTargetsResponse,
  IngestionSchema,
  TargetEvidenceResponse,
  TargetReferenceStatus,
  UPLOAD_SOURCES,
} from "@sieve/contracts";
import { conflict } from "../../http/errors";
import { readMultipartUpload } from "../../http/multipart";
import type { LiteratureSearch } from "../literature/search-index";
import { ReferenceCatalog } from "./catalog";
import { TargetEvidence } from "./evidence";
import { TargetsService } from "./service";
import { targetsStore } from "./store";
import { access } from "../../plugins/roles";

/** `/v1/targets/*`: feature sets, the five feature uploads, identification (200 or 202) and the evidence panel. */
export function targetRoutes(search: LiteratureSearch, catalog: ReferenceCatalog): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const context = { db, pool: app.compute, engine: app.engine, catalog, referenceRoot: app.config.referenceDataRoot };
    const service = new TargetsService(context);
    const evidence = new TargetEvidence(context, service, search);
    const tags = ["targets"];
    const gzipAsync = promisify(gzip);

    app.post(
      "/v1/targets/identify",
      {
        config: access.computeOnly,
        schema: {
          tags,
          body: IdentifyTargetsBody,
          response: { 200: IdentifyTargetsResponse, 202: IdentifyAccepted, 422: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const outcome = await service.identify(request.body, request.tenant, request.tenant.primaryOrgId);
        // Every gene's columns run to megabytes of JSON: gzip them (on libuv's threads) when the client takes it.
        if (
          outcome.status === 200 &&
          request.body.all_genes &&
          /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")
        )
          return reply
            .status(200)
            .header("content-type", "application/json; charset=utf-8")
            .header("content-encoding", "gzip")
            .header("vary", "accept-encoding")
            .send((await gzipAsync(JSON.stringify(outcome.body))) as never);
        return reply.status(outcome.status).send(outcome.body as never);
      },
    );

    // A first run's reference data: what target ranking needs, so a page offers the load instead of a 503.
    app.get("/v1/targets/reference-status", { schema: { tags, response: { 200: TargetReferenceStatus } } }, async () =>
      service.referenceStatus(),
    );

    app.get(
      "/v1/targets/diseases",
      { schema: { tags, querystring: DiseaseSuggestQuery, response: { 200: DiseaseSuggestResponse } } },
      async (request) => ({
        items: await catalog.suggest(request.query.q, request.query.limit),
      }),
    );

    app.get(
      "/v1/targets/evidence",
      {
        schema: {
          tags,
          querystring: EvidenceQuery,
          response: { 200: TargetEvidenceResponse, 422: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => evidence.evidence(request.tenant, request.query),
    );

    app.get(
      "/v1/targets/feature_sets",
      { schema: { tags, response: { 200: z.object({ items: z.array(FeatureSetSchema) }) } } },
      async (request) => ({
        items: await targetsStore(db, request.tenant).featureSets(),
      }),
    );

    app.post(
      "/v1/targets/feature_sets",
      {
        config: access.admins,
        schema: { tags, body: FeatureSetBody, response: { 201: FeatureSetSchema, 409: ErrorBody, 422: ErrorBody } },
      },
      async (request, reply) => {
        const created = await targetsStore(db, request.tenant).createFeatureSet(
          request.tenant.primaryOrgId,
          request.body.version,
          request.body.description,
        );
        if (!created)
          throw conflict(`Your organization already has the feature set ${request.body.version}`, "feature_set_exists");
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/v1/targets/ingestions",
      { schema: { tags, response: { 200: z.object({ items: z.array(IngestionSchema) }) } } },
      async (request) => ({
        items: await targetsStore(db, request.tenant).ingestions(),
      }),
    );

    for (const source of UPLOAD_SOURCES) {
      app.post(
        `/v1/targets/ingest/${source}/upload`,
        {
          config: access.admins,
          schema: {
            tags,
            consumes: ["multipart/form-data"],
            response: {
              201: z.object({ ingestion: IngestionSchema }),
              404: ErrorBody,
              413: ErrorBody,
              415: ErrorBody,
              422: ErrorBody,
            },
          },
        },
        async (request, reply) => {
          const upload = await readMultipartUpload(request);
          const ingestion = await service.upload(source, upload, request.tenant, request.tenant.primaryOrgId);
          return reply.status(201).send({ ingestion });
        },
      );
    }
  };
}
