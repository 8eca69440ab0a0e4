import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, Project, ProjectCreateBody, ProjectDiseaseBody, ProjectList } from "@sieve/contracts";
import { forbidden } from "../../http/errors";
import { IdParam } from "../../http/params";
import { access, roleIn } from "../../plugins/roles";
import type { ReferenceCatalog } from "../targets/catalog";
import { projectsService } from "./service";

/** `/v1/projects`: list, create, read, and set the disease (checked against the loaded Disease Ontology). */
export const projectRoutes =
  (catalog: ReferenceCatalog): FastifyPluginAsyncZod =>
  async (app) => {
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

    app.patch(
      "/v1/projects/:id",
      {
        config: access.contributors,
        schema: {
          tags: ["projects"],
          params: IdParam,
          body: ProjectDiseaseBody,
          response: { 200: Project, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) =>
        projectsService(db, request.tenant).setDisease(request.params.id, request.body.disease_ontology_id, catalog),
    );
  };
