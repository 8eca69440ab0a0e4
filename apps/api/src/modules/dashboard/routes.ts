import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { projectsStore } from "../projects/store";
import { runsStore } from "../runs/store";
import { engineJobsStore } from "../engine/store";

const Counts = z.object({ projects: z.number().int(), analyses: z.number().int() });

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get("/v1/dashboard/counts", { schema: { tags: ["dashboard"], response: { 200: Counts } } }, async (request) => {
    // Analyses: every run, plus engine jobs that belong to no run (e.g. target identification).
    const [projects, runs, standaloneJobs] = await Promise.all([
      projectsStore(db, request.tenant).count(),
      runsStore(db, request.tenant).count(),
      engineJobsStore(db, request.tenant).countWithoutRun(),
    ]);
    return { projects, analyses: runs + standaloneJobs };
  });
};
