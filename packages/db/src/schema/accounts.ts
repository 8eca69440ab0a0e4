import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
    /** owner, admin, scientist or viewer: what the member may change (docs/roles.md). */
    role: text("role").notNull().default("scientist"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index("memberships_user_idx").on(t.userId),
    check("memberships_role_check", sql`${t.role} in ('owner', 'admin', 'scientist', 'viewer')`),
  ],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    /** The client's address (per-IP back-off across accounts); null for rows written before it was kept. */
    ip: text("ip"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_failures_email_time_idx").on(t.email, t.attemptedAt),
    index("login_failures_ip_time_idx").on(t.ip, t.attemptedAt),
  ],
);

/**
 * A signed-in session: its access tokens name it (`sid`), so revoking it (logout, password change)
 * rejects them at once. Its refresh token is stored as a SHA-256 hash and rotates on every use; a
 * rotated token used again means it was stolen, and revokes the session.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    /** The hash of the refresh token this one replaced: presenting it again revokes the session. */
    previousTokenHash: text("previous_token_hash"),
    createdAt: createdAt(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true, precision: 3 }),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_previous_idx").on(t.previousTokenHash)],
);

/**
 * Devices that signed in to an account before (a random token the client keeps, stored hashed): a
 * correct password from one of them passes the account's back-off, so nobody can lock a user out
 * by failing sign-ins on purpose.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("known_devices_user_idx").on(t.userId)],
);

/**
 * An invitation to join an organization with a role: a single-use link whose token is stored as a
 * SHA-256 hash. Accepting, revoking and expiring are conditional updates, so a token works at most once.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, precision: 3 }),
    acceptedBy: integer("accepted_by").references(() => users.id),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("invitations_org_idx").on(t.orgId),
    check("invitations_role_check", sql`${t.role} in ('owner', 'admin', 'scientist', 'viewer')`),
  ],
);
