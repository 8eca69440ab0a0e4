import type {
  CompositeBody,
  CompositeResult,
  DocumentDetail,
  Highlight,
  LiteratureHealth,
  LiteratureUploadOutcome,
  Novelty,
  PassageSearchResults,
  TargetPrior,
  TriplePage,
} from "@sieve/contracts";
import {
  comentionNovelty,
  compositeScore,
  targetPrior,
  type EntityRef,
  type Polarity,
  type RelationType,
  pubTatorChunks,
  PubTatorFormatError,
  toLiteratureDocument,
  type LiteratureDocument,
  type PubTatorDocument,
} from "@sieve/literature";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import { ApiError, notFound, validationFailed } from "../../http/errors";
import type { MultipartUpload } from "../../http/multipart";
import { confidenceFilter, thresholdOf, thresholdsFor } from "./confidence";
import { goldAnnotations } from "./gold";
import type { LiteratureReference } from "./reference";
import type { TenantScope } from "../../plugins/authentication";
import type { LiteratureSearch } from "./search-index";
import { literatureStore, storeDocuments, toTriple, type DocumentToStore, type StoredTriple } from "./store";
import { yieldToEventLoop } from "../../event-loop";

const UPLOAD_ENDINGS = [".pdf", ".txt"];

// Documents per extraction task: spreads a batch over the threads and keeps each task short.
const EXTRACTION_CHUNK = 25;

export interface LiteratureContext {
  db: Database;
  pool: ComputePool;
  reference: LiteratureReference;
}

async function extractAll({ pool, reference }: LiteratureContext, docs: LiteratureDocument[]) {
  const chunks: LiteratureDocument[][] = [];
  for (let i = 0; i < docs.length; i += EXTRACTION_CHUNK) chunks.push(docs.slice(i, i + EXTRACTION_CHUNK));
  const results = await Promise.all(
    chunks.map((chunk) =>
      pool.run(
        "literature.extract",
        {
          ...reference.state,
          documents: chunk.map(({ source, external_id, text }) => ({ source, external_id, text })),
        },
        { priority: "batch" },
      ),
    ),
  );
  return results.flat();
}

/** Extracts and stores documents, all or nothing; `orgId` null makes them public reference literature. */
export async function ingestDocuments(
  context: LiteratureContext,
  orgId: number | null,
  docs: LiteratureDocument[],
): Promise<{ inserted: number; skipped: number }> {
  const empty = docs.flatMap((doc, index) =>
    doc.text.trim() ? [] : [{ path: `docs.${index}.text`, message: "the document has no text" }],
  );
  if (empty.length) throw validationFailed(empty, "empty_text");
  const extractions = await extractAll(context, docs);
  return storeDocuments(
    context.db,
    orgId,
    docs.map((document, i) => ({ document, extraction: extractions[i]! })),
  );
}

/**
 * A PubTator file with at most this many documents is written in one transaction (all or nothing);
 * a longer one batch by batch (see ingestPubTatorDocuments), so the embedded database, which runs on
 * the event loop, serves other requests between batches.
 */
export const PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS = 100;
/**
 * Rows (documents, passages, mentions and triples, gold ones included) per transaction of a long
 * ingest. The embedded database answers nothing else until a transaction commits, and its cost grows
 * with the rows written, not the documents: ten CDR abstracts with their annotations are about 500
 * rows, 70 ms and more of the event loop on a quiet machine; 100 rows about 15 ms. A document with
 * more rows than this is written alone.
 */
export const PUBTATOR_BATCH_ROWS = 100;
/** Lines of a PubTator file parsed between two yields to the event loop (a few milliseconds). */
const PARSE_CHUNK_LINES = 1000;

export interface IngestProgress {
  documents: number;
  done: number;
  inserted: number;
  skipped: number;
}

/** A PubTator file: documents with the corpus's gold mentions and relations, plus Sieve's own extraction. */
export async function ingestPubTator(
  context: LiteratureContext,
  orgId: number | null,
  fileText: string,
  source: string,
  license: string | null,
): Promise<{ inserted: number; skipped: number }> {
  const { inserted, skipped } = await ingestPubTatorDocuments(
    context,
    orgId,
    await readPubTatorFile(fileText),
    source,
    license,
  );
  return { inserted, skipped };
}

/**
 * The file's documents, checked: 422 naming the first malformed line, or when there are none. Parsed
 * a thousand lines at a time, yielding between them (25,000 documents take a few hundred ms).
 */
export async function readPubTatorFile(fileText: string): Promise<PubTatorDocument[]> {
  const parsed: PubTatorDocument[] = [];
  try {
    for (const chunk of pubTatorChunks(fileText, PARSE_CHUNK_LINES)) {
      parsed.push(...chunk);
      await yieldToEventLoop();
    }
  } catch (error) {
    if (!(error instanceof PubTatorFormatError)) throw error;
    throw validationFailed([{ path: `file.line.${error.line}`, message: error.reason }], "invalid_file");
  }
  if (parsed.length === 0)
    throw validationFailed(
      [{ path: "file", message: "no PubTator documents found (expected 'PMID|t|title' and 'PMID|a|abstract' lines)" }],
      "invalid_file",
    );
  return parsed;
}

/** Rows a document adds to the four literature tables. */
export function rowsOf({ extraction, gold }: DocumentToStore): number {
  return (
    1 +
    extraction.passages.length +
    extraction.mentions.length +
    extraction.triples.length +
    (gold?.mentions.length ?? 0) +
    (gold?.triples.length ?? 0)
  );
}

/** Consecutive documents grouped into batches of at most `maxRows` rows (a larger document alone). */
export function batchesByRows<T extends DocumentToStore>(items: T[], maxRows: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let rows = 0;
  for (const item of items) {
    const itemRows = rowsOf(item);
    if (batch.length && rows + itemRows > maxRows) {
      batches.push(batch);
      batch = [];
      rows = 0;
    }
    batch.push(item);
    rows += itemRows;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * Extracts and stores parsed PubTator documents. Up to PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS in one
 * transaction; more in transactions of at most PUBTATOR_BATCH_ROWS rows, yielding to the event loop
 * between them and reporting progress after each (`onBatch` answers true to stop). Extraction runs on
 * the compute threads, one chunk ahead of the writes. A long ingest that stops half-way keeps its
 * stored batches; sending the file again skips them.
 */
export async function ingestPubTatorDocuments(
  context: LiteratureContext,
  orgId: number | null,
  parsed: PubTatorDocument[],
  source: string,
  license: string | null,
  onBatch?: (progress: IngestProgress) => Promise<boolean | void>,
): Promise<IngestProgress> {
  const progress: IngestProgress = { documents: parsed.length, done: 0, inserted: 0, skipped: 0 };
  const extract = async (chunk: PubTatorDocument[]): Promise<DocumentToStore[]> => {
    const documents = chunk.map((doc) => toLiteratureDocument(doc, source, license));
    const extractions = await extractAll(context, documents);
    return chunk.map((doc, j) => ({
      document: documents[j]!,
      extraction: extractions[j]!,
      gold: goldAnnotations(doc, source, extractions[j]!),
    }));
  };
  if (parsed.length <= PUBTATOR_SINGLE_TRANSACTION_DOCUMENTS) {
    const outcome = await storeDocuments(context.db, orgId, await extract(parsed));
    Object.assign(progress, { done: parsed.length, ...outcome });
    await onBatch?.({ ...progress });
    return progress;
  }
  const chunks: PubTatorDocument[][] = [];
  for (let start = 0; start < parsed.length; start += EXTRACTION_CHUNK)
    chunks.push(parsed.slice(start, start + EXTRACTION_CHUNK));
  // The next chunk is extracted on the threads while this one is written.
  let next: Promise<DocumentToStore[]> | null = extract(chunks[0]!);
  for (let i = 0; i < chunks.length; i++) {
    const items = await next!;
    next = i + 1 < chunks.length ? extract(chunks[i + 1]!) : null;
    for (const batch of batchesByRows(items, PUBTATOR_BATCH_ROWS)) {
      const outcome = await storeDocuments(context.db, orgId, batch);
      progress.done += batch.length;
      progress.inserted += outcome.inserted;
      progress.skipped += outcome.skipped;
      if (await onBatch?.({ ...progress })) {
        next?.catch(() => undefined);
        return progress;
      }
      await yieldToEventLoop();
    }
  }
  return progress;
}

/**
 * The text of an uploaded PDF or text file; 415 for a PDF that cannot be read, 422 when there is no
 * text. PDFs are parsed on a compute thread: a long one takes minutes of CPU.
 */
export async function documentText(pool: ComputePool, fileName: string, bytes: Buffer): Promise<string> {
  let text: string;
  if (fileName.toLowerCase().endsWith(".pdf")) {
    const parsed = await pool.run("literature.pdf_text", { bytes: new Uint8Array(bytes) });
    if (!parsed.readable)
      throw new ApiError(415, "pdf_parse_failed_or_dependency_missing", `The PDF could not be read: ${parsed.reason}`);
    text = parsed.text;
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw validationFailed([{ path: "file", message: "the file is not UTF-8 text" }], "invalid_file");
    }
  }
  if (!text.trim()) throw validationFailed([{ path: "file", message: "the document has no text" }], "empty_text");
  return text;
}

type DocumentHit = PassageSearchResults["items"][number];
type PassageHit = DocumentHit["other_passages"][number];

/** Passages fetched per document asked for: enough that `topk` documents survive the collapse. */
const PASSAGES_PER_DOCUMENT = 5;

export interface DocumentSearch {
  text: string;
  /** Entity ids matched besides those recognised in `text` (the target evidence's gene and disease). */
  extraEntityIds: string[];
  topk: number;
  minConfidence: number | undefined;
}

/**
 * BM25 search collapsed to one hit per document (issue 23): the best passage speaks for its document and
 * the document's other matching passages are listed under it, best first. The query's entities are
 * recognised with the ingestion dictionary, so their synonyms and abbreviations in passages match and are
 * highlighted too. Each hit carries the triples its passages state at the request's confidence filter.
 */
export async function searchDocuments(
  context: LiteratureContext,
  search: LiteratureSearch,
  tenant: TenantScope,
  query: DocumentSearch,
): Promise<PassageSearchResults> {
  const entities = await context.pool.run("literature.query_entities", {
    ...context.reference.state,
    text: query.text,
  });
  const entityIds = [...new Set([...query.extraEntityIds, ...entities.flatMap((e) => e.ids)])];
  const hits = await search.search(tenant, query.text, entityIds, Math.min(1000, query.topk * PASSAGES_PER_DOCUMENT));
  const store = literatureStore(context.db, tenant);
  const passages = await store.passagesWithDocuments(hits.map((h) => h.passage_id));
  const byDocument = new Map<string, DocumentHit>();
  for (const hit of hits) {
    const passage = passages.get(hit.passage_id);
    if (!passage) continue;
    const matched: PassageHit = {
      passage_id: hit.passage_id,
      text: passage.text,
      score: hit.score,
      highlights: [...hit.highlights],
      matched_entities: hit.matched_entities,
    };
    const found = byDocument.get(passage.doc.id);
    if (found) found.other_passages.push(matched);
    else if (byDocument.size < query.topk) {
      const { doc } = passage;
      byDocument.set(doc.id, {
        ...matched,
        doc: { source: doc.source, external_id: doc.externalId, title: doc.title, venue: doc.venue, year: doc.year },
        other_passages: [],
        triples: [],
      });
    }
  }
  const items = [...byDocument.values()];
  const shownPassages = items.flatMap((item) => [item, ...item.other_passages]);
  const [documentTriples, entityMentions] = await Promise.all([
    store.triplesOfDocuments([...byDocument.keys()]),
    store.entityMentionsInPassages(
      shownPassages.map((p) => p.passage_id),
      entityIds,
    ),
  ]);
  const passageById = new Map(shownPassages.map((p) => [p.passage_id, p]));
  for (const { passageId, start, end } of entityMentions) passageById.get(passageId)?.highlights.push({ start, end });
  for (const passage of shownPassages) passage.highlights = mergedHighlights(passage.highlights);

  const thresholds = thresholdsFor(query.minConfidence);
  const hitOfPassage = new Map(
    items.flatMap((item) => [item, ...item.other_passages].map((p) => [p.passage_id, item])),
  );
  let below = 0;
  for (const stored of documentTriples) {
    const hit = stored.triple.passageId === null ? undefined : hitOfPassage.get(stored.triple.passageId);
    if (!hit) continue;
    const { head, tail } = stored.triple as { head: EntityRef; tail: EntityRef };
    if (stored.triple.confidence >= thresholdOf(thresholds, head.type, tail.type)) hit.triples.push(toTriple(stored));
    else below++;
  }
  return { items, query_entities: entities, ...confidenceFilter(query.minConfidence, below) };
}

/** Highlights in reading order, overlapping ones (a query word inside an entity mention) merged. */
function mergedHighlights(highlights: Highlight[]): Highlight[] {
  const merged: Highlight[] = [];
  for (const h of [...highlights].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = merged.at(-1);
    if (last && h.start <= last.end) last.end = Math.max(last.end, h.end);
    else merged.push({ ...h });
  }
  return merged;
}

/** A file uploaded to the literature (PDF or text) as one document, with the form's fields. */
export async function ingestUpload(
  context: LiteratureContext,
  orgId: number,
  upload: MultipartUpload,
): Promise<LiteratureUploadOutcome> {
  const name = upload.name.split(/[\\/]/).pop() ?? "";
  if (!UPLOAD_ENDINGS.some((ending) => name.toLowerCase().endsWith(ending)))
    throw validationFailed([{ path: "file", message: "upload a PDF or a .txt file" }], "invalid_file");
  const text = await documentText(context.pool, name, upload.bytes);
  const year = upload.fields.year ? Number(upload.fields.year) : null;
  if (year !== null && !(Number.isInteger(year) && year >= 1500 && year <= 2100))
    throw validationFailed([{ path: "year", message: "must be a year" }]);
  const doc = {
    source: upload.fields.source?.trim() || "upload",
    external_id: upload.fields.external_id?.trim() || name,
    title: name.replace(/\.(pdf|txt)$/i, ""),
    year,
    venue: upload.fields.venue?.trim() || null,
    license: null,
    url: upload.fields.url?.trim() || null,
    text,
  };
  return {
    ...(await ingestDocuments(context, orgId, [doc])),
    source: doc.source,
    external_id: doc.external_id,
    characters: text.length,
  };
}

/**
 * What the Evidence page reads, for the caller's organizations: documents with their confident triples,
 * a gene's literature prior for a disease and the composite score built on it, triples and novelty.
 */
export function literatureQueries(context: LiteratureContext, search: LiteratureSearch, tenant: TenantScope) {
  const { db, pool, reference } = context;
  const store = literatureStore(db, tenant);

  /** A gene symbol and a disease (name, synonym or DOID) to their ids; 422 when unknown or ambiguous. */
  async function resolve(symbol: string, disease: string) {
    const result = await pool.run("literature.resolve", { ...reference.state, symbol, disease });
    for (const [field, resolution] of [
      ["symbol", result.gene],
      ["disease", result.disease],
    ] as const) {
      if (resolution && !resolution.ok) {
        const what = field === "symbol" ? `gene symbol "${symbol}"` : `disease "${disease}"`;
        throw new ApiError(
          422,
          resolution.reason === "ambiguous" ? "ambiguous_name" : "unknown_name",
          `${resolution.reason === "ambiguous" ? "Ambiguous" : "Unknown"} ${what}`,
          { candidates: resolution.candidates },
        );
      }
    }
    // Both names were asked for, so both resolved: an unresolved one threw above.
    return {
      gene: result.gene?.ok ? result.gene.value : null,
      disease: result.disease?.ok ? result.disease.value : null,
    };
  }

  /** The triples linking a gene and a disease at the confidence threshold asked for (or the default). */
  async function evidenceFor(
    query: { symbol: string; disease: string; min_confidence?: number | undefined },
    limit: number,
  ) {
    const { gene, disease } = await resolve(query.symbol, query.disease);
    const page = await store.confidentTriplesBetween(
      gene!.ids,
      disease!.ids,
      limit,
      thresholdsFor(query.min_confidence),
    );
    return {
      gene: gene!,
      disease: disease!,
      rows: page.rows,
      filter: confidenceFilter(query.min_confidence, page.below),
    };
  }

  return {
    async health(): Promise<LiteratureHealth> {
      return { ok: true, stats: await store.stats() };
    },

    async document(source: string, externalId: string, minConfidence: number | undefined): Promise<DocumentDetail> {
      const thresholds = thresholdsFor(minConfidence);
      const found = await store.document(source, externalId);
      if (!found) throw notFound("Document");
      const { doc } = found;
      const docInfo = { source: doc.source, external_id: doc.externalId, title: doc.title };
      const confident = found.triples.filter(
        (t) => t.confidence >= thresholdOf(thresholds, (t.head as EntityRef).type, (t.tail as EntityRef).type),
      );
      return {
        document: {
          ...docInfo,
          year: doc.year,
          venue: doc.venue,
          license: doc.license,
          url: doc.url,
          text: doc.text,
          created_at: doc.createdAt.toISOString(),
        },
        passages: found.passages.map((p) => ({
          passage_id: p.id,
          index: p.position,
          start: p.start,
          end: p.end,
          text: p.text,
        })),
        mentions: found.mentions.map((m) => ({
          start: m.start,
          end: m.end,
          text: m.text,
          type: m.entityType,
          id: m.entityId,
          name: m.name,
          xrefs: m.xrefs,
          provenance: m.provenance,
          method: m.method,
        })),
        ...confidenceFilter(minConfidence, found.triples.length - confident.length),
        triples: confident.map((t) =>
          toTriple({
            triple: t,
            doc: docInfo,
            sentenceText: t.sentenceStart === null ? null : doc.text.slice(t.sentenceStart, t.sentenceEnd ?? undefined),
          }),
        ),
      };
    },

    search: (query: { query: string; topk: number; min_confidence?: number }) =>
      searchDocuments(context, search, tenant, {
        text: query.query,
        extraEntityIds: [],
        topk: query.topk,
        minConfidence: query.min_confidence,
      }),

    async prior(query: { symbol: string; disease: string; min_confidence?: number }): Promise<TargetPrior> {
      const { gene, disease, rows, filter } = await evidenceFor(query, 5000);
      return {
        ...priorOf(rows),
        ...filter,
        n_evidence: rows.length,
        gene: { symbol: gene.symbol, hgnc_id: gene.hgnc_id },
        disease: { id: disease.id, name: disease.name },
      };
    },

    async triples(query: {
      symbol: string;
      disease: string;
      min_confidence?: number;
      topk: number;
    }): Promise<TriplePage> {
      const { rows, filter } = await evidenceFor(query, query.topk);
      return { items: rows.map(toTriple), ...filter };
    },

    async composite(body: CompositeBody): Promise<CompositeResult> {
      const { symbol, disease, min_confidence, weights, ...signals } = body;
      const { rows, filter } = await evidenceFor({ symbol, disease, min_confidence }, 5000);
      const prior = priorOf(rows);
      const result = compositeScore({ literature_prior: prior.prior, ...signals }, weights);
      return { ...result, prior: { ...prior, ...filter } };
    },

    /** Passages about a gene and a disease: the search for both names, their entity ids matched too. */
    async evidence(query: {
      symbol: string;
      disease: string;
      topk: number;
      min_confidence?: number;
    }): Promise<PassageSearchResults> {
      const { gene, disease } = await resolve(query.symbol, query.disease);
      return searchDocuments(context, search, tenant, {
        text: `${gene!.symbol} ${disease!.name}`,
        extraEntityIds: [...gene!.ids, ...disease!.ids],
        topk: query.topk,
        minConfidence: query.min_confidence,
      });
    },

    async searchTriples(query: {
      head?: string;
      relation?: string;
      tail?: string;
      topk: number;
      min_confidence?: number;
    }): Promise<TriplePage> {
      const { head, relation, tail, topk } = query;
      if (!head && !tail && !relation)
        throw validationFailed([{ path: "head", message: "give at least one of head, relation, tail" }]);
      const page = await store.searchTriples({ head, relation, tail }, topk, thresholdsFor(query.min_confidence));
      return { items: page.rows.map(toTriple), ...confidenceFilter(query.min_confidence, page.below) };
    },

    async novelty(query: { symbol: string; disease: string; as_of?: number }): Promise<Novelty> {
      const { gene, disease } = await resolve(query.symbol, query.disease);
      const years = await store.comentionYears(gene!.ids, disease!.ids);
      const asOf = query.as_of ?? new Date().getUTCFullYear();
      return { ...comentionNovelty(years, asOf), as_of: asOf, documents_without_year_ignored: true };
    },
  };
}

/** The literature prior of a target from the triples linking it with the disease, weighed by their confidence. */
function priorOf(rows: StoredTriple[]) {
  return targetPrior(
    rows.map(({ triple }) => ({
      evidence_score: triple.confidence,
      polarity: triple.polarity as Polarity,
      relation: triple.relation as RelationType,
    })),
  );
}
