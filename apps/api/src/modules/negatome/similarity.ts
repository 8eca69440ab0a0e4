import { SimilarityIndex, type SimilarityHit } from "@sieve/chem";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { VisibilityIndexes } from "../../storage/visibility-indexes";
import { fingerprintFromBytes, similarityIndexRows } from "./store";

/** The negatome's fingerprints in memory, per visibility: a search only scans what the caller may see. */
export class NegatomeSimilarity {
  private readonly indexes: VisibilityIndexes<
    { id: string; seq: number; orgId: number | null; fingerprint: Uint8Array },
    SimilarityIndex<string>
  >;

  constructor(db: Database) {
    const rows = similarityIndexRows(db);
    this.indexes = new VisibilityIndexes({
      fetchAfter: rows.after,
      fetchSeqs: rows.withSeqs,
      create: () => new SimilarityIndex<string>(),
      add: (index, row) => index.add(row.id, fingerprintFromBytes(row.fingerprint)),
    });
  }

  async search(scope: TenantScope, query: Uint32Array, topk: number): Promise<SimilarityHit<string>[]> {
    const hits = (await this.indexes.visibleTo(scope)).flatMap((index) => index.search(query, topk));
    return hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1)).slice(0, topk);
  }
}
