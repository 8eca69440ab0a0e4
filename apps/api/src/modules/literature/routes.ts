import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CompositeBody,
  DocumentQuery,
  ErrorBody,
  IngestDocsBody,
  IngestOutcome,
  LITERATURE_DEFAULTS,
  SearchQuery,
  TargetPriorQuery,
  TargetQuery,
  TargetTopkQuery,
  TargetTriplesQuery,
  TripleSearchQuery,
} from "@sieve/contracts";
import {
  comentionNovelty,
  compositeScore,
  targetPrior,
  type EntityRef,
  type Polarity,
  type RelationType,
} from "@sieve/literature";
import { ApiError, notFound, validationFailed } from "../../http/errors";
import { readMultipartTextFile, readMultipartUpload } from "../../http/multipart";
import { confidenceFilter, thresholdOf, thresholdsFor } from "./confidence";
import type { LiteratureReference } from "./reference";
import type { LiteratureSearch } from "./search-index";
import { startPubTatorIngestJob } from "./ingest-job";
import {
  documentText,
  ingestDocuments,
  ingestPubTatorDocuments,
  PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS,
  readPubTatorFile,
  searchDocuments,
} from "./service";
import { literatureStore, toTriple, type StoredTriple } from "./store";
import { access } from "../../plugins/roles";

const ReloadResult = z.object({
  ok: z.boolean(),
  dir: z.string(),
  version: z.number().int(),
  stats: z.object({ genes: z.number().int(), diseases: z.number().int(), drugs: z.number().int() }),
});
const UploadOutcome = IngestOutcome.extend({
  source: z.string(),
  external_id: z.string(),
  characters: z.number().int(),
});
/** 202 to a PubTator file too long for one request: follow the job at GET /v1/engine/jobs/{job_id}. */
const IngestJobAccepted = z.object({ job_id: z.string(), status: z.literal("running"), documents: z.number().int() });
const LITERATURE_TABLES = ["lit_documents", "lit_passages", "lit_mentions", "lit_triples"];
const UPLOAD_ENDINGS = [".pdf", ".txt"];

export function literatureRoutes(reference: LiteratureReference, search: LiteratureSearch): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const tags = ["literature"];
    const context = { db, pool: app.compute, reference };

    /** A gene symbol and a disease (name, synonym or DOID) to their ids; 422 when unknown or ambiguous. */
    async function resolve(symbol: string | undefined, disease: string | undefined) {
      const result = await app.compute.run("literature.resolve", { ...reference.state, symbol, disease });
      for (const [field, resolution] of [
        ["symbol", result.gene],
        ["disease", result.disease],
      ] as const) {
        if (resolution && !resolution.ok) {
          const what = field === "symbol" ? `gene symbol "${symbol}"` : `disease "${disease}"`;
          throw new ApiError(
            422,
            resolution.reason === "ambiguous" ? "ambiguous_name" : "unknown_name",
            `${resolution.reason === "ambiguous" ? "Ambiguous" : "Unknown"} ${what}`,
            { candidates: resolution.candidates },
          );
        }
      }
      return {
        gene: result.gene?.ok ? result.gene.value : null,
        disease: result.disease?.ok ? result.disease.value : null,
      };
    }

    /** The triples linking a gene and a disease at the confidence threshold asked for (or the default). */
    async function evidenceFor(
      scopeRequest: { tenant: Parameters<typeof literatureStore>[1] },
      query: { symbol: string; disease: string; min_confidence?: number | undefined },
      limit: number,
    ) {
      const { gene, disease } = await resolve(query.symbol, query.disease);
      const page = await literatureStore(db, scopeRequest.tenant).confidentTriplesBetween(
        gene!.ids,
        disease!.ids,
        limit,
        thresholdsFor(query.min_confidence),
      );
      return {
        gene: gene!,
        disease: disease!,
        rows: page.rows,
        filter: confidenceFilter(query.min_confidence, page.below),
      };
    }

    app.post("/v1/nlp/ensure-schema", { config: access.computeOnly, schema: { tags } }, async () => {
      const present = await Promise.all(
        LITERATURE_TABLES.map(
          async (t) => (await app.database.executeSql("select to_regclass($1) as t", [t])).rows[0]?.t !== null,
        ),
      );
      return {
        ok: present.every(Boolean),
        tables: Object.fromEntries(LITERATURE_TABLES.map((t, i) => [t, present[i]])),
      };
    });

    app.get("/v1/nlp/health", { schema: { tags } }, async (request) => ({
      ok: true,
      stats: await literatureStore(db, request.tenant).stats(),
    }));

    app.post(
      "/v1/nlp/ontologies/reload",
      {
        config: access.admins,
        schema: {
          tags,
          querystring: z.object({ dir: z.string().max(500).optional() }),
          response: { 200: ReloadResult, 400: ErrorBody },
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
          response: { 200: UploadOutcome, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) => {
        const upload = await readMultipartUpload(request);
        const name = upload.name.split(/[\\/]/).pop() ?? "";
        if (!UPLOAD_ENDINGS.some((ending) => name.toLowerCase().endsWith(ending)))
          throw validationFailed([{ path: "file", message: "upload a PDF or a .txt file" }], "invalid_file");
        const text = await documentText(app.compute, name, upload.bytes);
        const year = upload.fields.year ? Number(upload.fields.year) : null;
        if (year !== null && !(Number.isInteger(year) && year >= 1500 && year <= 2100))
          throw validationFailed([{ path: "year", message: "must be a year" }]);
        const doc = {
          source: upload.fields.source?.trim() || "upload",
          external_id: upload.fields.external_id?.trim() || name,
          title: name.replace(/\.(pdf|txt)$/i, ""),
          year,
          venue: upload.fields.venue?.trim() || null,
          license: null,
          url: upload.fields.url?.trim() || null,
          text,
        };
        return {
          ...(await ingestDocuments(context, request.tenant.primaryOrgId, [doc])),
          source: doc.source,
          external_id: doc.external_id,
          characters: text.length,
        };
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

    app.get("/v1/nlp/documents", { schema: { tags, querystring: DocumentQuery } }, async (request) => {
      const thresholds = thresholdsFor(request.query.min_confidence);
      const found = await literatureStore(db, request.tenant).document(request.query.source, request.query.external_id);
      if (!found) throw notFound("Document");
      const { doc } = found;
      const docInfo = { source: doc.source, external_id: doc.externalId, title: doc.title };
      const confident = found.triples.filter(
        (t) => t.confidence >= thresholdOf(thresholds, (t.head as EntityRef).type, (t.tail as EntityRef).type),
      );
      return {
        document: {
          ...docInfo,
          year: doc.year,
          venue: doc.venue,
          license: doc.license,
          url: doc.url,
          text: doc.text,
          created_at: doc.createdAt.toISOString(),
        },
        passages: found.passages.map((p) => ({
          passage_id: p.id,
          index: p.position,
          start: p.start,
          end: p.end,
          text: p.text,
        })),
        mentions: found.mentions.map((m) => ({
          start: m.start,
          end: m.end,
          text: m.text,
          type: m.entityType,
          id: m.entityId,
          name: m.name,
          xrefs: m.xrefs,
          provenance: m.provenance,
          method: m.method,
        })),
        ...confidenceFilter(request.query.min_confidence, found.triples.length - confident.length),
        triples: confident.map((t) =>
          toTriple({
            triple: t,
            doc: docInfo,
            sentenceText: t.sentenceStart === null ? null : doc.text.slice(t.sentenceStart, t.sentenceEnd ?? undefined),
          }),
        ),
      };
    });

    app.get("/v1/nlp/search", { schema: { tags, querystring: SearchQuery } }, async (request) =>
      searchDocuments(context, search, request.tenant, request.query.query, [], request.query.topk),
    );

    app.get("/v1/nlp/target/prior", { schema: { tags, querystring: TargetPriorQuery } }, async (request) => {
      const { gene, disease, rows, filter } = await evidenceFor(request, request.query, 5000);
      const prior = priorOf(rows);
      return {
        ...prior,
        ...filter,
        n_evidence: rows.length,
        gene: { symbol: gene.symbol, hgnc_id: gene.hgnc_id },
        disease: { id: disease.id, name: disease.name },
      };
    });

    app.get("/v1/nlp/target/triples", { schema: { tags, querystring: TargetTriplesQuery } }, async (request) => {
      const { rows, filter } = await evidenceFor(request, request.query, request.query.topk);
      return { items: rows.map(toTriple), ...filter };
    });

    app.post(
      "/v1/nlp/target/composite",
      { config: access.computeOnly, schema: { tags, body: CompositeBody } },
      async (request) => {
        const { symbol, disease, min_confidence, weights, ...signals } = request.body;
        const { rows, filter } = await evidenceFor(request, { symbol, disease, min_confidence }, 5000);
        const prior = priorOf(rows);
        const result = compositeScore({ literature_prior: prior.prior, ...signals }, weights);
        return { ...result, prior: { ...prior, ...filter } };
      },
    );

    app.get(
      "/v1/nlp/evidence/target",
      { schema: { tags, querystring: TargetTopkQuery(LITERATURE_DEFAULTS.evidenceTopk) } },
      async (request) => {
        const { gene, disease } = await resolve(request.query.symbol, request.query.disease);
        return searchDocuments(
          context,
          search,
          request.tenant,
          `${gene!.symbol} ${disease!.name}`,
          [...gene!.ids, ...disease!.ids],
          request.query.topk,
        );
      },
    );

    app.get("/v1/nlp/triples/search", { schema: { tags, querystring: TripleSearchQuery } }, async (request) => {
      const { head, relation, tail, topk } = request.query;
      if (!head && !tail && !relation)
        throw validationFailed([{ path: "head", message: "give at least one of head, relation, tail" }]);
      const page = await literatureStore(db, request.tenant).searchTriples(
        { head, relation, tail },
        topk,
        thresholdsFor(request.query.min_confidence),
      );
      return { items: page.rows.map(toTriple), ...confidenceFilter(request.query.min_confidence, page.below) };
    });

    app.get(
      "/v1/nlp/novelty",
      {
        schema: {
          tags,
          querystring: TargetQuery.extend({ as_of: z.coerce.number().int().min(1900).max(2100).optional() }),
        },
      },
      async (request) => {
        const { gene, disease } = await resolve(request.query.symbol, request.query.disease);
        const years = await literatureStore(db, request.tenant).comentionYears(gene!.ids, disease!.ids);
        const asOf = request.query.as_of ?? new Date().getUTCFullYear();
        return { ...comentionNovelty(years, asOf), as_of: asOf, documents_without_year_ignored: true };
      },
    );
  };
}

/** The literature prior of a target from the triples linking it with the disease, weighed by their confidence. */
function priorOf(rows: StoredTriple[]) {
  return targetPrior(
    rows.map(({ triple }) => ({
      evidence_score: triple.confidence,
      polarity: triple.polarity as Polarity,
      relation: triple.relation as RelationType,
    })),
  );
}
