import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const organizations = pgTable("organizations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  organizationType: text("organization_type"),
  ownerUserId: integer("owner_user_id"),
  createdAt: createdAt(),
});

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  primaryOrgId: integer("primary_org_id").references(() => organizations.id),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  "memberships",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_email_time_idx").on(t.email, t.attemptedAt)],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ruoAck: boolean("ruo_ack").notNull(),
    diseaseArea: text("disease_area"),
    assayContext: text("assay_context"),
    diseaseOntologyId: text("disease_ontology_id"),
    modality: text("modality"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("projects_org_idx").on(t.orgId, t.createdAt)],
);

export const runs = pgTable(
  "runs",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("queued"),
    workflow: text("workflow").notNull(),
    config: jsonb("config").notNull(),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("runs_org_created_idx").on(t.orgId, t.createdAt),
    uniqueIndex("runs_idempotency_idx").on(t.createdBy, t.idempotencyKey),
  ],
);

/** File contents live in the database so that several API instances can share one PostgreSQL. */
export const blobs = pgTable("blobs", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  sha256: text("sha256").notNull(),
  size: integer("size").notNull(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
});

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    blobId: uuid("blob_id")
      .notNull()
      .references(() => blobs.id),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_org_idx").on(t.orgId, t.createdAt)],
);

export const contactLeads = pgTable("contact_leads", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company").notNull(),
  service: text("service").notNull(),
  message: text("message").notNull(),
  sourceIp: text("source_ip"),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Engine jobs: the source of truth for what runs where. pg-boss only delivers job ids to workers;
 * ownership after delivery is proven by heart-beats on this row (see the engine module).
 */
export const engineJobs = pgTable(
  "engine_jobs",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => runs.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    /** "embedded" (the platform's threads) or "remote" (a worker of the organization, over mutual TLS). */
    execution: text("execution").notNull().default("embedded"),
    status: text("status").notNull().default("queued"),
    input: jsonb("input").notNull(),
    progress: jsonb("progress"),
    result: jsonb("result"),
    errorMessage: text("error_message"),
    attempts: integer("attempts").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    workerId: uuid("worker_id"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, precision: 3 }),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true, precision: 3 }),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("engine_jobs_org_created_idx").on(t.orgId, t.createdAt),
    index("engine_jobs_status_heartbeat_idx").on(t.status, t.heartbeatAt),
    index("engine_jobs_run_idx").on(t.runId),
  ],
);

export const engineCurvePoints = pgTable(
  "engine_curve_points",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => engineJobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    x: doublePrecision("x").notNull(),
    y: doublePrecision("y").notNull(),
  },
  (t) => [index("engine_curve_points_job_idx").on(t.jobId, t.id)],
);

/** Workers that can run engine jobs: the platform's embedded threads, or an organization's remote worker. */
export const workers = pgTable("workers", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  kind: text("kind").notNull(),
  /** Remote workers belong to one organization and only ever see its jobs. */
  orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  certFingerprint: text("cert_fingerprint").unique(),
  registeredAt: timestamp("registered_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * The negatome: compounds that failed (withdrawn, failed trials, inactive, insoluble…). Records with
 * a null org_id are public reference data; others belong to one organization. `seq` only grows, so
 * an API instance's in-memory similarity index catches up with `seq > last seen`.
 */
export const negatomeRecords = pgTable(
  "negatome_records",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    orgId: integer("org_id").references(() => organizations.id, { onDelete: "cascade" }),
    failureClass: text("failure_class").notNull(),
    targetUniprotId: text("target_uniprot_id"),
    compoundInchiKey: text("compound_inchi_key").notNull(),
    compoundSmiles: text("compound_smiles").notNull(),
    /** Morgan fingerprint, radius 2, 2048 bits, as 256 bytes. */
    fingerprint: bytea("fingerprint").notNull(),
    source: text("source").notNull(),
    /** Identity of the record within its source (drug name, file row, idempotency key + index): loads are idempotent on (source, source_key). */
    sourceKey: text("source_key").notNull(),
    score: doublePrecision("score"),
    reason: text("reason").notNull().default(""),
    evidence: jsonb("evidence").notNull().default({}),
    confidenceTier: text("confidence_tier").notNull(),
    contributorId: integer("contributor_id").references(() => users.id),
    matchCount: integer("match_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("negatome_source_key_idx").on(t.source, t.sourceKey),
    index("negatome_inchikey_idx").on(t.compoundInchiKey),
    index("negatome_target_idx").on(t.targetUniprotId),
    index("negatome_org_created_idx").on(t.orgId, t.createdAt),
    index("negatome_contributor_idx").on(t.contributorId),
  ],
);

export const negatomeAgreements = pgTable(
  "negatome_agreements",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agreementVersion: text("agreement_version").notNull(),
    userDeclaredId: text("user_declared_id"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agreementVersion] })],
);

/** One row per idempotency key of a synthetic ingest: the first request's outcome, replayed to retries. */
export const negatomeIngestKeys = pgTable(
  "negatome_ingest_keys",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    inserted: integer("inserted").notNull(),
    skipped: integer("skipped").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.idempotencyKey] })],
);

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
  ],
);

/**
 * Reference genes (HGNC) and diseases (Disease Ontology), loaded by the reference-data loader and
 * replaced whole on every load. Public: no org_id.
 */
export const refGenes = pgTable(
  "ref_genes",
  {
    hgncId: text("hgnc_id").primaryKey(),
    symbol: text("symbol").notNull(),
    name: text("name"),
    proteinName: text("protein_name"),
    ensemblGeneId: text("ensembl_gene_id"),
    ncbiGeneId: text("ncbi_gene_id"),
    uniprotIds: text("uniprot_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    previousSymbols: text("previous_symbols")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index("ref_genes_symbol_idx").on(sql`upper(${t.symbol})`)],
);

export const refDiseases = pgTable("ref_diseases", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  synonyms: text("synonyms")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  parentIds: text("parent_ids")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  altIds: text("alt_ids")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Cross-references as written in the ontology, e.g. MESH:D008175, EFO:0001071. */
  xrefs: text("xrefs")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

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

/**
 * Human review decisions on anything the platform produced (a run, a molecule of a run, a ranked
 * target, a triple, a negatome record, a docking pose). Append-only: the newest row of an item is its
 * state, the older rows are the audit trail the manifest reports.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    itemKind: text("item_kind").notNull(),
    itemId: text("item_id").notNull(),
    /** The run the item belongs to, when it is an output of one (so its manifest can list the review). */
    runId: uuid("run_id").references(() => runs.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    comment: text("comment"),
    reviewedBy: integer("reviewed_by")
      .notNull()
      .references(() => users.id),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("reviews_item_idx").on(t.orgId, t.itemKind, t.itemId), index("reviews_run_idx").on(t.runId)],
);
