import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, Project, ProjectCreateBody, ProjectList, normalizeProjectCreate } from "@sieve/contracts";
import { forbidden, notFound, validationFailed } from "../../http/errors";
import { IdParam } from "../../http/params";
import { projectsStore } from "./store";
import { access, roleIn } from "../../plugins/roles";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  for (const path of ["/v1/projects", "/v1/projects/"]) {
    app.get(path, { schema: { tags: ["projects"], response: { 200: ProjectList } } }, async (request) => {
      return { projects: await projectsStore(db, request.tenant).list() };
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
        const input = normalizeProjectCreate(request.body);
        if (!input.ruo_ack) {
          throw validationFailed(
            [{ path: "ruo_ack", message: "the research-use-only acknowledgement must be true" }],
            "ruo_ack_required",
          );
        }
        const orgId = input.org_id ?? request.tenant.primaryOrgId;
        if (!request.orgRoles.has(orgId)) throw forbidden("You are not a member of that organization");
        roleIn(request, orgId);
        return reply.status(201).send(await projectsStore(db, request.tenant).create({ ...input, org_id: orgId }));
      },
    );
  }

  app.get(
    "/v1/projects/:id",
    { schema: { tags: ["projects"], params: IdParam, response: { 200: Project, 404: ErrorBody } } },
    async (request) => {
      const project = await projectsStore(db, request.tenant).get(request.params.id);
      if (!project) throw notFound("Project");
      return project;
    },
  );
};
