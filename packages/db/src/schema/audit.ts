import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail: one row per write (who, organization, action, target, time, request id, summary of
 * the change). Append-only: each row carries the SHA-256 of the previous row of its organization
 * (`prev_hash`) and its own (`row_hash`), so an edited or deleted row breaks the chain, and a trigger
 * (migration 0008) refuses UPDATE and DELETE. No foreign keys: the record outlives what it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id").notNull(),
    userId: integer("user_id"),
    actorEmail: text("actor_email"),
    /** `METHOD /route/pattern`, e.g. `POST /v1/projects/:id/runs`. */
    action: text("action").notNull(),
    /** The URL path written to, with the id the write created when it answered one. */
    target: text("target").notNull(),
    /** The HTTP status answered: 2xx for a change, 403 for a refused attempt. */
    status: integer("status").notNull(),
    requestId: text("request_id").notNull(),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text("prev_hash").notNull(),
    rowHash: text("row_hash").notNull(),
  },
  (t) => [index("audit_events_org_idx").on(t.orgId, t.id)],
);
