import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditList, AuditQuery, AuditVerification, ErrorBody } from "@sieve/contracts";
import { access } from "../../plugins/roles";
import { auditService } from "./service";

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
      const audit = auditService(db, request.tenant);
      if (request.query.format === "json") return audit.list(request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="sieve-audit.csv"')
        .send((await audit.csv(request.query)) as never);
    },
  );

  app.get(
    "/v1/audit/verify",
    { config: access.admins, schema: { tags, response: { 200: AuditVerification, 403: ErrorBody } } },
    async (request) => auditService(db, request.tenant).verify(),
  );
};
