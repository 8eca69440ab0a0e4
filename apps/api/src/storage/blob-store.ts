import { eq } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import { sha256Hex } from "../http/canonical-json";

export interface StoredBlob {
  id: string;
  sha256: string;
  size: number;
}

/**
 * Where file contents live. The PostgreSQL implementation lets several API instances share one
 * database; an object store can implement the same two calls later.
 */
export interface BlobStore {
  put(content: Uint8Array): Promise<StoredBlob>;
  get(id: string): Promise<Uint8Array | null>;
}

export function databaseBlobStore(db: Database): BlobStore {
  return {
    async put(content) {
      const sha256 = sha256Hex(content);
      const [row] = await db
        .insert(schema.blobs)
        .values({ sha256, size: content.byteLength, content })
        .returning({ id: schema.blobs.id });
      return { id: row!.id, sha256, size: content.byteLength };
    },
    async get(id) {
      const [row] = await db
        .select({ content: schema.blobs.content })
        .from(schema.blobs)
        .where(eq(schema.blobs.id, id));
      return row ? new Uint8Array(row.content) : null;
    },
  };
}
