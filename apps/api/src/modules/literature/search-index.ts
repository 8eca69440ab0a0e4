import { Bm25Index, type SearchHit } from "@sieve/literature";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { VisibilityIndexes } from "../../storage/visibility-indexes";
import { searchIndexRows } from "./store";

/** BM25 over the passages a caller may see: public corpora and their organizations' own documents. */
export class LiteratureSearch {
  private readonly indexes: VisibilityIndexes<
    { id: string; seq: number; orgId: number | null; text: string; entityIds: unknown },
    Bm25Index
  >;

  constructor(db: Database) {
    const rows = searchIndexRows(db);
    this.indexes = new VisibilityIndexes({
      fetchAfter: rows.after,
      fetchSeqs: rows.withSeqs,
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
