import { sql } from "drizzle-orm";
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { organizations, users } from "./accounts";

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
    /**
     * Identity of the record within its source (drug name, file row, idempotency key + index): loads are idempotent on
     * (source, source_key).
     */
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
