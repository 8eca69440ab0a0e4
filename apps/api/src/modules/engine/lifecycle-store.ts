import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { CurvePoint } from "@sieve/compute/engine-task";
import type { EngineJobRow } from "./store";
import type { JobTransitions } from "./transitions";
import { redactFailedQueries } from "../../http/database-errors";

const { engineJobs, engineCurvePoints } = schema;

export const MAX_ATTEMPTS = 3;

/**
 * The points of a batch the job does not have yet, by (name, generation): a worker sends a batch
 * again when the answer to its heart-beat was lost, and that must not store it twice.
 */
async function newPoints(tx: Pick<Database, "select">, jobId: string, points: CurvePoint[]) {
  const stored = await tx
    .select({ name: engineCurvePoints.name, x: engineCurvePoints.x })
    .from(engineCurvePoints)
    .where(
      and(
        eq(engineCurvePoints.jobId, jobId),
        inArray(engineCurvePoints.name, [...new Set(points.map((p) => p.name))]),
        inArray(engineCurvePoints.x, [...new Set(points.map((p) => p.x))]),
      ),
    );
  const seen = new Set(stored.map((p) => `${p.name}\u0000${p.x}`));
  const fresh: (CurvePoint & { jobId: string })[] = [];
  for (const point of points) {
    const key = `${point.name}\u0000${point.x}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push({ jobId, ...point });
  }
  return fresh;
}

/**
 * State transitions of engine jobs, as workers drive them. Not tenant-scoped: callers are the
 * platform's dispatcher and reaper, or a remote worker already restricted to its organization's jobs.
 * Every transition is conditional on the current state, so a late or duplicate message never
 * resurrects a cancelled job. Each transition is published to `transitions` inside its transaction
 * (runs subscribe, so a run always mirrors its jobs' status).
 */
export function jobLifecycle(db: Database, transitions: JobTransitions) {
  return {
    async create(values: typeof engineJobs.$inferInsert): Promise<EngineJobRow> {
      const [row] = await db.insert(engineJobs).values(values).returning();
      return row!;
    },

    /** queued → running for this worker; null when the job is no longer queued (cancelled, taken). */
    async claim(jobId: string, workerId: string): Promise<EngineJobRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(engineJobs)
          .set({
            status: "running",
            workerId,
            heartbeatAt: new Date(),
            startedAt: new Date(),
            attempts: sql`${engineJobs.attempts} + 1`,
          })
          .where(and(eq(engineJobs.id, jobId), eq(engineJobs.status, "queued")))
          .returning();
        if (row) {
          // A new attempt starts its curves afresh: the previous attempt's points would double them.
          await tx.delete(engineCurvePoints).where(eq(engineCurvePoints.jobId, jobId));
          await transitions.publish(tx, row);
        }
        return row ?? null;
      });
    },

    /** Proves the worker still owns the job; answers whether it should stop (cancelled or lost). */
    async heartbeat(
      jobId: string,
      workerId: string,
      progress?: Record<string, unknown>,
      points: CurvePoint[] = [],
    ): Promise<{ stop: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(engineJobs)
          .set({ heartbeatAt: new Date(), ...(progress ? { progress } : {}) })
          .where(and(eq(engineJobs.id, jobId), eq(engineJobs.workerId, workerId), eq(engineJobs.status, "running")))
          .returning({ id: engineJobs.id });
        // Points of a job cancelled meanwhile are still kept: a cancelled job keeps its partial curves.
        const [owned] = row
          ? [row]
          : await tx
              .select({ id: engineJobs.id })
              .from(engineJobs)
              .where(and(eq(engineJobs.id, jobId), eq(engineJobs.workerId, workerId)));
        const fresh = owned && points.length ? await newPoints(tx, jobId, points) : [];
        if (fresh.length) await tx.insert(engineCurvePoints).values(fresh);
        return { stop: !row };
      });
    },

    async complete(
      jobId: string,
      workerId: string,
      result: { best_fitness: number | null; final_metrics: Record<string, unknown> },
    ): Promise<boolean> {
      return finish(jobId, workerId, "completed", { result, errorMessage: null });
    },

    async fail(jobId: string, workerId: string, errorMessage: string): Promise<boolean> {
      // The owner reads it: a database error someone passed on as text loses its SQL and parameters here.
      return finish(jobId, workerId, "failed", { errorMessage: redactFailedQueries(errorMessage) });
    },

    /** A user's cancel: queued and running jobs become cancelled at once; the worker stops at its next check. */
    async cancel(jobId: string): Promise<"cancelled" | "finished" | "missing"> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(engineJobs)
          .set({ status: "cancelled", cancelRequested: true, completedAt: new Date() })
          .where(and(eq(engineJobs.id, jobId), inArray(engineJobs.status, ["queued", "running"])))
          .returning();
        if (row) {
          // A run split into shards is cancelled as a whole.
          if (row.runId) {
            await tx
              .update(engineJobs)
              .set({ status: "cancelled", cancelRequested: true, completedAt: new Date() })
              .where(and(eq(engineJobs.runId, row.runId), inArray(engineJobs.status, ["queued", "running"])));
          }
          await transitions.publish(tx, row);
          return "cancelled";
        }
        const [existing] = await tx.select({ id: engineJobs.id }).from(engineJobs).where(eq(engineJobs.id, jobId));
        return existing ? "finished" : "missing";
      });
    },

    /**
     * Jobs whose worker stopped heart-beating: requeued while attempts remain, failed after that.
     * Returns the requeued jobs so the caller can deliver them again.
     */
    async reapStale(timeoutSeconds: number): Promise<{ requeued: EngineJobRow[]; failed: EngineJobRow[] }> {
      return db.transaction(async (tx) => {
        const stale = and(
          eq(engineJobs.status, "running"),
          isNotNull(engineJobs.heartbeatAt),
          lt(engineJobs.heartbeatAt, new Date(Date.now() - timeoutSeconds * 1000)),
        );
        const failed = await tx
          .update(engineJobs)
          .set({
            status: "failed",
            completedAt: new Date(),
            errorMessage: `The worker stopped heart-beating for ${timeoutSeconds} s on each of ${MAX_ATTEMPTS} attempts`,
          })
          .where(and(stale, sql`${engineJobs.attempts} >= ${MAX_ATTEMPTS}`))
          .returning();
        const requeued = await tx
          .update(engineJobs)
          .set({ status: "queued", workerId: null, heartbeatAt: null, progress: null })
          .where(and(stale, sql`${engineJobs.attempts} < ${MAX_ATTEMPTS}`))
          .returning();
        for (const row of failed) await transitions.publish(tx, row);
        for (const row of requeued) await transitions.publish(tx, row);
        return { requeued, failed };
      });
    },

    /** Queued jobs created before `before` (a requeued job keeps its creation time), oldest first. */
    async queuedBefore(before: Date): Promise<Pick<EngineJobRow, "id" | "execution" | "orgId">[]> {
      return db
        .select({ id: engineJobs.id, execution: engineJobs.execution, orgId: engineJobs.orgId })
        .from(engineJobs)
        .where(and(eq(engineJobs.status, "queued"), lt(engineJobs.createdAt, before)))
        .orderBy(asc(engineJobs.createdAt));
    },

    async cancelRequested(jobIds: string[]): Promise<Set<string>> {
      if (jobIds.length === 0) return new Set();
      const rows = await db
        .select({ id: engineJobs.id })
        .from(engineJobs)
        .where(and(inArray(engineJobs.id, jobIds), eq(engineJobs.cancelRequested, true)));
      return new Set(rows.map((r) => r.id));
    },
  };

  async function finish(
    jobId: string,
    workerId: string,
    status: "completed" | "failed",
    values: Partial<typeof engineJobs.$inferInsert>,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(engineJobs)
        .set({ status, completedAt: new Date(), heartbeatAt: new Date(), ...values })
        .where(and(eq(engineJobs.id, jobId), eq(engineJobs.workerId, workerId), eq(engineJobs.status, "running")))
        .returning();
      if (row) await transitions.publish(tx, row);
      return Boolean(row);
    });
  }
}

export type JobLifecycle = ReturnType<typeof jobLifecycle>;
