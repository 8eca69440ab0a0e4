import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Agreement,
  AgreementBody,
  ContributorDashboard,
  ErrorBody,
  FAILURE_CLASSES,
  IngestOutcome,
  NEGATOME_DEFAULTS,
  NegativeAnnotation,
  NegatomeItems,
  NegatomeStats,
  SearchBody,
  SafetyResult,
  ScoreSafetyBody,
  SearchResults,
  type SearchHit,
  SchemaStatus,
  SmilesBody,
  SyntheticIngestBody,
} from "@sieve/contracts";
import { entryKey } from "@sieve/negatome";
import { validationFailed } from "../../http/errors";
import { readMultipartUpload } from "../../http/multipart";
import { databaseBlobStore } from "../../storage/blob-store";
import { uploadsStore } from "../uploads/store";
import { identifyAll, negatomeService } from "./service";
import { NegatomeSimilarity } from "./similarity";
import { NegatomeSafety } from "./safety";
import { negatomeSchemaStatus, negatomeStore } from "./store";
import { negatomeOracleRoutes } from "./synthetic-oracles";
import { loadNegatomeDataset } from "../../reference-data/negatome-datasets";
import { access } from "../../plugins/roles";

const FINGERPRINT = "morgan2_2048";
/** Records fetched per compound asked for by a search, before folding each compound's records into one row. */
const SEARCH_FOLD = 4;

export const negatomeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The synthetic oracles' docking and MD jobs (`/v1/negatome/synthetic/oracle/*`).
  await app.register(negatomeOracleRoutes);
  const db = app.database.db;
  const similarity = new NegatomeSimilarity(db);
  const tags = ["negatome"];

  // The schema is created by the platform's migrations at start-up; this verifies it is in place.
  app.post(
    "/v1/negatome/ensure-schema",
    { config: access.computeOnly, schema: { tags, response: { 200: SchemaStatus } } },
    async () => negatomeSchemaStatus(app.database),
  );

  app.get("/v1/negatome/stats", { schema: { tags, response: { 200: NegatomeStats } } }, async (request) =>
    negatomeStore(db, request.tenant).stats(),
  );

  app.get(
    "/v1/negatome/recent",
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(NEGATOME_DEFAULTS.recentLimit),
        }),
        response: { 200: NegatomeItems },
      },
    },
    async (request) => ({
      items: await negatomeStore(db, request.tenant).query({}, request.query.limit),
    }),
  );

  app.get(
    "/v1/negatome/query/negatome",
    {
      schema: {
        tags,
        querystring: z.object({
          failure_class: z.enum(FAILURE_CLASSES).optional(),
          uniprot_id: z.string().trim().toUpperCase().max(20).optional(),
          // A standard InChIKey or its first block (the compound's entry: every salt and stereo form).
          inchi_key: z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{14}(-[A-Z]{10}-[A-Z])?$/, { error: "must be an InChIKey or its first block (14 letters)" })
            .optional(),
          limit: z.coerce.number().int().min(1).max(1000).default(NEGATOME_DEFAULTS.queryLimit),
        }),
        response: { 200: NegatomeItems },
      },
    },
    async (request) => {
      const { failure_class, uniprot_id, inchi_key, limit } = request.query;
      return {
        items: await negatomeStore(db, request.tenant).query(
          { failureClass: failure_class, uniprotId: uniprot_id, inchiKey: inchi_key },
          limit,
        ),
      };
    },
  );

  app.post(
    "/v1/negatome/search",
    {
      config: access.computeOnly,
      schema: { tags, body: SearchBody, response: { 200: SearchResults, 422: ErrorBody } },
    },
    async (request) => {
      const [query] = await identifyAll(app.compute, [request.body.smiles], () => "smiles");
      // One row per compound: records of one entry (salt, stereoisomer, another source) are folded
      // into their most similar one, so more records are fetched than compounds are returned.
      const hits = await similarity.search(request.tenant, query!.fingerprint, request.body.topk * SEARCH_FOLD);
      const records = await negatomeStore(db, request.tenant).getMany(hits.map((h) => h.id));
      const entries = new Map<string, SearchHit>();
      for (const hit of hits) {
        const record = records.get(hit.id);
        if (!record) continue;
        const key = entryKey(record.compound_inchi_key);
        const entry = entries.get(key);
        if (entry) {
          entry.negatome_ids.push(record.negatome_id);
          if (!entry.sources.includes(record.source)) entry.sources.push(record.source);
        } else {
          entries.set(key, {
            negatome_id: hit.id,
            entry_key: key,
            negatome_ids: [hit.id],
            sources: [record.source],
            similarity: hit.similarity,
            fingerprint: FINGERPRINT,
            record,
          });
        }
      }
      return { items: [...entries.values()].slice(0, request.body.topk) };
    },
  );

  const safety = new NegatomeSafety(db, app.compute, similarity, app.config.referenceDataRoot);

  app.post(
    "/v1/negatome/safety",
    { config: access.computeOnly, schema: { tags, body: SmilesBody, response: { 200: SafetyResult, 422: ErrorBody } } },
    async (request) => safety.assess(request.tenant, request.body.smiles),
  );

  app.get(
    "/v1/negatome/safety/:smiles",
    { schema: { tags, params: SmilesBody, response: { 200: SafetyResult, 422: ErrorBody } } },
    async (request) => safety.assess(request.tenant, request.params.smiles),
  );

  app.post(
    "/v1/negatome/score/safety",
    {
      config: access.computeOnly,
      schema: { tags, body: ScoreSafetyBody, response: { 200: SafetyResult, 422: ErrorBody } },
    },
    async (request) =>
      safety.assess(request.tenant, request.body.compound_smiles, request.body.target_uniprot_id ?? null),
  );

  app.post(
    "/v1/negatome/ingest-demo",
    { config: access.admins, schema: { tags, response: { 200: IngestOutcome } } },
    async () => {
      const { inserted, skipped } = await loadNegatomeDataset(db, app.compute, app.config.referenceDataRoot, "demo");
      return { inserted, skipped };
    },
  );

  app.post(
    "/v1/negatome/agreement/accept",
    { config: access.anyMember, schema: { tags, body: AgreementBody, response: { 200: Agreement, 422: ErrorBody } } },
    async (request) => {
      const { agreement_version, acknowledged, user_declared_id } = request.body;
      if (!acknowledged)
        throw validationFailed([{ path: "acknowledged", message: "the agreement must be acknowledged to accept it" }]);
      if (agreement_version !== NEGATOME_DEFAULTS.agreementVersion) {
        throw validationFailed([
          {
            path: "agreement_version",
            message: `the current agreement is version ${NEGATOME_DEFAULTS.agreementVersion}`,
          },
        ]);
      }
      const row = await negatomeStore(db, request.tenant).acceptAgreement(agreement_version, user_declared_id ?? null);
      return {
        agreement_version: row.agreementVersion,
        acknowledged: true,
        user_declared_id: row.userDeclaredId,
        accepted_at: row.acceptedAt.toISOString(),
      };
    },
  );

  app.get("/v1/negatome/agreement", { schema: { tags, response: { 200: Agreement } } }, async (request) => {
    const row = await negatomeStore(db, request.tenant).currentAgreement(NEGATOME_DEFAULTS.agreementVersion);
    return {
      agreement_version: NEGATOME_DEFAULTS.agreementVersion,
      acknowledged: Boolean(row),
      user_declared_id: row?.userDeclaredId ?? null,
      accepted_at: row?.acceptedAt.toISOString() ?? null,
    };
  });

  app.post(
    "/v1/negatome/ingest/user",
    {
      config: access.contributors,
      schema: {
        tags,
        body: NegativeAnnotation,
        response: { 201: z.object({ negatome_id: z.string() }), 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const id = await negatomeService(db, app.compute, request.tenant).ingestUserAnnotation(request.body);
      return reply.status(201).send({ negatome_id: id });
    },
  );

  app.post(
    "/v1/negatome/ingest/synthetic",
    {
      config: access.contributors,
      schema: { tags, body: SyntheticIngestBody, response: { 200: IngestOutcome, 422: ErrorBody } },
    },
    async (request) => {
      return negatomeService(db, app.compute, request.tenant).ingestSynthetic(
        request.body.idempotency_key,
        request.body.records,
      );
    },
  );

  app.post(
    "/v1/negatome/contribute/upload",
    {
      config: access.contributors,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ negatome_id: z.string() }), 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const service = negatomeService(db, app.compute, request.tenant);
      await service.requireAgreement();
      const { name, bytes, fields } = await readMultipartUpload(request);
      let annotation;
      try {
        annotation = NegativeAnnotation.parse(JSON.parse(fields.annotation_json ?? ""));
      } catch (error) {
        throw validationFailed([
          {
            path: "annotation_json",
            message:
              error instanceof SyntaxError
                ? "is not valid JSON"
                : "is not a valid negative annotation: " + String(error),
          },
        ]);
      }
      if (bytes.byteLength === 0) throw validationFailed([{ path: "data_file", message: "the data file is empty" }]);
      const orgId = request.tenant.primaryOrgId;
      // The file and the record are written together: a refused annotation leaves no stored upload behind.
      const id = await db.transaction(async (tx) => {
        const upload = await uploadsStore(tx, request.tenant).create({
          orgId,
          kind: "negatome_contribution",
          name,
          blob: await databaseBlobStore(tx).put(bytes),
        });
        return negatomeService(tx, app.compute, request.tenant).ingestUserAnnotation(annotation, {
          data_file: { uri: upload.uri, name: upload.name, sha256: upload.sha256, size: upload.size },
          declared_in_upload: fields.user_declared_id ?? null,
        });
      });
      return reply.status(201).send({ negatome_id: id });
    },
  );

  app.get(
    "/v1/negatome/contributors/:id/dashboard",
    {
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: ContributorDashboard, 404: ErrorBody },
      },
    },
    async (request) => negatomeService(db, app.compute, request.tenant).contributorDashboard(request.params.id),
  );
};
