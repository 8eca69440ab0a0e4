import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { EngineJob, RemoteWorkerList, RunStatus } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import type { PageCursor } from "../../http/pagination";
import { isUuid } from "../../http/params";

const { engineJobs, engineCurvePoints, workers } = schema;
export type EngineJobRow = typeof engineJobs.$inferSelect;

export interface JobFilters {
  status?: string;
  domain?: string;
}

/** Engine jobs as their organization sees them: every query is filtered by the caller's organizations. */
export function engineJobsStore(db: Database, scope: TenantScope) {
  const visible = inArray(engineJobs.orgId, scope.orgIds);
  return {
    async list(filters: JobFilters, limit: number, after: PageCursor | null): Promise<EngineJob[]> {
      const page = after
        ? or(
            lt(engineJobs.createdAt, after.createdAt),
            and(eq(engineJobs.createdAt, after.createdAt), lt(engineJobs.id, after.id)),
          )
        : undefined;
      const rows = await db
        .select()
        .from(engineJobs)
        .where(
          and(
            visible,
            filters.status ? eq(engineJobs.status, filters.status) : undefined,
            filters.domain ? eq(engineJobs.domain, filters.domain) : undefined,
            page,
          ),
        )
        .orderBy(desc(engineJobs.createdAt), desc(engineJobs.id))
        .limit(limit);
      return rows.map(toEngineJob);
    },

    async get(id: string): Promise<EngineJob | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(engineJobs)
        .where(and(visible, eq(engineJobs.id, id)));
      return row ? toEngineJob(row) : null;
    },

    /** A visible job of one of these domains as stored (input and result unparsed), for the module that owns them. */
    async rowOfDomains(id: string, domains: string[]): Promise<EngineJobRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(engineJobs)
        .where(and(visible, eq(engineJobs.id, id), inArray(engineJobs.domain, domains)));
      return row ?? null;
    },

    /** Every job of a run, oldest first (one, or the shards of a split run). */
    async forRun(runId: string): Promise<EngineJob[]> {
      const rows = await db
        .select()
        .from(engineJobs)
        .where(and(visible, eq(engineJobs.runId, runId)))
        .orderBy(asc(engineJobs.createdAt), asc(engineJobs.id));
      return rows.map(toEngineJob);
    },

    async countWithoutRun(): Promise<number> {
      return db.$count(engineJobs, and(visible, isNull(engineJobs.runId)));
    },

    async curvePoints(jobId: string, afterPointId = 0): Promise<{ id: number; name: string; x: number; y: number }[]> {
      const job = await this.get(jobId);
      if (!job) return [];
      return db
        .select({
          id: engineCurvePoints.id,
          name: engineCurvePoints.name,
          x: engineCurvePoints.x,
          y: engineCurvePoints.y,
        })
        .from(engineCurvePoints)
        .where(and(eq(engineCurvePoints.jobId, jobId), gt(engineCurvePoints.id, afterPointId)))
        .orderBy(asc(engineCurvePoints.id));
    },
  };
}

/**
 * An active (queued or running) job of the domain whose input holds these fields, of any organization: the
 * fields themselves say whose job it is (a domain that shares jobs between callers puts their scope in them).
 */
export async function activeJobOfAnyOrgWithInput(
  db: Database,
  domain: string,
  fields: Record<string, unknown>,
): Promise<EngineJobRow | null> {
  const [job] = await db
    .select()
    .from(engineJobs)
    .where(
      and(
        eq(engineJobs.domain, domain),
        inArray(engineJobs.status, ["queued", "running"]),
        sql`${engineJobs.input} @> ${JSON.stringify(fields)}::jsonb`,
      ),
    )
    .limit(1);
  return job ?? null;
}

/** A remote worker counts as live when it was heard from within this window (it polls every 20 s at most). */
export const REMOTE_LIVENESS_MS = 60_000;

/** This process's embedded worker, registered at start: its id. */
export async function registerEmbeddedWorker(db: Database, name: string): Promise<string> {
  const [worker] = await db.insert(workers).values({ kind: "embedded", name }).returning({ id: workers.id });
  return worker!.id;
}

/** Remote workers (of any organization) seen within the liveness window. */
export async function liveRemoteWorkers(db: Database): Promise<number> {
  return db.$count(
    workers,
    and(eq(workers.kind, "remote"), gt(workers.lastSeenAt, new Date(Date.now() - REMOTE_LIVENESS_MS))),
  );
}

/** The remote workers registered for the caller's organizations, most recently seen first. */
export async function organizationWorkers(db: Database, scope: TenantScope): Promise<RemoteWorkerList["workers"]> {
  const rows = await db
    .select()
    .from(workers)
    .where(and(eq(workers.kind, "remote"), inArray(workers.orgId, scope.orgIds)))
    .orderBy(desc(workers.lastSeenAt));
  const liveSince = Date.now() - REMOTE_LIVENESS_MS;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    registered_at: row.registeredAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    live: row.lastSeenAt.getTime() > liveSince,
  }));
}

export function toEngineJob(row: EngineJobRow): EngineJob {
  return {
    id: row.id,
    status: row.status as RunStatus,
    domain: row.domain,
    execution: row.execution as EngineJob["execution"],
    run_id: row.runId,
    project_id: row.projectId,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    attempts: row.attempts,
    progress: (row.progress as Record<string, unknown> | null) ?? null,
    result: (row.result as EngineJob["result"]) ?? null,
    error_message: row.errorMessage,
  };
}

/** Groups curve points into the `{curves:[{name, points}]}` shape, in the order names first appear. */
export function groupCurves(points: { name: string; x: number; y: number }[]) {
  const byName = new Map<string, { x: number; y: number }[]>();
  for (const { name, x, y } of points) {
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name)!.push({ x, y });
  }
  return [...byName].map(([name, pts]) => ({ name, points: pts }));
}
