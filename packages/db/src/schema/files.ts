import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { organizations, users } from "./accounts";

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
