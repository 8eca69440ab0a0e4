import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { PubTatorDocument } from "@sieve/literature";
import { safeErrorText } from "../../http/database-errors";
import { z } from "zod";
import type { JobType } from "../engine/job-types";
import type { EngineRuntime } from "../engine/runtime";
import type { EngineJobRow } from "../engine/store";
import { ingestPubTatorDocuments, type LiteratureContext } from "./service";

export const INGEST_DOMAIN = "literature_ingest";
/** How often a running ingest reports its progress (and learns of a cancel). */
const HEARTBEAT_EVERY_MS = 1000;

/** What an ingest job stores as its input: where the documents came from, and how many. */
const IngestJobInput = z.looseObject({
  source: z.string(),
  license: z.string().nullable(),
  documents: z.number().int(),
});
type IngestJobInput = z.infer<typeof IngestJobInput>;

/**
 * A long PubTator ingest runs as an engine job of this API instance: the request answers 202 with
 * the job at once, and `GET /v1/engine/jobs/{id}` shows `progress` ({documents, done, inserted,
 * skipped}) updated every second, then the counts as its result. The job heart-beats with its
 * progress, so the reaper leaves it alone; a cancel stops it within a second, after a batch. The parsed file lives
 * only in this process: if it dies, the reaper's retry fails the job saying to send the file again
 * (stored documents are skipped then).
 */
export const ingestJobType: JobType<IngestJobInput> = {
  domain: INGEST_DOMAIN,
  input: IngestJobInput,
  result: z.record(z.string(), z.unknown()),
  handler: {
    async prepare() {
      throw new Error(
        "The server restarted during this ingest; send the file again (documents already stored are skipped)",
      );
    },
    async finish(_job, output) {
      return output;
    },
  },
};

export async function startPubTatorIngestJob(
  engine: EngineRuntime,
  context: LiteratureContext,
  log: FastifyBaseLogger,
  owner: { orgId: number; userId: number },
  parsed: PubTatorDocument[],
  source: string,
  license: string | null,
): Promise<EngineJobRow> {
  // The job is this instance's from the start: it is never queued, so no other worker can take it.
  const runner = randomUUID();
  const now = new Date();
  const job = await engine.lifecycle.create({
    orgId: owner.orgId,
    domain: INGEST_DOMAIN,
    execution: "embedded",
    status: "running",
    workerId: runner,
    attempts: 1,
    startedAt: now,
    heartbeatAt: now,
    createdBy: owner.userId,
    input: { source, license, documents: parsed.length },
    progress: { documents: parsed.length, done: 0, inserted: 0, skipped: 0 },
  });
  void (async () => {
    try {
      // A heartbeat (a transaction of its own) at most every HEARTBEAT_EVERY_MS, not after every batch.
      let lastBeat = performance.now();
      const outcome = await ingestPubTatorDocuments(context, owner.orgId, parsed, source, license, async (progress) => {
        if (performance.now() - lastBeat < HEARTBEAT_EVERY_MS) return false;
        lastBeat = performance.now();
        const { stop } = await engine.lifecycle.heartbeat(job.id, runner, { ...progress });
        return stop;
      });
      await engine.lifecycle.complete(job.id, runner, { best_fitness: null, final_metrics: { ...outcome } });
    } catch (error) {
      log.error({ err: error, jobId: job.id }, "literature ingest failed");
      await engine.lifecycle.fail(job.id, runner, safeErrorText(error)).catch(() => undefined);
    }
  })();
  return job;
}
