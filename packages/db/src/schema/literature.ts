import { sql } from "drizzle-orm";
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { organizations } from "./accounts";

/**
 * Literature: documents with their passages, entity mentions and triples. Documents loaded by the
 * operator (reference corpora) are public (org_id null); documents ingested through the API belong to
 * the caller's organization. Gold annotations from a corpus and Sieve's extractions are kept apart
 * by `provenance` ("gold" | "extracted").
 */
export const litDocuments = pgTable(
  "lit_documents",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    title: text("title").notNull().default(""),
    year: integer("year"),
    venue: text("venue"),
    license: text("license"),
    url: text("url"),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lit_documents_identity_idx").on(sql`coalesce(${t.orgId}, 0)`, t.source, t.externalId)],
);

export const litPassages = pgTable(
  "lit_passages",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Grows with every insert, so each instance's in-memory search index catches up with `seq > last`. */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => litDocuments.id, { onDelete: "cascade" }),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    start: integer("start").notNull(),
    end: integer("end").notNull(),
    text: text("text").notNull(),
    entityIds: jsonb("entity_ids").notNull().default([]),
  },
  (t) => [index("lit_passages_document_idx").on(t.documentId, t.position)],
);

export const litMentions = pgTable(
  "lit_mentions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => litDocuments.id, { onDelete: "cascade" }),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    entityId: text("entity_id").notNull(),
    entityType: text("entity_type").notNull(),
    name: text("name").notNull(),
    start: integer("start").notNull(),
    end: integer("end").notNull(),
    text: text("text").notNull(),
    xrefs: jsonb("xrefs").notNull().default({}),
    provenance: text("provenance").notNull(),
    method: text("method").notNull(),
  },
  (t) => [index("lit_mentions_document_idx").on(t.documentId), index("lit_mentions_entity_idx").on(t.entityId)],
);

export const litTriples = pgTable(
  "lit_triples",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    triId: text("tri_id").notNull(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => litDocuments.id, { onDelete: "cascade" }),
    passageId: uuid("passage_id").references(() => litPassages.id, { onDelete: "cascade" }),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    head: jsonb("head").notNull(),
    headId: text("head_id").notNull(),
    headName: text("head_name").notNull(),
    relation: text("relation").notNull(),
    tail: jsonb("tail").notNull(),
    tailId: text("tail_id").notNull(),
    tailName: text("tail_name").notNull(),
    polarity: text("polarity").notNull(),
    evidenceScore: doublePrecision("evidence_score").notNull(),
    /** Calibrated probability of the relation (packages/literature relations/confidence.ts); gold triples 1. */
    confidence: doublePrecision("confidence").notNull(),
    supportingSentences: integer("supporting_sentences").notNull().default(1),
    sentenceStart: integer("sentence_start"),
    sentenceEnd: integer("sentence_end"),
    trigger: text("trigger"),
    method: text("method").notNull(),
    provenance: text("provenance").notNull(),
    /** Extra facts of gold relations (e.g. BioRED's novelty flag). */
    attributes: jsonb("attributes").notNull().default({}),
  },
  (t) => [
    index("lit_triples_head_idx").on(t.headId),
    index("lit_triples_tail_idx").on(t.tailId),
    index("lit_triples_document_idx").on(t.documentId),
    index("lit_triples_confidence_idx").on(t.confidence),
  ],
);
