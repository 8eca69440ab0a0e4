import type { EngineJob, EngineJobList, RemoteWorkerList, RunStatus } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { conflict, notFound } from "../../http/errors";
import { decodeCursor, pageOf } from "../../http/pagination";
import type { JobLifecycle } from "./lifecycle-store";
import { engineJobsStore, organizationWorkers } from "./store";

/** The caller's organizations' engine jobs and remote workers. */
export function engineService(db: Database, scope: TenantScope, lifecycle: JobLifecycle) {
  const store = engineJobsStore(db, scope);
  return {
    async workers(): Promise<RemoteWorkerList> {
      return { workers: await organizationWorkers(db, scope) };
    },

    async list(query: { limit: number; cursor?: string; status?: RunStatus; domain?: string }): Promise<EngineJobList> {
      const { limit, cursor, status, domain } = query;
      const { items, ...next } = pageOf(await store.list({ status, domain }, limit + 1, decodeCursor(cursor)), limit);
      return { jobs: items, ...next };
    },

    async get(id: string): Promise<EngineJob> {
      const job = await store.get(id);
      if (!job) throw notFound("Engine job");
      return job;
    },

    /** A user's cancel of a queued or running job (every shard of its run); 409 once it has finished. */
    async cancel(id: string): Promise<{ id: string; status: "cancelled" }> {
      const job = await this.get(id);
      const outcome = await lifecycle.cancel(job.id);
      if (outcome !== "cancelled")
        throw conflict(
          `The job has already ${job.status === "cancelled" ? "been cancelled" : job.status}`,
          "job_finished",
        );
      return { id: job.id, status: "cancelled" };
    },
  };
}
