import { and, asc, count, desc, eq, gt, inArray, isNull, like, or, sql } from "drizzle-orm";
import { entryKey } from "@sieve/negatome";
import { schema, type Database, type DatabaseHandle } from "@sieve/db";
import type { NegatomeRecord } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { tableStatus } from "../../storage/table-status";

const { negatomeRecords: records, negatomeAgreements: agreements, users } = schema;
export type RecordRow = typeof records.$inferSelect;

export interface NewNegatomeRecord {
  orgId: number | null;
  failureClass: string;
  targetUniprotId: string | null;
  compoundInchiKey: string;
  compoundSmiles: string;
  fingerprint: Uint32Array;
  source: string;
  sourceKey: string;
  score: number | null;
  reason: string;
  evidence: Record<string, unknown>;
  confidenceTier: string;
  contributorId: number | null;
}

export interface RecordFilters {
  failureClass?: string;
  uniprotId?: string;
  inchiKey?: string;
}

/** Negatome records a caller may see: public ones (org_id null) and their organizations' own. */
export function negatomeStore(db: Database, scope: TenantScope) {
  const visible = or(isNull(records.orgId), inArray(records.orgId, scope.orgIds));
  const byFilters = (filters: RecordFilters) =>
    and(
      visible,
      filters.failureClass ? eq(records.failureClass, filters.failureClass) : undefined,
      filters.uniprotId ? eq(records.targetUniprotId, filters.uniprotId) : undefined,
      // One entry per compound: an InChIKey (or its first block) finds every salt and stereo form's records.
      filters.inchiKey ? like(records.compoundInchiKey, `${entryKey(filters.inchiKey)}-%`) : undefined,
    );

  return {
    async query(filters: RecordFilters, limit: number): Promise<NegatomeRecord[]> {
      const rows = await db
        .select()
        .from(records)
        .where(byFilters(filters))
        .orderBy(desc(records.createdAt), desc(records.seq))
        .limit(limit);
      return rows.map(toRecord);
    },

    /** One visible record as stored, with its contributor's name and email (null for a reference load). */
    async withContributor(id: string) {
      const [row] = await db
        .select({ record: records, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(records)
        .leftJoin(users, eq(users.id, records.contributorId))
        .where(and(eq(records.id, id), visible));
      return row ?? null;
    },

    /** The visible records of one entry: every record whose parent shares the InChIKey's first block. */
    async entryRows(entryKey: string): Promise<RecordRow[]> {
      return db
        .select()
        .from(records)
        .where(and(visible, like(records.compoundInchiKey, `${entryKey}-%`)));
    },

    async rowsByIds(ids: string[]): Promise<RecordRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(records)
        .where(and(visible, inArray(records.id, ids)));
    },

    /** The visible records on a target: it failed on it, or the target is among its liabilities. */
    async rowsOnTarget(uniprotId: string): Promise<RecordRow[]> {
      return db
        .select()
        .from(records)
        .where(
          and(
            visible,
            or(
              eq(records.targetUniprotId, uniprotId),
              sql`${records.evidence} -> 'liability_uniprot_ids' ? ${uniprotId}`,
            ),
          ),
        );
    },

    async getMany(ids: string[]): Promise<Map<string, NegatomeRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(records)
        .where(and(visible, inArray(records.id, ids)));
      return new Map(rows.map((row) => [row.id, toRecord(row)]));
    },

    async stats() {
      const [total] = await db.select({ n: count() }).from(records).where(visible);
      const byClass = await db
        .select({ key: records.failureClass, n: count() })
        .from(records)
        .where(visible)
        .groupBy(records.failureClass);
      const bySource = await db
        .select({ key: records.source, n: count() })
        .from(records)
        .where(visible)
        .groupBy(records.source);
      const tally = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
      return { total_records: Number(total?.n ?? 0), by_failure_class: tally(byClass), by_source: tally(bySource) };
    },

    /** Counts a safety check's evidence hits against the records, for their contributors' dashboards. */
    async countMatches(ids: string[]): Promise<void> {
      if (ids.length)
        await db
          .update(records)
          .set({ matchCount: sql`${records.matchCount} + 1` })
          .where(inArray(records.id, ids));
    },

    async contributorDashboard(contributorId: number) {
      const mine = and(visible, eq(records.contributorId, contributorId));
      const byClass = await db
        .select({ key: records.failureClass, n: count() })
        .from(records)
        .where(mine)
        .groupBy(records.failureClass);
      const [totals] = await db
        .select({ n: count(), matches: sql<number>`coalesce(sum(${records.matchCount}), 0)::int` })
        .from(records)
        .where(mine);
      const recent = await db
        .select()
        .from(records)
        .where(mine)
        .orderBy(desc(records.createdAt), desc(records.seq))
        .limit(10);
      return {
        contributor_id: contributorId,
        total_contributions: Number(totals?.n ?? 0),
        by_failure_class: Object.fromEntries(byClass.map((r) => [r.key, Number(r.n)])),
        safety_check_matches: Number(totals?.matches ?? 0),
        recent_contributions: recent.map(toRecord),
      };
    },

    async currentAgreement(version: string) {
      const [row] = await db
        .select()
        .from(agreements)
        .where(and(eq(agreements.userId, scope.userId), eq(agreements.agreementVersion, version)));
      return row ?? null;
    },

    async acceptAgreement(version: string, userDeclaredId: string | null) {
      const [row] = await db
        .insert(agreements)
        .values({ userId: scope.userId, agreementVersion: version, userDeclaredId })
        .onConflictDoUpdate({
          target: [agreements.userId, agreements.agreementVersion],
          set: { userDeclaredId, acceptedAt: new Date() },
        })
        .returning();
      return row!;
    },
  };
}

/** Every record these organizations see (public ones and their own), as stored: what a screening job reads. */
export async function recordRowsVisibleTo(db: Database, orgIds: number[]): Promise<RecordRow[]> {
  return db
    .select()
    .from(records)
    .where(or(isNull(records.orgId), inArray(records.orgId, orgIds)));
}

/** InChIKeys of the public (reference) records: compounds known to have failed. */
export async function publicRecordInchiKeys(db: Database): Promise<Set<string>> {
  const rows = await db.selectDistinct({ key: records.compoundInchiKey }).from(records).where(isNull(records.orgId));
  return new Set(rows.map((r) => r.key));
}

/**
 * The rows the in-memory similarity index is built from (./similarity), of every organization: the index keeps one
 * part per visibility and a search reads only the caller's parts.
 */
export function similarityIndexRows(db: Database) {
  const rows = () =>
    db
      .select({ id: records.id, seq: records.seq, orgId: records.orgId, fingerprint: records.fingerprint })
      .from(records);
  return {
    /** Rows with `seq` above the given one, in `seq` order, at most `limit`. */
    after: (seq: number, limit: number) => rows().where(gt(records.seq, seq)).orderBy(asc(records.seq)).limit(limit),
    withSeqs: (seqs: number[]) => rows().where(inArray(records.seq, seqs)),
  };
}

/** Inserts records, skipping those already present (same source and source key); returns the new ids. */
export async function insertRecords(db: Pick<Database, "insert">, rows: NewNegatomeRecord[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(records)
    .values(rows.map(({ fingerprint, ...row }) => ({ ...row, fingerprint: fingerprintToBytes(fingerprint) })))
    .onConflictDoNothing({ target: [records.source, records.sourceKey] })
    .returning({ id: records.id });
  return inserted.map((r) => r.id);
}

export interface IngestOutcome {
  inserted: number;
  skipped: number;
}

/**
 * The outcomes of synthetic ingests by idempotency key, per organization. `claim` inserts the key's
 * row (0/0) inside the caller's transaction, so a concurrent retry waits for the first and replays it.
 */
export function ingestKeysStore(db: Pick<Database, "select" | "insert" | "update">, orgId: number) {
  const keys = schema.negatomeIngestKeys;
  const byKey = (idempotencyKey: string) => and(eq(keys.orgId, orgId), eq(keys.idempotencyKey, idempotencyKey));
  return {
    async outcome(idempotencyKey: string): Promise<IngestOutcome | null> {
      const [row] = await db.select().from(keys).where(byKey(idempotencyKey));
      return row ? { inserted: row.inserted, skipped: row.skipped } : null;
    },

    /** True when this transaction took the key; false when another ingest already holds it. */
    async claim(idempotencyKey: string): Promise<boolean> {
      const [claimed] = await db
        .insert(keys)
        .values({ orgId, idempotencyKey, inserted: 0, skipped: 0 })
        .onConflictDoNothing()
        .returning();
      return Boolean(claimed);
    },

    async settle(idempotencyKey: string, outcome: IngestOutcome): Promise<void> {
      await db.update(keys).set(outcome).where(byKey(idempotencyKey));
    },
  };
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

export function toRecord(row: RecordRow): NegatomeRecord {
  return {
    negatome_id: row.id,
    failure_class: row.failureClass,
    target_uniprot_id: row.targetUniprotId,
    compound_inchi_key: row.compoundInchiKey,
    compound_smiles: row.compoundSmiles,
    source: row.source,
    score: row.score,
    reason: row.reason,
    evidence: row.evidence as Record<string, unknown>,
    confidence_tier: row.confidenceTier,
    contributor_id: row.contributorId,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether each negatome table exists. */
export const negatomeSchemaStatus = (database: Pick<DatabaseHandle, "executeSql">) =>
  tableStatus(database, ["negatome_records", "negatome_agreements", "negatome_ingest_keys"]);
