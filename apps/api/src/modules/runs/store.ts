import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { Run, RunStatus } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import type { PageCursor } from "../../http/pagination";
import { isUuid } from "../../http/params";

const { runs, projects, engineJobs } = schema;

export interface RunRecord extends Run {
  request_hash: string | null;
  created_by: number;
}

/** Runs, always filtered to the caller's organizations. */
export function runsStore(db: Database, scope: TenantScope) {
  const visible = inArray(runs.orgId, scope.orgIds);
  const selectRuns = () =>
    db
      .select({ run: runs, projectName: projects.name })
      .from(runs)
      .innerJoin(projects, eq(projects.id, runs.projectId));

  return {
    /** Newest first, after `after`; only the runs of `projectId` when given. */
    async list(limit: number, after: PageCursor | null, projectId?: number): Promise<RunRecord[]> {
      const page = after
        ? or(lt(runs.createdAt, after.createdAt), and(eq(runs.createdAt, after.createdAt), lt(runs.id, after.id)))
        : undefined;
      const rows = await selectRuns()
        .where(and(visible, page, projectId === undefined ? undefined : eq(runs.projectId, projectId)))
        .orderBy(desc(runs.createdAt), desc(runs.id))
        .limit(limit);
      return rows.map(toRun);
    },

    async get(id: string): Promise<RunRecord | null> {
      if (!isUuid(id)) return null;
      const [row] = await selectRuns().where(and(visible, eq(runs.id, id)));
      return row ? toRun(row) : null;
    },

    async findByIdempotencyKey(key: string): Promise<RunRecord | null> {
      const [row] = await selectRuns().where(
        and(visible, eq(runs.createdBy, scope.userId), eq(runs.idempotencyKey, key)),
      );
      return row ? toRun(row) : null;
    },

    async count(): Promise<number> {
      return db.$count(runs, visible);
    },

    /** The organization a visible run belongs to, for which its jobs run; null when not the caller's. */
    async orgOf(id: string): Promise<number | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ orgId: runs.orgId })
        .from(runs)
        .where(and(visible, eq(runs.id, id)));
      return row?.orgId ?? null;
    },

    /**
     * Replaces a run's config (e.g. a confirmed custom plan); false when the run is not the caller's organization's.
     */
    async updateConfig(id: string, config: object): Promise<boolean> {
      if (!isUuid(id)) return false;
      const updated = await db
        .update(runs)
        .set({ config, updatedAt: new Date() })
        .where(and(visible, eq(runs.id, id)))
        .returning({ id: runs.id });
      return updated.length === 1;
    },

    /** Inserts the run; returns null when another request already used the same idempotency key. */
    async create(input: {
      orgId: number;
      projectId: number;
      workflow: string;
      config: object;
      idempotencyKey: string | null;
      requestHash: string | null;
    }): Promise<string | null> {
      if (!scope.orgIds.includes(input.orgId)) throw new Error("create outside the caller's organizations");
      const [row] = await db
        .insert(runs)
        .values({
          orgId: input.orgId,
          projectId: input.projectId,
          status: "queued",
          workflow: input.workflow,
          config: input.config,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          createdBy: scope.userId,
        })
        .onConflictDoNothing()
        .returning({ id: runs.id });
      return row?.id ?? null;
    },
  };
}

/**
 * A run's status as its jobs move: not tenant-scoped, for the engine's job transitions only (inside
 * the transition's transaction).
 */
export function runStatusStore(tx: Pick<Database, "select" | "update">) {
  return {
    async jobStatuses(runId: string): Promise<RunStatus[]> {
      const jobs = await tx.select({ status: engineJobs.status }).from(engineJobs).where(eq(engineJobs.runId, runId));
      return jobs.map((job) => job.status as RunStatus);
    },

    async setStatus(runId: string, status: RunStatus): Promise<void> {
      await tx.update(runs).set({ status, updatedAt: new Date() }).where(eq(runs.id, runId));
    },
  };
}

function toRun({ run, projectName }: { run: typeof runs.$inferSelect; projectName: string }): RunRecord {
  return {
    id: run.id,
    project_id: run.projectId,
    project_name: projectName,
    status: run.status as RunStatus,
    workflow: run.workflow,
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
    config: run.config as Record<string, unknown>,
    request_hash: run.requestHash,
    created_by: run.createdBy,
  };
}
