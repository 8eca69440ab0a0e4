import { asc, gt, inArray } from "drizzle-orm";
import { Bm25Index, type SearchHit } from "@sieve/literature";
import { schema, type Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { VisibilityIndexes } from "../../storage/visibility-indexes";

const { litPassages: passages } = schema;

/** BM25 over the passages a caller may see: public corpora and their organizations' own documents. */
export class LiteratureSearch {
  private readonly indexes: VisibilityIndexes<
    { id: string; seq: number; orgId: number | null; text: string; entityIds: unknown },
    Bm25Index
  >;

  constructor(db: Database) {
    const rows = () =>
      db
        .select({
          id: passages.id,
          seq: passages.seq,
          orgId: passages.orgId,
          text: passages.text,
          entityIds: passages.entityIds,
        })
        .from(passages);
    this.indexes = new VisibilityIndexes({
      fetchAfter: (seq, limit) => rows().where(gt(passages.seq, seq)).orderBy(asc(passages.seq)).limit(limit),
      fetchSeqs: (seqs) => rows().where(inArray(passages.seq, seqs)),
      create: () => new Bm25Index(),
      add: (index, row) => index.add({ passage_id: row.id, text: row.text, entity_ids: row.entityIds as string[] }),
    });
  }

  async search(scope: TenantScope, text: string, entityIds: string[], topk: number): Promise<SearchHit[]> {
    const hits = (await this.indexes.visibleTo(scope)).flatMap((index) =>
      index.search({ text, entityIds, topK: topk }),
    );
    return hits.sort((a, b) => b.score - a.score || (a.passage_id < b.passage_id ? -1 : 1)).slice(0, topk);
  }
}
