import { asc, gt, inArray } from "drizzle-orm";
import { SimilarityIndex, type SimilarityHit } from "@sieve/chem";
import { schema, type Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { VisibilityIndexes } from "../../storage/visibility-indexes";

const { negatomeRecords } = schema;

/** The negatome's fingerprints in memory, per visibility: a search only scans what the caller may see. */
export class NegatomeSimilarity {
  private readonly indexes: VisibilityIndexes<
    { id: string; seq: number; orgId: number | null; fingerprint: Uint8Array },
    SimilarityIndex<string>
  >;

  constructor(db: Database) {
    const rows = () =>
      db
        .select({
          id: negatomeRecords.id,
          seq: negatomeRecords.seq,
          orgId: negatomeRecords.orgId,
          fingerprint: negatomeRecords.fingerprint,
        })
        .from(negatomeRecords);
    this.indexes = new VisibilityIndexes({
      fetchAfter: (seq, limit) =>
        rows().where(gt(negatomeRecords.seq, seq)).orderBy(asc(negatomeRecords.seq)).limit(limit),
      fetchSeqs: (seqs) => rows().where(inArray(negatomeRecords.seq, seqs)),
      create: () => new SimilarityIndex<string>(),
      add: (index, row) => index.add(row.id, fingerprintFromBytes(row.fingerprint)),
    });
  }

  async search(scope: TenantScope, query: Uint32Array, topk: number): Promise<SimilarityHit<string>[]> {
    const hits = (await this.indexes.visibleTo(scope)).flatMap((index) => index.search(query, topk));
    return hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1)).slice(0, topk);
  }
}

export function fingerprintToBytes(fingerprint: Uint32Array): Uint8Array {
  return new Uint8Array(
    fingerprint.buffer.slice(fingerprint.byteOffset, fingerprint.byteOffset + fingerprint.byteLength),
  );
}

export function fingerprintFromBytes(bytes: Uint8Array): Uint32Array {
  const copy = new Uint8Array(bytes);
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
}
