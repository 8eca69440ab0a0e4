import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DashboardCounts } from "@sieve/contracts";
import { dashboardService } from "./service";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/v1/dashboard/counts",
    { schema: { tags: ["dashboard"], response: { 200: DashboardCounts } } },
    async (request) => dashboardService(app.database.db, request.tenant).counts(),
  );
};
