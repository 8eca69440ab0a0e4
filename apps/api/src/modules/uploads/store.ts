import { and, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import { uploadUri, type UploadResult } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import type { StoredBlob } from "../../storage/blob-store";
import { isUuid } from "../../http/params";

const { uploads } = schema;

export interface UploadRecord extends UploadResult {
  id: string;
  blob_id: string;
  created_at: string;
}

/** Upload metadata, always filtered to the caller's organizations. */
export function uploadsStore(db: Database, scope: TenantScope) {
  return {
    async create(input: { orgId: number; kind: string; name: string; blob: StoredBlob }): Promise<UploadRecord> {
      if (!scope.orgIds.includes(input.orgId)) throw new Error("create outside the caller's organizations");
      const [row] = await db
        .insert(uploads)
        .values({
          orgId: input.orgId,
          userId: scope.userId,
          kind: input.kind,
          name: input.name,
          size: input.blob.size,
          sha256: input.blob.sha256,
          blobId: input.blob.id,
        })
        .returning();
      return toUpload(row!);
    },

    /** Null for an id that is not a UUID, as for one that does not exist (never a database error). */
    async get(id: string): Promise<UploadRecord | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(inArray(uploads.orgId, scope.orgIds), eq(uploads.id, id)));
      return row ? toUpload(row) : null;
    },
  };
}

function toUpload(row: typeof uploads.$inferSelect): UploadRecord {
  return {
    id: row.id,
    uri: uploadUri(row.id, row.name),
    kind: row.kind,
    name: row.name,
    size: row.size,
    sha256: row.sha256,
    blob_id: row.blobId,
    created_at: row.createdAt.toISOString(),
  };
}
