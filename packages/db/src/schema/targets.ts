import { sql } from "drizzle-orm";
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { organizations, users } from "./accounts";

/**
 * Target features: versioned feature sets, each ingestion with its file's SHA-256 and parameters,
 * and the per-gene values it produced. Rows with a null org_id are public reference features.
 */
export const targetFeatureSets = pgTable(
  "target_feature_sets",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("target_feature_sets_identity_idx").on(sql`coalesce(${t.orgId}, 0)`, t.version)],
);

export const targetIngestions = pgTable(
  "target_ingestions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Only grows: part of the stamp that tells a cached ranking it is stale. */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    featureSetId: integer("feature_set_id")
      .notNull()
      .references(() => targetFeatureSets.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256").notNull(),
    parameters: jsonb("parameters").notNull().default({}),
    rowsRead: integer("rows_read").notNull(),
    featuresWritten: integer("features_written").notNull(),
    genesMatched: integer("genes_matched").notNull(),
    unmatched: jsonb("unmatched").notNull().default({ count: 0, examples: [] }),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("target_ingestions_org_idx").on(t.orgId, t.createdAt)],
);

/** Where a feature or an edge came from: its ingestion, organization (null: public) and feature set. */
const ingestedRowColumns = () => ({
  ingestionId: uuid("ingestion_id")
    .notNull()
    .references(() => targetIngestions.id, { onDelete: "cascade" }),
  orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
  featureSetId: integer("feature_set_id")
    .notNull()
    .references(() => targetFeatureSets.id, { onDelete: "cascade" }),
});

export const targetFeatures = pgTable(
  "target_features",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...ingestedRowColumns(),
    source: text("source").notNull(),
    featureName: text("feature_name").notNull(),
    component: text("component").notNull(),
    hgncId: text("hgnc_id").notNull(),
    /** DOID the value is about; null: it holds for every disease. */
    diseaseId: text("disease_id"),
    score: doublePrecision("score").notNull(),
    raw: doublePrecision("raw"),
  },
  (t) => [
    index("target_features_set_disease_idx").on(t.featureSetId, t.diseaseId),
    index("target_features_gene_idx").on(t.hgncId),
  ],
);

export const targetNetworkEdges = pgTable(
  "target_network_edges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...ingestedRowColumns(),
    geneA: text("gene_a").notNull(),
    geneB: text("gene_b").notNull(),
    score: doublePrecision("score").notNull(),
  },
  (t) => [index("target_network_edges_set_idx").on(t.featureSetId)],
);

/**
 * Rankings computed by `targets` engine jobs, one per (visibility scope, feature set, disease); the
 * stamp records the data they were computed from, so a newer ingestion makes them stale.
 */
export const targetRankings = pgTable(
  "target_rankings",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    scopeKey: text("scope_key").notNull(),
    featureSetVersion: text("feature_set_version").notNull(),
    diseaseId: text("disease_id").notNull(),
    stamp: text("stamp").notNull(),
    engineJobId: uuid("engine_job_id"),
    result: jsonb("result").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("target_rankings_identity_idx").on(t.scopeKey, t.featureSetVersion, t.diseaseId)],
);
