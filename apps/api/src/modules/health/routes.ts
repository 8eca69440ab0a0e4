import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Health } from "@sieve/contracts";
import { healthService } from "./service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const health = await healthService(app.database, app.engine, app.config.version).check();
      return reply.status(health.status === "ok" ? 200 : 503).send(health);
    },
  );
};
