import { yieldToEventLoop } from "../event-loop";
import type { TenantScope } from "../plugins/authentication";

const PUBLIC = "public";
const BATCH = 5000;
/** How long a missing `seq` is looked for again: the longest an insert transaction may hold one uncommitted. */
export const GAP_GRACE_MS = 5 * 60_000;
/** At most this many missing `seq`s are followed (the newest); fetched this many at a time. */
const MAX_GAPS = 5000;
const GAP_CHUNK = 1000;
/**
 * Rows added to an index between two yields to the event loop: tokenising a few hundred passages takes a few ms,
 * 5,000 took 50–140 ms, so a catch-up after a large ingest never holds the loop for long.
 */
const ADD_SLICE = 500;

/** A row an in-memory index is built from: its insertion order and who may see it (null: everyone). */
export interface IndexedRow {
  seq: number;
  orgId: number | null;
}

export interface VisibilityIndexOptions<Row extends IndexedRow, Index> {
  /** Rows with `seq` above the given one, in `seq` order, at most `limit`. */
  fetchAfter(seq: number, limit: number): Promise<Row[]>;
  /** The rows with these `seq`s that exist now (any order; at most `GAP_CHUNK` are asked at once). */
  fetchSeqs(seqs: number[]): Promise<Row[]>;
  create(): Index;
  add(index: Index, row: Row): void;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?(): number;
}

/**
 * In-memory indexes kept per visibility (one for public rows, one per organization), so a query only
 * ever scans what the caller may see. Before answering, it loads the rows added since it last looked,
 * so every API instance sharing a database stays in step with the others' inserts.
 *
 * "Added since" is not simply `seq > last seen`: a bigserial is taken when a row is inserted, not when
 * its transaction commits, so on PostgreSQL a transaction holding seq 7 can commit after one holding
 * seq 8 was already read. So every `seq` skipped below the last one seen is remembered as a gap and
 * asked for again on each catch-up until it appears, or until GAP_GRACE_MS have passed since it was
 * noticed (counted to the start of the previous catch-up, so a long idle spell never retires a gap
 * before it was looked for once more): most gaps are values that will never appear (rolled back, or
 * burnt by `on conflict do nothing`). A row is added once, when its `seq` is first read, so an index
 * that does not replace ids (BM25) never sees it twice. With no gaps, this is one `seq >` query as
 * before. The alternative, serialising every insert under an advisory lock so seq order is commit
 * order, would make every writer (negatome, literature, loaders, future ones) take part and block
 * contributions behind long loads; this needs nothing from writers. The one assumption is that no insert
 * transaction stays open longer than GAP_GRACE_MS after taking its seq.
 */
export class VisibilityIndexes<Row extends IndexedRow, Index> {
  private readonly indexes = new Map<number | typeof PUBLIC, Index>();
  private lastSeq = 0;
  /** Missing seqs below lastSeq → when they were noticed. Insertion order is seq order. */
  private readonly gaps = new Map<number, number>();
  /** When the previous catch-up that looked for the gaps started. */
  private previousStart: number | null = null;
  private syncing: Promise<void> | null = null;
  private followUp: Promise<void> | null = null;
  private addedSinceYield = 0;
  private readonly now: () => number;

  constructor(private readonly options: VisibilityIndexOptions<Row, Index>) {
    this.now = options.now ?? (() => performance.now());
  }

  /** The indexes of everything the caller may see, caught up with the database. */
  async visibleTo(scope: TenantScope): Promise<Index[]> {
    await this.sync();
    const buckets: (number | typeof PUBLIC)[] = [PUBLIC, ...scope.orgIds];
    return buckets.flatMap((bucket) => this.indexes.get(bucket) ?? []);
  }

  /**
   * One catch-up at a time. A caller arriving while one runs may have written rows after its last fetch, so it
   * waits for one more catch-up after that one, shared by every caller arriving meanwhile.
   */
  async sync(): Promise<void> {
    if (this.syncing) {
      this.followUp ??= this.syncing.then(() => {
        this.followUp = null;
        return this.sync();
      });
      return this.followUp;
    }
    this.syncing = this.catchUp().finally(() => (this.syncing = null));
    return this.syncing;
  }

  /** Seqs skipped so far that are still looked for (for tests and diagnostics). */
  pendingGaps(): number[] {
    return [...this.gaps.keys()];
  }

  private async catchUp(): Promise<void> {
    const start = this.now();
    // A gap noticed at least GAP_GRACE_MS before the previous catch-up began was looked for then, when
    // any transaction that took its seq less than GAP_GRACE_MS before committing had committed.
    if (this.previousStart !== null) {
      for (const [seq, noticed] of this.gaps) if (noticed <= this.previousStart - GAP_GRACE_MS) this.gaps.delete(seq);
    }
    const wanted = [...this.gaps.keys()];
    for (let i = 0; i < wanted.length; i += GAP_CHUNK) {
      for (const row of await this.options.fetchSeqs(wanted.slice(i, i + GAP_CHUNK))) {
        if (this.gaps.delete(row.seq)) await this.addRow(row);
      }
    }
    this.previousStart = start;

    for (;;) {
      const rows = await this.options.fetchAfter(this.lastSeq, BATCH);
      const noticed = this.now();
      for (const row of rows) {
        if (row.seq <= this.lastSeq) continue;
        for (let missing = Math.max(this.lastSeq + 1, row.seq - MAX_GAPS); missing < row.seq; missing++)
          this.gaps.set(missing, noticed);
        await this.addRow(row);
        this.lastSeq = row.seq;
      }
      if (rows.length < BATCH) break;
    }
    // Keep the newest: an old gap is far more likely a value that was never committed.
    for (const seq of this.gaps.keys()) {
      if (this.gaps.size <= MAX_GAPS) break;
      this.gaps.delete(seq);
    }
  }

  private async addRow(row: Row): Promise<void> {
    const bucket = row.orgId ?? PUBLIC;
    if (!this.indexes.has(bucket)) this.indexes.set(bucket, this.options.create());
    this.options.add(this.indexes.get(bucket)!, row);
    if (++this.addedSinceYield >= ADD_SLICE) {
      this.addedSinceYield = 0;
      await yieldToEventLoop();
    }
  }
}
