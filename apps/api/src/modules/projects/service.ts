import { normalizeProjectCreate, type Project, type ProjectCreateBody } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { CallerScope } from "../../plugins/authentication";
import { notFound, validationFailed } from "../../http/errors";
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
  };
}
