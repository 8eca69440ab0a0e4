import { normalizeProjectCreate, type Project, type ProjectCreateBody } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { CallerScope } from "../../plugins/authentication";
import { conflict, notFound, validationFailed } from "../../http/errors";
import type { ReferenceCatalog } from "../targets/catalog";
import { projectsStore } from "./store";

export function projectsService(db: Database, scope: CallerScope) {
  const store = projectsStore(db, scope);
  return {
    list: () => store.list(),

    async get(id: number): Promise<Project> {
      const project = await store.get(id);
      if (!project) throw notFound("Project");
      return project;
    },

    /**
     * A project of the organization the body names, else of the caller's primary one. `authorize`
     * refuses an organization the caller may not create projects in (it throws).
     */
    async create(body: ProjectCreateBody, authorize: (orgId: number) => void): Promise<Project> {
      const input = normalizeProjectCreate(body);
      if (!input.ruo_ack) {
        throw validationFailed(
          [{ path: "ruo_ack", message: "the research-use-only acknowledgement must be true" }],
          "ruo_ack_required",
        );
      }
      const orgId = input.org_id ?? scope.primaryOrgId;
      authorize(orgId);
      return store.create({ ...input, org_id: orgId });
    },

    /** Sets the project's disease to a term of the loaded Disease Ontology (its name as the disease area), or clears it. */
    async setDisease(id: number, diseaseId: string | null, catalog: ReferenceCatalog): Promise<Project> {
      if (!(await store.get(id))) throw notFound("Project");
      let disease: { id: string; name: string } | null = null;
      if (diseaseId !== null) {
        if ((await catalog.counts()).diseases === 0)
          throw conflict(
            "The Disease Ontology is not loaded on this server: an admin loads reference:diseases on the Admin page",
            "ontology_not_loaded",
          );
        const term = await catalog.diseaseById(diseaseId);
        if (!term)
          throw validationFailed(
            [{ path: "disease_ontology_id", message: `${diseaseId} is not a term of the loaded Disease Ontology` }],
            "unknown_disease",
          );
        disease = { id: term.id, name: term.name };
      }
      const project = await store.setDisease(id, disease);
      if (!project) throw notFound("Project");
      return project;
    },
  };
}
