import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CompositeBody,
  CompositeResult,
  DocumentDetail,
  DocumentQuery,
  ErrorBody,
  IngestDocsBody,
  IngestJobAccepted,
  IngestOutcome,
  LiteratureHealth,
  LiteratureUploadOutcome,
  Novelty,
  NoveltyQuery,
  OntologyReload,
  OntologyReloadQuery,
  SearchQuery,
  SchemaStatus,
  PassageSearchResults,
  TargetPrior,
  TargetPriorQuery,
  TargetEvidenceQuery,
  TargetTriplesQuery,
  TriplePage,
  TripleSearchQuery,
} from "@sieve/contracts";
import { readMultipartTextFile, readMultipartUpload } from "../../http/multipart";
import type { TenantScope } from "../../plugins/authentication";
import type { LiteratureReference } from "./reference";
import type { LiteratureSearch } from "./search-index";
import { startPubTatorIngestJob } from "./ingest-job";
import {
  ingestDocuments,
  ingestPubTatorDocuments,
  ingestUpload,
  literatureQueries,
  PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS,
  readPubTatorFile,
} from "./service";
import { literatureSchemaStatus } from "./store";
import { access } from "../../plugins/roles";

export function literatureRoutes(reference: LiteratureReference, search: LiteratureSearch): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const tags = ["literature"];
    const context = { db, pool: app.compute, reference };

    const queries = (request: { tenant: TenantScope }) => literatureQueries(context, search, request.tenant);

    app.post(
      "/v1/nlp/ensure-schema",
      { config: access.computeOnly, schema: { tags, response: { 200: SchemaStatus } } },
      async () => literatureSchemaStatus(app.database),
    );

    app.get("/v1/nlp/health", { schema: { tags, response: { 200: LiteratureHealth } } }, async (request) =>
      queries(request).health(),
    );

    app.post(
      "/v1/nlp/ontologies/reload",
      {
        config: access.admins,
        schema: {
          tags,
          querystring: OntologyReloadQuery,
          response: { 200: OntologyReload, 400: ErrorBody },
        },
      },
      async (request) => {
        const dir = reference.reload(request.query.dir);
        const stats = await app.compute.run("literature.reload", reference.state);
        return { ok: true, dir, version: reference.state.referenceVersion, stats };
      },
    );

    app.post(
      "/v1/nlp/ingest/docs",
      {
        config: access.contributors,
        schema: { tags, body: IngestDocsBody, response: { 200: IngestOutcome, 422: ErrorBody } },
      },
      async (request) => {
        const docs = request.body.docs.map((d) => ({
          source: d.source,
          external_id: d.external_id,
          title: d.title ?? "",
          year: d.year ?? null,
          venue: d.venue ?? null,
          license: d.license ?? null,
          url: d.url ?? null,
          text: d.text,
        }));
        return ingestDocuments(context, request.tenant.primaryOrgId, docs);
      },
    );

    app.post(
      "/v1/nlp/ingest/upload",
      {
        config: access.contributors,
        schema: {
          tags,
          consumes: ["multipart/form-data"],
          response: { 200: LiteratureUploadOutcome, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) => {
        return ingestUpload(context, request.tenant.primaryOrgId, await readMultipartUpload(request));
      },
    );

    app.post(
      "/v1/nlp/ingest/pubtator",
      {
        config: access.contributors,
        schema: {
          tags,
          consumes: ["multipart/form-data"],
          response: { 200: IngestOutcome, 202: IngestJobAccepted, 413: ErrorBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        const { text, fields } = await readMultipartTextFile(request, [".txt", ".pubtator"]);
        const parsed = await readPubTatorFile(text);
        const orgId = request.tenant.primaryOrgId;
        const source = fields.source?.trim() || "pubtator";
        const license = fields.license?.trim() || null;
        if (parsed.length <= PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS) {
          const { inserted, skipped } = await ingestPubTatorDocuments(context, orgId, parsed, source, license);
          return reply.status(200).send({ inserted, skipped });
        }
        // A long file becomes a job: the answer comes at once, the batches are written meanwhile.
        const job = await startPubTatorIngestJob(
          app.engine,
          context,
          request.log,
          { orgId, userId: request.tenant.userId },
          parsed,
          source,
          license,
        );
        return reply.status(202).send({ job_id: job.id, status: "running" as const, documents: parsed.length });
      },
    );

    app.get(
      "/v1/nlp/documents",
      { schema: { tags, querystring: DocumentQuery, response: { 200: DocumentDetail, 404: ErrorBody } } },
      async (request) =>
        queries(request).document(request.query.source, request.query.external_id, request.query.min_confidence),
    );

    app.get(
      "/v1/nlp/search",
      { schema: { tags, querystring: SearchQuery, response: { 200: PassageSearchResults } } },
      async (request) => queries(request).search(request.query),
    );

    app.get(
      "/v1/nlp/target/prior",
      { schema: { tags, querystring: TargetPriorQuery, response: { 200: TargetPrior, 422: ErrorBody } } },
      async (request) => queries(request).prior(request.query),
    );

    app.get(
      "/v1/nlp/target/triples",
      { schema: { tags, querystring: TargetTriplesQuery, response: { 200: TriplePage, 422: ErrorBody } } },
      async (request) => queries(request).triples(request.query),
    );

    app.post(
      "/v1/nlp/target/composite",
      {
        config: access.computeOnly,
        schema: { tags, body: CompositeBody, response: { 200: CompositeResult, 422: ErrorBody } },
      },
      async (request) => queries(request).composite(request.body),
    );

    app.get(
      "/v1/nlp/evidence/target",
      {
        schema: {
          tags,
          querystring: TargetEvidenceQuery,
          response: { 200: PassageSearchResults, 422: ErrorBody },
        },
      },
      async (request) => queries(request).evidence(request.query),
    );

    app.get(
      "/v1/nlp/triples/search",
      { schema: { tags, querystring: TripleSearchQuery, response: { 200: TriplePage, 422: ErrorBody } } },
      async (request) => queries(request).searchTriples(request.query),
    );

    app.get(
      "/v1/nlp/novelty",
      { schema: { tags, querystring: NoveltyQuery, response: { 200: Novelty, 422: ErrorBody } } },
      async (request) => queries(request).novelty(request.query),
    );
  };
}
