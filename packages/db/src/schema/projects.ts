import { sql } from "drizzle-orm";
import {
  boolean,
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
