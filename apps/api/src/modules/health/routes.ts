import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OraclesStatus } from "@sieve/contracts";
import { oracleStatus } from "../workflows/oracle-status";

const HealthBody = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["pglite", "postgres"]),
  version: z.string(),
  workers: z.object({ embedded: z.number().int(), remote: z.number().int() }).optional(),
  /** Which oracles (docking, MD…) this instance can run; a missing program names its Debian package. */
  oracles: OraclesStatus.optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: HealthBody, 503: HealthBody } } },
    async (_request, reply) => {
      const base = { db: app.database.kind, version: app.config.version };
      try {
        await app.database.ping();
        return {
          status: "ok" as const,
          ...base,
          workers: await app.engine.liveWorkers(),
          oracles: await oracleStatus(),
        };
      } catch {
        return reply
          .status(503)
          .send({ status: "error", ...base, error: "database unavailable", code: "db_unavailable" });
      }
    },
  );
};
