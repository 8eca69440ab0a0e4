import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { insertJsonRows, schema, seqStamp, type Database, type DatabaseHandle } from "@sieve/db";
import type { Extraction, LiteratureDocument, Mention, Triple } from "@sieve/literature";
import type { EntityRef as EntityRefAnswer } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import type { ConfidenceThresholds } from "./confidence";
import { tableStatus } from "../../storage/table-status";

const { litDocuments: documents, litPassages: passages, litMentions: mentions, litTriples: triples } = schema;
type TripleRow = typeof triples.$inferSelect;

export interface DocumentToStore {
  document: LiteratureDocument;
  extraction: Extraction;
  /** Corpus annotations, stored with provenance "gold" beside the extraction. */
  gold?: { mentions: Mention[]; triples: Triple[] };
}

/**
 * Writes documents with everything extracted from them in one transaction (all or nothing), one statement per
 * table for the whole batch, its rows sent as one JSON parameter (`insertJsonRows`; issue 23: the writes, not the
 * extraction, bounded ingestion, and drizzle's per-cell parameters were most of the main thread's share). A
 * document already present (same owner, source and external id), or repeated in the batch, is skipped, not
 * duplicated: the first of a batch's repeats is the one written.
 */
export async function storeDocuments(
  db: Database,
  orgId: number | null,
  batch: DocumentToStore[],
): Promise<{ inserted: number; skipped: number }> {
  const identity = (source: string, externalId: string) => `${source}\t${externalId}`;
  const firsts = new Map<string, DocumentToStore>();
  for (const item of batch) {
    const key = identity(item.document.source, item.document.external_id);
    if (!firsts.has(key)) firsts.set(key, item);
  }
  return db.transaction(async (tx) => {
    const stored = await insertJsonRows(
      tx,
      documents,
      [...firsts.values()].map(({ document }) => ({
        orgId,
        source: document.source,
        externalId: document.external_id,
        title: document.title,
        year: document.year,
        venue: document.venue,
        license: document.license,
        url: document.url,
        text: document.text,
      })),
      { returning: ["id", "source", "externalId"], onConflictDoNothing: true },
    );
    const storedIds = new Map(stored.map((row) => [identity(row.source, row.externalId), row.id]));
    // In the batch's order, as the rows of each table are written.
    const items = [...firsts].flatMap(([key, item]) => {
      const documentId = storedIds.get(key);
      return documentId ? [{ ...item, documentId }] : [];
    });
    const mentionsOf = (item: DocumentToStore) => [...item.extraction.mentions, ...(item.gold?.mentions ?? [])];

    const passageRows = items.flatMap((item) =>
      item.extraction.passages.map((p) => ({
        documentId: item.documentId,
        orgId,
        position: p.index,
        start: p.start,
        end: p.end,
        text: p.text,
        entityIds: [
          ...new Set(
            mentionsOf(item)
              .filter((m) => m.start >= p.start && m.end <= p.end)
              .map((m) => m.id),
          ),
        ],
      })),
    );
    const passageIds = new Map<string, string>();
    for (const p of await insertJsonRows(tx, passages, passageRows, { returning: ["id", "documentId", "position"] }))
      passageIds.set(`${p.documentId}#${p.position}`, p.id);
    const passageIdOf = (item: (typeof items)[number], passageId: string) => {
      const passage = item.extraction.passages.find((p) => p.passage_id === passageId);
      return passage ? (passageIds.get(`${item.documentId}#${passage.index}`) ?? null) : null;
    };

    await insertJsonRows(
      tx,
      mentions,
      items.flatMap((item) =>
        mentionsOf(item).map((m) => ({
          documentId: item.documentId,
          orgId,
          entityId: m.id,
          entityType: m.type,
          name: m.name,
          start: m.start,
          end: m.end,
          text: m.text,
          xrefs: m.xrefs,
          provenance: m.provenance,
          method: m.method,
        })),
      ),
    );

    await insertJsonRows(
      tx,
      triples,
      items.flatMap((item) =>
        [...item.extraction.triples, ...(item.gold?.triples ?? [])].map((t) => ({
          triId: t.tri_id,
          documentId: item.documentId,
          passageId: passageIdOf(item, t.passage_id),
          orgId,
          head: t.head,
          headId: t.head.id,
          headName: t.head.name,
          relation: t.relation,
          tail: t.tail,
          tailId: t.tail.id,
          tailName: t.tail.name,
          polarity: t.polarity,
          evidenceScore: t.evidence_score,
          confidence: t.confidence,
          supportingSentences: t.supporting_sentences,
          sentenceStart: t.sentence?.start ?? null,
          sentenceEnd: t.sentence?.end ?? null,
          trigger: t.trigger,
          method: t.method,
          provenance: t.provenance,
          attributes: t.attributes,
        })),
      ),
    );
    return { inserted: items.length, skipped: batch.length - items.length };
  });
}

/**
 * The passages the in-memory BM25 index is built from (./search-index), of every organization: the index keeps one
 * part per visibility and a search reads only the caller's parts.
 */
export function searchIndexRows(db: Database) {
  const rows = () =>
    db
      .select({
        id: passages.id,
        seq: passages.seq,
        orgId: passages.orgId,
        text: passages.text,
        entityIds: passages.entityIds,
      })
      .from(passages);
  return {
    /** Rows with `seq` above the given one, in `seq` order, at most `limit`. */
    after: (seq: number, limit: number) => rows().where(gt(passages.seq, seq)).orderBy(asc(passages.seq)).limit(limit),
    withSeqs: (seqs: number[]) => rows().where(inArray(passages.seq, seqs)),
  };
}

/** Gene ids as literature mentions and triples carry them: HGNC ids, or NCBI Gene ids of gold corpora. */
const isGeneId = (column: typeof triples.headId | typeof triples.tailId) =>
  or(like(column, "HGNC:%"), like(column, "NCBIGene:%"));

/** Literature a caller may read: public corpora and their organizations' own documents. */
export function literatureStore(db: Database, scope: TenantScope) {
  const visibleDocuments = or(isNull(documents.orgId), inArray(documents.orgId, scope.orgIds));
  const visibleTriples = or(isNull(triples.orgId), inArray(triples.orgId, scope.orgIds));
  const visiblePassages = or(isNull(passages.orgId), inArray(passages.orgId, scope.orgIds));
  const visibleMentions = or(isNull(mentions.orgId), inArray(mentions.orgId, scope.orgIds));
  // Every triple comes back with its document and the text of the sentence it came from.
  const selectTriples = () =>
    db
      .select({
        triple: triples,
        doc: { source: documents.source, external_id: documents.externalId, title: documents.title },
        sentenceText: sql<
          string | null
        >`substr(${documents.text}, ${triples.sentenceStart} + 1, ${triples.sentenceEnd} - ${triples.sentenceStart})`,
      })
      .from(triples)
      .innerJoin(documents, eq(documents.id, triples.documentId));

  const linking = (aIds: string[], bIds: string[]) =>
    or(
      and(inArray(triples.headId, aIds), inArray(triples.tailId, bIds)),
      and(inArray(triples.headId, bIds), inArray(triples.tailId, aIds)),
    );

  /** The triples matching `where` at or above the threshold, best first, and the count of those below it. */
  async function confidentPage(
    where: SQL | undefined,
    limit: number,
    thresholds: ConfidenceThresholds,
  ): Promise<TriplePage> {
    const [rows, [below]] = await Promise.all([
      selectTriples()
        .where(and(where, gte(triples.confidence, thresholdSql(thresholds))))
        .orderBy(desc(triples.confidence), desc(triples.evidenceScore), triples.id)
        .limit(limit),
      db
        .select({ n: count() })
        .from(triples)
        .where(and(where, lt(triples.confidence, thresholdSql(thresholds)))),
    ]);
    return { rows, below: Number(below?.n ?? 0) };
  }

  return {
    async document(source: string, externalId: string) {
      const [doc] = await db
        .select()
        .from(documents)
        .where(and(visibleDocuments, eq(documents.source, source), eq(documents.externalId, externalId)))
        .orderBy(sql`${documents.orgId} nulls last`)
        .limit(1);
      if (!doc) return null;
      const [docPassages, docMentions, docTriples] = await Promise.all([
        db.select().from(passages).where(eq(passages.documentId, doc.id)).orderBy(passages.position),
        db.select().from(mentions).where(eq(mentions.documentId, doc.id)).orderBy(mentions.start),
        db
          .select()
          .from(triples)
          .where(eq(triples.documentId, doc.id))
          .orderBy(desc(triples.confidence), desc(triples.evidenceScore)),
      ]);
      return { doc, passages: docPassages, mentions: docMentions, triples: docTriples };
    },

    /** One triple by its id with its document's source, id and full text (where it came from), if visible. */
    async tripleWithDocument(triId: string) {
      const [row] = await db
        .select({
          triple: triples,
          source: documents.source,
          externalId: documents.externalId,
          text: documents.text,
        })
        .from(triples)
        .innerJoin(documents, eq(documents.id, triples.documentId))
        .where(and(eq(triples.triId, triId), visibleTriples))
        .limit(1);
      return row ?? null;
    },

    /** Passages by id with their document, for search results (only visible ones). */
    async passagesWithDocuments(ids: string[]) {
      if (ids.length === 0) return new Map<string, { text: string; doc: typeof documents.$inferSelect }>();
      const rows = await db
        .select({ id: passages.id, text: passages.text, doc: documents })
        .from(passages)
        .innerJoin(documents, eq(documents.id, passages.documentId))
        .where(and(visibleDocuments, inArray(passages.id, ids)));
      return new Map(rows.map((r) => [r.id, { text: r.text, doc: r.doc }]));
    },

    /** Every triple of these documents (by document id), whatever its confidence, best first. */
    async triplesOfDocuments(documentIds: string[]): Promise<StoredTriple[]> {
      if (documentIds.length === 0) return [];
      return selectTriples()
        .where(and(visibleTriples, inArray(triples.documentId, documentIds)))
        .orderBy(desc(triples.confidence), desc(triples.evidenceScore), triples.id);
    },

    /** Where these passages mention any of the entities, as offsets into each passage's text. */
    async entityMentionsInPassages(passageIds: string[], entityIds: string[]) {
      if (passageIds.length === 0 || entityIds.length === 0) return [];
      return db
        .select({
          passageId: passages.id,
          start: sql<number>`${mentions.start} - ${passages.start}`.mapWith(Number),
          end: sql<number>`${mentions.end} - ${passages.start}`.mapWith(Number),
        })
        .from(passages)
        .innerJoin(
          mentions,
          and(
            eq(mentions.documentId, passages.documentId),
            gte(mentions.start, passages.start),
            lte(mentions.end, passages.end),
          ),
        )
        .where(and(inArray(passages.id, passageIds), inArray(mentions.entityId, entityIds)));
    },

    /**
     * Triples linking any of `aIds` with any of `bIds`, in either direction, with confidence ≥ `minConfidence`
     * (best first), and how many the threshold left out.
     */
    async confidentTriplesBetween(
      aIds: string[],
      bIds: string[],
      limit: number,
      thresholds: ConfidenceThresholds,
    ): Promise<TriplePage> {
      if (!aIds.length || !bIds.length) return { rows: [], below: 0 };
      return confidentPage(and(visibleTriples, linking(aIds, bIds)), limit, thresholds);
    },

    /** Every triple linking any of `aIds` with any of `bIds`, in either direction, whatever its confidence. */
    async triplesBetween(aIds: string[], bIds: string[], limit: number): Promise<StoredTriple[]> {
      if (!aIds.length || !bIds.length) return [];
      return selectTriples()
        .where(and(visibleTriples, linking(aIds, bIds)))
        .orderBy(desc(triples.evidenceScore), triples.id)
        .limit(limit);
    },

    async searchTriples(
      filters: { head?: string; relation?: string; tail?: string },
      limit: number,
      thresholds: ConfidenceThresholds,
    ): Promise<TriplePage> {
      const matches = (idColumn: AnyPgColumn, nameColumn: AnyPgColumn, value: string) =>
        or(sql`lower(${idColumn}) = lower(${value})`, sql`lower(${nameColumn}) = lower(${value})`);
      const where = and(
        visibleTriples,
        filters.head ? matches(triples.headId, triples.headName, filters.head) : undefined,
        filters.tail ? matches(triples.tailId, triples.tailName, filters.tail) : undefined,
        filters.relation ? eq(triples.relation, filters.relation) : undefined,
      );
      return confidentPage(where, limit, thresholds);
    },

    /**
     * Triples linking a gene (an HGNC id, or an NCBI Gene id of a gold corpus) with one of the diseases, in either
     * direction, whatever their confidence: what the target ranking's literature component reads.
     */
    async geneTriplesOfDiseases(diseaseIds: string[]) {
      if (!diseaseIds.length) return [];
      return db
        .select({
          headId: triples.headId,
          tailId: triples.tailId,
          relation: triples.relation,
          polarity: triples.polarity,
          evidenceScore: triples.evidenceScore,
          confidence: triples.confidence,
          provenance: triples.provenance,
        })
        .from(triples)
        .where(
          and(
            visibleTriples,
            or(
              and(inArray(triples.tailId, diseaseIds), isGeneId(triples.headId)),
              and(inArray(triples.headId, diseaseIds), isGeneId(triples.tailId)),
            ),
          ),
        );
    },

    /** Documents mentioning each gene (any disease), by the gene's id: how well studied a gene is. */
    async geneMentionCounts(): Promise<[string, number][]> {
      const rows = await db
        .select({ entityId: mentions.entityId, documents: countDistinct(mentions.documentId) })
        .from(mentions)
        .where(and(visibleMentions, eq(mentions.entityType, "gene")))
        .groupBy(mentions.entityId);
      return rows.map((r) => [r.entityId, Number(r.documents)]);
    },

    /** The newest visible passage's `seq` and how many are visible: a change of the visible literature changes it. */
    async passagesStamp() {
      return seqStamp(db, passages, passages.seq, visiblePassages);
    },

    /** Publication years of documents that mention both concepts (for novelty). */
    async comentionYears(aIds: string[], bIds: string[]): Promise<number[]> {
      if (!aIds.length || !bIds.length) return [];
      const mentioning = (ids: string[]) =>
        db.select({ id: mentions.documentId }).from(mentions).where(inArray(mentions.entityId, ids));
      const rows = await db
        .select({ year: documents.year })
        .from(documents)
        .where(and(visibleDocuments, inArray(documents.id, mentioning(aIds)), inArray(documents.id, mentioning(bIds))));
      return rows.flatMap((r) => (r.year === null ? [] : [r.year]));
    },

    async stats() {
      const tally = async (table: typeof documents | typeof passages | typeof mentions | typeof triples) =>
        Number(
          (
            await db
              .select({ n: count() })
              .from(table)
              .where(or(isNull(table.orgId), inArray(table.orgId, scope.orgIds)))
          )[0]?.n ?? 0,
        );
      const [docs, passageCount, entities, tripleCount] = await Promise.all([
        tally(documents),
        tally(passages),
        db
          .select({ n: sql<number>`count(distinct ${mentions.entityId})::int` })
          .from(mentions)
          .where(or(isNull(mentions.orgId), inArray(mentions.orgId, scope.orgIds))),
        tally(triples),
      ]);
      return { docs, passages: passageCount, entities: Number(entities[0]?.n ?? 0), triples: tripleCount };
    },
  };
}

/** The confidence threshold of each row by its pair kind (head type–tail type), as `thresholdOf` reads it. */
function thresholdSql(thresholds: ConfidenceThresholds): SQL {
  const kind = sql`(${triples.head} ->> 'type') || '-' || (${triples.tail} ->> 'type')`;
  const cases = Object.entries(thresholds).map(([k, t]) => sql`when ${k} then ${t}::float8`);
  return sql`(case ${kind} ${sql.join(cases, sql` `)} else 0 end)`;
}

export interface TriplePage {
  rows: StoredTriple[];
  /** Triples that matched but fell below the confidence threshold. */
  below: number;
}

export interface StoredTriple {
  triple: TripleRow;
  doc: { source: string; external_id: string; title: string };
  sentenceText: string | null;
}

export function toTriple({ triple: row, doc, sentenceText }: StoredTriple) {
  return {
    doc,
    ...(sentenceText === null ? {} : { sentence_text: sentenceText }),
    tri_id: row.triId,
    // Stored as the extraction wrote them; answered as the contract reads them (xrefs by vocabulary).
    head: row.head as EntityRefAnswer,
    relation: row.relation,
    tail: row.tail as EntityRefAnswer,
    polarity: row.polarity,
    evidence_score: row.evidenceScore,
    confidence: row.confidence,
    supporting_sentences: row.supportingSentences,
    passage_id: row.passageId,
    sentence: row.sentenceStart === null ? null : { start: row.sentenceStart, end: row.sentenceEnd },
    trigger: row.trigger,
    method: row.method,
    provenance: row.provenance,
    attributes: row.attributes as Record<string, unknown>,
  };
}

/** Whether each literature table exists. */
export const literatureSchemaStatus = (database: Pick<DatabaseHandle, "executeSql">) =>
  tableStatus(database, ["lit_documents", "lit_passages", "lit_mentions", "lit_triples"]);
