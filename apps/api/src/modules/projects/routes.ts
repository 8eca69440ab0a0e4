import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ErrorBody,
  Project,
  ProjectCreateBody,
  ProjectDiseaseBody,
  ProjectList,
  normalizeProjectCreate,
} from "@sieve/contracts";
import { conflict, forbidden, notFound, validationFailed } from "../../http/errors";
import { IdParam } from "../../http/params";
import { access, roleIn } from "../../plugins/roles";
import type { ReferenceCatalog } from "../targets/catalog";
import { projectsStore } from "./store";

/** `/v1/projects`: list, create, read, and set the disease (checked against the loaded Disease Ontology). */
export const projectRoutes =
  (catalog: ReferenceCatalog): FastifyPluginAsyncZod =>
  async (app) => {
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
      async (request) => {
        const store = projectsStore(db, request.tenant);
        if (!(await store.get(request.params.id))) throw notFound("Project");
        const id = request.body.disease_ontology_id;
        let disease: { id: string; name: string } | null = null;
        if (id !== null) {
          if ((await catalog.counts()).diseases === 0)
            throw conflict(
              "The Disease Ontology is not loaded on this server: an admin loads reference:diseases on the Admin page",
              "ontology_not_loaded",
            );
          const term = await catalog.diseaseById(id);
          if (!term)
            throw validationFailed(
              [{ path: "disease_ontology_id", message: `${id} is not a term of the loaded Disease Ontology` }],
              "unknown_disease",
            );
          disease = { id: term.id, name: term.name };
        }
        const project = await store.setDisease(request.params.id, disease);
        if (!project) throw notFound("Project");
        return project;
      },
    );
  };
