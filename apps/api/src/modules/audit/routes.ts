import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditList, AuditQuery, AuditVerification, ErrorBody } from "@sieve/contracts";
import { csvTable } from "../../http/csv";
import { access } from "../../plugins/roles";
import { auditStore } from "./store";

const CSV_HEADER = [
  "id",
  "occurred_at",
  "org_id",
  "user_id",
  "actor_email",
  "action",
  "target",
  "status",
  "request_id",
  "summary",
  "prev_hash",
  "row_hash",
];
const CSV_PAGE = 1000;

/** The audit trail, for the admins and owners of each organization (docs/roles.md). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ["audit"];

  app.get(
    "/v1/audit",
    {
      config: access.admins,
      schema: {
        tags,
        querystring: AuditQuery,
        response: { 200: AuditList, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const store = auditStore(db, request.tenant);
      if (request.query.format === "json") return store.list(request.query);
      // The export holds every row the filters match, read a page at a time.
      const rows = [];
      for (let page = await store.list({ ...request.query, limit: CSV_PAGE }); ;) {
        rows.push(...page.items);
        if (page.next_before_id === null) break;
        page = await store.list({ ...request.query, limit: CSV_PAGE, before_id: page.next_before_id });
      }
      const csv = csvTable(
        CSV_HEADER,
        rows.map((e) => [
          e.id,
          e.occurred_at,
          e.org_id,
          e.user_id,
          e.actor_email,
          e.action,
          e.target,
          e.status,
          e.request_id,
          e.summary,
          e.prev_hash,
          e.row_hash,
        ]),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="sieve-audit.csv"')
        .send(csv as never);
    },
  );

  app.get(
    "/v1/audit/verify",
    { config: access.admins, schema: { tags, response: { 200: AuditVerification, 403: ErrorBody } } },
    async (request) => auditStore(db, request.tenant).verify(),
  );
};
