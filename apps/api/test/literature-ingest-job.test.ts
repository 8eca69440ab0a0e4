import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { schema } from "@sieve/db";
import { countEventLoopTurns, readSharedData, requireSharedData } from "@sieve/testing";
import { LiteratureReference } from "../src/modules/literature/reference";
import {
  ingestPubTatorDocuments,
  PUBTATOR_BATCH_ROWS,
  readPubTatorFile,
  type IngestProgress,
} from "../src/modules/literature/service";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";
import { minimalPdf } from "./pdf-fixture";

requireSharedData("bc5cdr/CDR_TrainingSet.PubTator.txt", "hgnc/hgnc_mapper.tsv", "disease_ontology/HumanDO.obo");

/**
 * A long PubTator file no longer holds the server for the whole ingest: it becomes a job written in
 * short batches that yield to the event loop, with progress. (Timing is measured in
 * bench/literature-ingest, not here: this checks the structure.)
 */
let ctx: TestContext;
let token: string;
const documents = (n: number) =>
  readSharedData("bc5cdr/CDR_TrainingSet.PubTator.txt")
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .slice(0, n)
    .join("\n\n") + "\n";

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup()).token;
});
afterAll(async () => ctx?.close());

describe("long PubTator ingests", () => {
  it("writes transactions bounded by rows, not documents, each followed by a yield to the event loop", async () => {
    // Whole CDR abstracts with their gold annotations: about 50 rows each, so ten documents (the former
    // batch) held the embedded database, and with it every other request, for 500 rows at once.
    const parsed = await readPubTatorFile(documents(125));
    const reference = new LiteratureReference(ctx.config.referenceDataRoot, ctx.config.geneInfoDir);
    const source = "bc5cdr-batches";
    const rowsStored = async () => {
      const ids = ctx.database.db
        .select({ id: schema.litDocuments.id })
        .from(schema.litDocuments)
        .where(eq(schema.litDocuments.source, source));
      const counts = await Promise.all([
        ctx.database.db.select({ n: count() }).from(schema.litDocuments).where(eq(schema.litDocuments.source, source)),
        ...[schema.litPassages, schema.litMentions, schema.litTriples].map((table) =>
          ctx.database.db.select({ n: count() }).from(table).where(inArray(table.documentId, ids)),
        ),
      ]);
      return counts.reduce((sum, [row]) => sum + Number(row!.n), 0);
    };
    const seen: IngestProgress[] = [];
    const rowsPerBatch: number[] = [];
    let rowsBefore = 0;
    const loop = countEventLoopTurns();
    const ticksAtBatch: number[] = [];
    const outcome = await ingestPubTatorDocuments(
      { db: ctx.database.db, pool: ctx.app.compute, reference },
      null,
      parsed,
      source,
      null,
      async (progress) => {
        ticksAtBatch.push(loop.turns);
        seen.push(progress);
        const rows = await rowsStored();
        rowsPerBatch.push(rows - rowsBefore);
        rowsBefore = rows;
      },
    );
    loop.stop();
    expect(outcome).toEqual({ documents: 125, done: 125, inserted: 125, skipped: 0 });
    expect(rowsBefore).toBeGreaterThan(125 * 20);
    // Every transaction wrote at most the budget, unless it held one document alone.
    const documentsPerBatch = seen.map((p, i) => p.done - (seen[i - 1]?.done ?? 0));
    rowsPerBatch.forEach((rows, i) => {
      if (documentsPerBatch[i]! > 1) expect(rows).toBeLessThanOrEqual(PUBTATOR_BATCH_ROWS);
    });
    expect(PUBTATOR_BATCH_ROWS).toBeLessThanOrEqual(100);
    expect(seen.at(-1)!.done).toBe(125);
    expect(documentsPerBatch.every((n) => n > 0)).toBe(true);
    // Other work ran between every two batches.
    for (let i = 1; i < ticksAtBatch.length; i++) expect(ticksAtBatch[i]).toBeGreaterThan(ticksAtBatch[i - 1]!);
  });

  it("parses a long file in pieces, letting other work run meanwhile, with the line numbers of one parse", async () => {
    const text = documents(500);
    const loop = countEventLoopTurns();
    const parsed = await readPubTatorFile(text);
    const turns = loop.stop();
    expect(parsed.length).toBe(500);
    expect(turns).toBeGreaterThan(5);
    const lines = text.split("\n");
    const broken = [...lines.slice(0, 9000), "not a pubtator line", ...lines.slice(9000)].join("\n");
    await expect(readPubTatorFile(broken)).rejects.toMatchObject({
      detail: { fields: [{ path: "file.line.9001" }] },
    });
  });

  it("answers 202 with a job for a long file, serves /health meanwhile, and the job ends with the counts", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/nlp/ingest/pubtator",
      token,
      ...multipartUpload({ source: "bc5cdr-job" }, { name: "cdr.pubtator", content: documents(150) }),
    });
    expect(response.statusCode).toBe(202);
    const { job_id, documents: total } = response.json();
    expect(total).toBe(150);
    expect((await ctx.call({ method: "GET", url: "/health" })).statusCode).toBe(200);
    const progress: number[] = [];
    let job;
    for (let i = 0; i < 600; i++) {
      job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${job_id}`, token })).json();
      if (job.progress?.done !== undefined) progress.push(job.progress.done);
      if (job.status !== "running") break;
      await new Promise((resume) => setTimeout(resume, 100));
    }
    expect(job.status, job.error_message).toBe("completed");
    expect(job.domain).toBe("literature_ingest");
    expect(job.result.final_metrics).toEqual({ documents: 150, done: 150, inserted: 150, skipped: 0 });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const stored = await ctx.database.db
      .select({ n: count() })
      .from(schema.litDocuments)
      .where(eq(schema.litDocuments.source, "bc5cdr-job"));
    expect(Number(stored[0]!.n)).toBe(150);
    // Another organization does not see the job.
    const other = (await ctx.signup()).token;
    expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${job_id}`, token: other })).statusCode).toBe(404);
  });

  it("parses an uploaded PDF on a compute thread, not on the event loop", async () => {
    const pool = ctx.app.compute;
    const tasks: string[] = [];
    const run = pool.run.bind(pool);
    pool.run = ((task: Parameters<typeof run>[0], ...rest: unknown[]) => {
      tasks.push(task);
      return (run as (...args: unknown[]) => unknown)(task, ...rest);
    }) as typeof pool.run;
    try {
      const response = await ctx.call({
        method: "POST",
        url: "/v1/nlp/ingest/upload",
        token,
        ...multipartUpload(
          { source: "pdf-thread" },
          { name: "egfr.pdf", content: minimalPdf(["EGFR mutations cause lung cancer."]) },
        ),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().characters).toBeGreaterThan(20);
    } finally {
      pool.run = run;
    }
    expect(tasks[0]).toBe("literature.pdf_text");
  });

  it("still answers a short file in the request, all or nothing", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/nlp/ingest/pubtator",
      token,
      ...multipartUpload({ source: "bc5cdr-short" }, { name: "cdr.pubtator", content: documents(3) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inserted: 3, skipped: 0 });
  });
});
