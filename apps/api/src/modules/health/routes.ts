import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Health } from "@sieve/contracts";
import { healthService } from "./service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = healthService(app.database, { liveWorkers: () => app.engine.liveWorkers() }, app.config.version);
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const answer = await health.check();
      return reply.status(answer.status === "ok" ? 200 : 503).send(answer);
    },
  );
};
