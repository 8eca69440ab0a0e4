import type { TenantScope } from "../plugins/authentication";

const PUBLIC = "public";
const BATCH = 5000;

/** A row an in-memory index is built from: its insertion order and who may see it (null: everyone). */
export interface IndexedRow {
  seq: number;
  orgId: number | null;
}

export interface VisibilityIndexOptions<Row extends IndexedRow, Index> {
  /** Rows with `seq` above the given one, in `seq` order, at most `limit`. */
  fetchAfter(seq: number, limit: number): Promise<Row[]>;
  create(): Index;
  add(index: Index, row: Row): void;
}

/**
 * In-memory indexes kept per visibility (one for public rows, one per organization), so a query only
 * ever scans what the caller may see. Before answering, it loads the rows added since it last looked
 * (`seq` only grows), so every API instance sharing a database stays in step with the others' inserts.
 */
export class VisibilityIndexes<Row extends IndexedRow, Index> {
  private readonly indexes = new Map<number | typeof PUBLIC, Index>();
  private lastSeq = 0;
  private syncing: Promise<void> | null = null;

  constructor(private readonly options: VisibilityIndexOptions<Row, Index>) {}

  /** The indexes of everything the caller may see, caught up with the database. */
  async visibleTo(scope: TenantScope): Promise<Index[]> {
    await this.sync();
    const buckets: (number | typeof PUBLIC)[] = [PUBLIC, ...scope.orgIds];
    return buckets.flatMap((bucket) => this.indexes.get(bucket) ?? []);
  }

  /** One catch-up at a time; concurrent callers wait for it. */
  async sync(): Promise<void> {
    this.syncing ??= this.catchUp().finally(() => (this.syncing = null));
    await this.syncing;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const rows = await this.options.fetchAfter(this.lastSeq, BATCH);
      for (const row of rows) {
        const bucket = row.orgId ?? PUBLIC;
        if (!this.indexes.has(bucket)) this.indexes.set(bucket, this.options.create());
        this.options.add(this.indexes.get(bucket)!, row);
        this.lastSeq = row.seq;
      }
      if (rows.length < BATCH) return;
    }
  }
}
