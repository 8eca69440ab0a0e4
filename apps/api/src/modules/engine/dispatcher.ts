import type { FastifyBaseLogger } from "fastify";
import type { ComputePool } from "@sieve/compute/pool";
import { runEngineTask } from "@sieve/compute/engine-task";
import type { JobLifecycle } from "./lifecycle-store";
import { EngineQueue } from "./queue";
import type { JobTypeRegistry } from "./job-types";
import { safeErrorText } from "../../http/database-errors";

export interface DispatcherOptions {
  lifecycle: JobLifecycle;
  queue: EngineQueue;
  pool: ComputePool;
  /** How each domain's jobs are checked, prepared and finished. */
  jobTypes: JobTypeRegistry;
  workerId: string;
  log: FastifyBaseLogger;
  /** How often a running job heart-beats, flushes progress and checks for cancellation. */
  heartbeatMs?: number;
  pollMs?: number;
}

/**
 * The embedded worker: takes jobs of the embedded queue, as many at a time as the pool has threads,
 * and runs them on the compute threads at batch priority (interactive requests go first).
 */
export class EmbeddedDispatcher {
  private readonly running = new Set<string>();
  /** Deliveries taken whose job is being claimed: they hold a thread's slot before they are running. */
  private claiming = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private polling = false;
  /** A wake-up arrived during a poll: poll again at once when it ends, instead of after `pollMs`. */
  private wokenWhilePolling = false;

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.schedule(0);
  }

  /** Stops taking work; running jobs stop at their next heart-beat and the reaper requeues them. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * A job was just queued for this process: take it now rather than at the next poll, so a job starts as soon as
   * it is submitted (the poll interval only bounds how late a job queued by another process is seen).
   */
  wake(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.wokenWhilePolling = true;
      return;
    }
    this.schedule(0);
  }

  get activeJobs(): number {
    return this.running.size;
  }

  /** The one pending poll: a new schedule replaces it, so there is never more than one poll loop. */
  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    this.wokenWhilePolling = false;
    let took = false;
    try {
      while (!this.stopped && this.running.size + this.claiming < this.options.pool.size) {
        const jobId = await this.options.queue.take(EngineQueue.queueName({ execution: "embedded", orgId: 0 }));
        if (!jobId) break;
        took = true;
        this.claiming++;
        void this.execute(jobId);
      }
    } catch (error) {
      this.options.log.warn({ err: error instanceof Error ? error.message : error }, "engine queue poll failed");
    } finally {
      this.polling = false;
      this.schedule(took || this.wokenWhilePolling ? 0 : (this.options.pollMs ?? 1000));
    }
  }

  private async execute(jobId: string): Promise<void> {
    const { lifecycle, pool, jobTypes, workerId, log } = this.options;
    const job = await lifecycle.claim(jobId, workerId).catch((error: unknown) => {
      log.warn({ err: safeErrorText(error), jobId }, "engine job claim failed; the reaper sends it again");
      return null;
    });
    this.claiming--;
    if (!job) {
      // Cancelled while queued, or already taken: the slot is free again.
      this.wake();
      return;
    }
    this.running.add(job.id);
    try {
      const input = await jobTypes.prepare(job);
      const run = await runEngineTask(pool, job.domain, input, {
        heartbeatMs: this.options.heartbeatMs ?? 1000,
        // While stopping, the heart-beats stop too: the reaper hands the job to another worker.
        heartbeat: async (progress, points) =>
          this.stopped ? { stop: true } : lifecycle.heartbeat(job.id, workerId, progress, points),
        onHeartbeatError: (error) => log.warn({ err: String(error), jobId }, "heart-beat failed"),
      });
      // A stopping process leaves its jobs running without heart-beats: the reaper requeues them.
      if (this.stopped) return;
      if (run.outcome === "completed")
        await lifecycle.complete(job.id, workerId, (await jobTypes.finish(job, run.output)) as never);
      else if (run.outcome === "failed") {
        log.error({ err: run.error, jobId }, "engine job failed");
        await lifecycle.fail(job.id, workerId, run.error);
      }
    } catch (error) {
      log.error({ err: error, jobId }, "engine job bookkeeping failed");
      // A job whose preparation or storage failed would otherwise wait for the reaper to retry it.
      await lifecycle.fail(job.id, workerId, safeErrorText(error)).catch(() => undefined);
    } finally {
      this.running.delete(job.id);
      this.wake();
    }
  }
}
