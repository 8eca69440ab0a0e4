import PgBoss from "pg-boss";
import type { DatabaseHandle } from "@sieve/db";

const SCHEMA = "pgboss";

/**
 * Delivery of engine job ids through pg-boss on the platform's own database (PGlite or PostgreSQL).
 * pg-boss only hands a job id to exactly one worker (SKIP LOCKED); the delivery is acknowledged at
 * once, and from then on the engine_jobs row and its heart-beats prove who owns the job. A delivery
 * can therefore be lost (a process killed between creating a job and sending it, or between taking a
 * delivery and claiming the job): the reaper finds queued jobs with no delivery waiting
 * (`waitingDeliveries`) and sends them again; a duplicate is harmless, since only a queued job can be
 * claimed.
 */
export class EngineQueue {
  /** Queues known to exist, or being created: one creation per name in flight in this process. */
  private readonly known = new Map<string, Promise<void>>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: DatabaseHandle,
  ) {}

  static async start(database: DatabaseHandle): Promise<EngineQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
      schema: SCHEMA,
      // Deliveries are acknowledged immediately; this bounds how long pg-boss keeps them (one never
      // taken is dropped after it, and the reaper sends its job again).
      retentionDays: 7,
    });
    boss.on("error", () => {
      // A database outage surfaces here on every maintenance tick; requests report it as 503.
    });
    await boss.start();
    return new EngineQueue(boss, database);
  }

  static queueName(job: { execution: string; orgId: number }): string {
    return job.execution === "remote" ? `engine-remote-org-${job.orgId}` : "engine-embedded";
  }

  async enqueue(job: { id: string; execution: string; orgId: number }): Promise<void> {
    const name = EngineQueue.queueName(job);
    await this.ensureQueue(name);
    await this.boss.send(name, { jobId: job.id }, { retryLimit: 0 });
  }

  /** Takes the next delivery from a queue, acknowledging it; null when the queue is empty. */
  async take(name: string): Promise<string | null> {
    await this.ensureQueue(name);
    const [delivery] = await this.boss.fetch<{ jobId: string }>(name, { batchSize: 1 });
    if (!delivery) return null;
    await this.boss.complete(name, delivery.id);
    return delivery.data.jobId;
  }

  /**
   * Which of these engine jobs have a delivery still waiting to be taken. Read from pg-boss 10's
   * `job` table (states `created` and `retry`): pg-boss has no call that finds a delivery by its data.
   */
  async waitingDeliveries(jobIds: string[]): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    const { rows } = await this.database.executeSql(
      `select distinct data->>'jobId' as job_id from ${SCHEMA}.job where name like 'engine-%' and state in ('created', 'retry') and data->>'jobId' = any($1::text[])`,
      [jobIds],
    );
    return new Set(rows.map((row) => String(row.job_id)));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true });
  }

  private ensureQueue(name: string): Promise<void> {
    let ready = this.known.get(name);
    if (!ready) {
      ready = this.createQueueOnce(name);
      this.known.set(name, ready);
      ready.catch(() => this.known.delete(name));
    }
    return ready;
  }

  private async createQueueOnce(name: string, attempts = 3): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    try {
      await this.boss.createQueue(name);
    } catch (error) {
      // Another instance is creating it: its transaction may not have committed when this one's
      // duplicate-key error arrives, so look again after a moment before giving up.
      if (attempts <= 1) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return this.createQueueOnce(name, attempts - 1);
    }
  }
}
