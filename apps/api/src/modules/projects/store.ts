import { and, desc, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { Project, ProjectCreate } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";

const { projects } = schema;

/** Projects, always filtered to the caller's organizations. */
export function projectsStore(db: Database, scope: TenantScope) {
  const visible = inArray(projects.orgId, scope.orgIds);
  return {
    async list(): Promise<Project[]> {
      const rows = await db.select().from(projects).where(visible).orderBy(desc(projects.createdAt), desc(projects.id));
      return rows.map(toProject);
    },

    async get(id: number): Promise<Project | null> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(visible, eq(projects.id, id)));
      return row ? toProject(row) : null;
    },

    async count(): Promise<number> {
      return db.$count(projects, visible);
    },

    /** Sets (or clears) the disease; null when the project is not the caller's to see. */
    async setDisease(id: number, disease: { id: string; name: string } | null): Promise<Project | null> {
      const [row] = await db
        .update(projects)
        .set({ diseaseOntologyId: disease?.id ?? null, diseaseArea: disease?.name ?? null })
        .where(and(visible, eq(projects.id, id)))
        .returning();
      return row ? toProject(row) : null;
    },

    async create(input: ProjectCreate & { org_id: number }): Promise<Project> {
      if (!scope.orgIds.includes(input.org_id)) throw new Error("create outside the caller's organizations");
      const [row] = await db
        .insert(projects)
        .values({
          orgId: input.org_id,
          name: input.name,
          ruoAck: input.ruo_ack,
          diseaseArea: input.disease_area,
          assayContext: input.assay_context,
          diseaseOntologyId: input.disease_ontology_id,
          modality: input.modality,
          createdBy: scope.userId,
        })
        .returning();
      return toProject(row!);
    },
  };
}

function toProject(row: typeof projects.$inferSelect): Project {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    ruo_ack: row.ruoAck,
    disease_area: row.diseaseArea,
    assay_context: row.assayContext,
    disease_ontology_id: row.diseaseOntologyId,
    modality: row.modality,
    created_at: row.createdAt.toISOString(),
  };
}
