import PgBoss from "pg-boss";
import type { DatabaseHandle } from "@sieve/db";

/**
 * Delivery of engine job ids through pg-boss on the platform's own database (PGlite or PostgreSQL).
 * pg-boss only hands a job id to exactly one worker (SKIP LOCKED); the delivery is acknowledged at
 * once, and from then on the engine_jobs row and its heart-beats prove who owns the job.
 */
export class EngineQueue {
  private readonly known = new Set<string>();

  private constructor(private readonly boss: PgBoss) {}

  static async start(database: DatabaseHandle): Promise<EngineQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
      schema: "pgboss",
      // Deliveries are acknowledged immediately; this only bounds how long pg-boss keeps them.
      retentionDays: 7,
    });
    boss.on("error", () => {
      // A database outage surfaces here on every maintenance tick; requests report it as 503.
    });
    await boss.start();
    return new EngineQueue(boss);
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

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true });
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.known.has(name)) return;
    if (!(await this.boss.getQueue(name))) {
      await this.boss.createQueue(name).catch(async (error: unknown) => {
        // Another instance created it in between.
        if (!(await this.boss.getQueue(name))) throw error;
      });
    }
    this.known.add(name);
  }
}
