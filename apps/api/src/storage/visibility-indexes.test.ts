import { describe, expect, it } from "vitest";
import { countEventLoopTurns } from "@sieve/testing";
import { GAP_GRACE_MS, VisibilityIndexes, type IndexedRow } from "./visibility-indexes";

/** A table whose rows become visible when "committed", in any seq order, and an index that records every add. */
function fixture() {
  const committed: IndexedRow[] = [];
  const seqQueries: number[][] = [];
  let clock = 0;
  const indexes = new VisibilityIndexes<IndexedRow, number[]>({
    fetchAfter: async (seq, limit) =>
      committed
        .filter((row) => row.seq > seq)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit),
    fetchSeqs: async (seqs) => {
      seqQueries.push(seqs);
      return committed.filter((row) => seqs.includes(row.seq));
    },
    create: () => [],
    add: (index, row) => index.push(row.seq),
    now: () => clock,
  });
  const added = async () => (await indexes.visibleTo({ userId: 1, orgIds: [] })).flat();
  return {
    indexes,
    seqQueries,
    commit: (...seqs: number[]) => committed.push(...seqs.map((seq) => ({ seq, orgId: null }))),
    at: (ms: number) => (clock = ms),
    added,
  };
}

describe("VisibilityIndexes", () => {
  it("adds a row whose seq was skipped when its transaction commits later, once", async () => {
    const db = fixture();
    db.commit(1, 3);
    expect(await db.added()).toEqual([1, 3]);
    expect(db.indexes.pendingGaps()).toEqual([2]);

    db.commit(2, 4);
    expect(await db.added()).toEqual([1, 3, 2, 4]);
    expect(db.indexes.pendingGaps()).toEqual([]);
    expect(await db.added()).toEqual([1, 3, 2, 4]);
    expect(db.seqQueries).toEqual([[2]]);
  });

  it("looks for a missing seq until the grace period has passed before the previous catch-up, however long the idle spell", async () => {
    const db = fixture();
    db.commit(1, 3);
    await db.added();
    db.at(10 * GAP_GRACE_MS);
    await db.added(); // long after the gap was noticed, but it is still looked for once more
    expect(db.seqQueries).toEqual([[2]]);
    expect(db.indexes.pendingGaps()).toEqual([2]);

    db.at(10 * GAP_GRACE_MS + 1);
    await db.added(); // the previous catch-up began more than the grace after the gap was noticed
    expect(db.indexes.pendingGaps()).toEqual([]);
    expect(db.seqQueries).toHaveLength(1);
  });

  it("follows at most the newest 5,000 missing seqs after a jump", async () => {
    const db = fixture();
    db.commit(1, 1_000_000);
    expect(await db.added()).toEqual([1, 1_000_000]);
    const gaps = db.indexes.pendingGaps();
    expect(gaps).toHaveLength(5000);
    expect(gaps[0]).toBe(995_000);
    expect(gaps.at(-1)).toBe(999_999);
    db.commit(999_999);
    await db.added();
    expect(db.seqQueries.map((q) => q.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(await db.added()).toContain(999_999);
  });

  it("yields to the event loop while it adds thousands of rows, so a catch-up after a large ingest never blocks it", async () => {
    const rows: IndexedRow[] = Array.from({ length: 2000 }, (_, i) => ({ seq: i + 1, orgId: null }));
    const loop = countEventLoopTurns();
    const ticksAtAdd: number[] = [];
    const indexes = new VisibilityIndexes<IndexedRow, number[]>({
      fetchAfter: async (seq, limit) => rows.filter((row) => row.seq > seq).slice(0, limit),
      fetchSeqs: async () => [],
      create: () => [],
      add: (index, row) => {
        ticksAtAdd.push(loop.turns);
        index.push(row.seq);
      },
    });
    expect((await indexes.visibleTo({ userId: 1, orgIds: [] })).flat()).toHaveLength(2000);
    loop.stop();
    // The event loop turned between slices of at most 500 adds, so other requests ran during the catch-up.
    expect(new Set(ticksAtAdd).size).toBeGreaterThanOrEqual(4);
  });

  it("lets a caller arriving during a catch-up see a row committed after that catch-up's last fetch", async () => {
    const rows: IndexedRow[] = Array.from({ length: 1000 }, (_, i) => ({ seq: i + 1, orgId: null }));
    let fetches = 0;
    let lateCaller: Promise<number[][]> | null = null;
    const indexes = new VisibilityIndexes<IndexedRow, number[]>({
      fetchAfter: async (seq, limit) => {
        fetches += 1;
        return rows.filter((row) => row.seq > seq).slice(0, limit);
      },
      fetchSeqs: async () => [],
      create: () => [],
      add: (index, row) => {
        index.push(row.seq);
        // Mid-way through adding the first fetch's rows: a caller commits a row, then asks.
        if (row.seq === 600 && !lateCaller) {
          rows.push({ seq: 1001, orgId: null });
          lateCaller = indexes.visibleTo({ userId: 1, orgIds: [] });
        }
      },
    });
    await indexes.visibleTo({ userId: 1, orgIds: [] });
    expect((await lateCaller!).flat()).toContain(1001);
    expect(fetches).toBe(2);
  });
});
