import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { schema, DatabaseHandle } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import { EmbeddedDispatcher } from "./dispatcher";
import type { JobTypeRegistry } from "./job-types";
import { jobLifecycle, type JobLifecycle } from "./lifecycle-store";
import { EngineQueue } from "./queue";
import { liveRemoteWorkers, registerEmbeddedWorker, type EngineJobRow } from "./store";
import type { JobTransitions } from "./transitions";

export interface EngineSettings {
  /** Run jobs on this process's compute threads (ENGINE_EMBEDDED=false leaves them to remote workers). */
  embedded: boolean;
  /** A running job whose worker has not heart-beaten for this long is retried (or failed). */
  heartbeatTimeoutS: number;
  heartbeatMs: number;
  reapIntervalMs: number;
  /** How often the embedded worker looks for jobs queued by other processes; its own are taken when submitted. */
  pollMs: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  embedded: true,
  heartbeatTimeoutS: 30,
  heartbeatMs: 1000,
  reapIntervalMs: 5000,
  pollMs: 1000,
};

/** The engine inside the API process: queue, embedded worker and the heart-beat reaper. */
export class EngineRuntime {
  private reaper: NodeJS.Timeout | null = null;

  private constructor(
    private readonly database: DatabaseHandle,
    readonly lifecycle: JobLifecycle,
    private readonly queue: EngineQueue,
    private readonly dispatcher: EmbeddedDispatcher | null,
    private readonly pool: ComputePool,
    private readonly log: FastifyBaseLogger,
    /** Every job type, for the worker port to prepare and finish remote jobs as the dispatcher does embedded ones. */
    readonly jobTypes: JobTypeRegistry,
  ) {}

  static async start(
    database: DatabaseHandle,
    pool: ComputePool,
    settings: EngineSettings,
    log: FastifyBaseLogger,
    jobTypes: JobTypeRegistry,
    /** Where the job transitions are published (runs subscribe to mirror their status). */
    transitions: JobTransitions,
  ): Promise<EngineRuntime> {
    const lifecycle = jobLifecycle(database.db, transitions);
    const queue = await EngineQueue.start(database);
    let dispatcher: EmbeddedDispatcher | null = null;
    if (settings.embedded) {
      const workerId = await registerEmbeddedWorker(database.db, `${hostname()}:${process.pid}`);
      dispatcher = new EmbeddedDispatcher({
        lifecycle,
        queue,
        pool,
        jobTypes,
        workerId,
        log,
        heartbeatMs: settings.heartbeatMs,
        pollMs: settings.pollMs,
      });
      dispatcher.start();
    }
    const runtime = new EngineRuntime(database, lifecycle, queue, dispatcher, pool, log, jobTypes);
    runtime.reaper = setInterval(() => void runtime.reap(settings.heartbeatTimeoutS), settings.reapIntervalMs);
    return runtime;
  }

  /** Creates the job row and hands it to the queue of its execution kind. */
  async submit(values: typeof schema.engineJobs.$inferInsert): Promise<EngineJobRow> {
    const job = await this.lifecycle.create(values);
    await this.queue.enqueue(job);
    if (job.execution === "embedded") this.dispatcher?.wake();
    return job;
  }

  /**
   * One reaper pass: requeues (or fails) running jobs whose worker went silent, then sends again the
   * queued jobs older than the timeout that have no delivery waiting: their delivery was lost when a
   * process died between creating the job and sending it, between taking the delivery and claiming
   * the job, or between a requeue and its send (or pg-boss dropped it after its retention).
   */
  async reap(timeoutSeconds: number): Promise<void> {
    try {
      const { requeued, failed } = await this.lifecycle.reapStale(timeoutSeconds);
      for (const job of requeued) await this.queue.enqueue(job);
      if (requeued.length || failed.length)
        this.log.warn(
          { requeued: requeued.map((j) => j.id), failed: failed.map((j) => j.id) },
          "reaped jobs whose worker stopped heart-beating",
        );
      const queued = await this.lifecycle.queuedBefore(new Date(Date.now() - timeoutSeconds * 1000));
      const waiting = await this.queue.waitingDeliveries(queued.map((job) => job.id));
      const lost = queued.filter((job) => !waiting.has(job.id));
      for (const job of lost) await this.queue.enqueue(job);
      if ([...requeued, ...lost].some((job) => job.execution === "embedded")) this.dispatcher?.wake();
      if (lost.length)
        this.log.warn({ resent: lost.map((j) => j.id) }, "sent again queued jobs whose delivery was lost");
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : error }, "reaper pass failed");
    }
  }

  /** Workers able to take jobs now: this process's compute threads, plus recently seen remote workers. */
  async liveWorkers(): Promise<{ embedded: number; remote: number }> {
    const remote = await liveRemoteWorkers(this.database.db);
    return { embedded: this.dispatcher ? this.pool.liveThreads : 0, remote };
  }

  async take(queueName: string): Promise<string | null> {
    return this.queue.take(queueName);
  }

  async stop(): Promise<void> {
    if (this.reaper) clearInterval(this.reaper);
    await this.dispatcher?.stop();
    await this.queue.stop();
  }
}
