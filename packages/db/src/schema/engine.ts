import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { organizations, users } from "./accounts";
import { projects, runs } from "./projects";

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
