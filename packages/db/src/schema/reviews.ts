import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./accounts";
import { runs } from "./projects";

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

/**
 * Electronic signatures on a run's dossier (21 CFR Part 11 §11.50, §11.70, §11.200): who (the printed name and
 * email at signing time), when, what it means, and the SHA-256 of the dossier content it was given to. A later
 * change of that content voids it (computed on reading, never by editing the row). Append-only.
 */
export const signatures = pgTable(
  "signatures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    signerId: integer("signer_id")
      .notNull()
      .references(() => users.id),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    meaning: text("meaning").notNull(),
    contentSha256: text("content_sha256").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("signatures_run_idx").on(t.orgId, t.runId),
    check("signatures_meaning_check", sql`${t.meaning} in ('reviewed', 'approved')`),
  ],
);

/** An item put in a member's review queue; it leaves the queue once that member records a review of it. */
export const reviewAssignments = pgTable(
  "review_assignments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    itemKind: text("item_kind").notNull(),
    itemId: text("item_id").notNull(),
    runId: uuid("run_id").references(() => runs.id, { onDelete: "cascade" }),
    assigneeId: integer("assignee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: integer("assigned_by")
      .notNull()
      .references(() => users.id),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("review_assignments_assignee_idx").on(t.assigneeId, t.orgId)],
);
