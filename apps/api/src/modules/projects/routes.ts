import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, Project, ProjectCreateBody, ProjectList } from "@sieve/contracts";
import { forbidden } from "../../http/errors";
import { IdParam } from "../../http/params";
import { projectsService } from "./service";
import { access, roleIn } from "../../plugins/roles";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  for (const path of ["/v1/projects", "/v1/projects/"]) {
    app.get(path, { schema: { tags: ["projects"], response: { 200: ProjectList } } }, async (request) => {
      return { projects: await projectsService(db, request.tenant).list() };
    });

    app.post(
      path,
      {
        config: access.contributors,
        schema: {
          tags: ["projects"],
          body: ProjectCreateBody,
          response: { 201: Project, 403: ErrorBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        const project = await projectsService(db, request.tenant).create(request.body, (orgId) => {
          if (!request.orgRoles.has(orgId)) throw forbidden("You are not a member of that organization");
          roleIn(request, orgId);
        });
        return reply.status(201).send(project);
      },
    );
  }

  app.get(
    "/v1/projects/:id",
    { schema: { tags: ["projects"], params: IdParam, response: { 200: Project, 404: ErrorBody } } },
    async (request) => projectsService(db, request.tenant).get(request.params.id),
  );
};
