import { and, asc, desc, eq, gt, gte, inArray, like, lt, lte, type SQL } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { AuditEvent, AuditQuery, AuditVerification } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/tenant-scope";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";

const { auditEvents, organizations } = schema;

/** The `prev_hash` of an organization's first row. */
export const GENESIS_HASH = "0".repeat(64);
const VERIFY_BATCH = 1000;

export interface AuditEntry {
  orgId: number;
  userId: number | null;
  actorEmail: string | null;
  action: string;
  target: string;
  status: number;
  requestId: string;
  summary: Record<string, unknown>;
}

type AuditRow = typeof auditEvents.$inferSelect;

/** What a row says, in the API's names, without its id and its own hash. */
function auditFields(row: Omit<AuditRow, "id" | "rowHash">): Omit<AuditEvent, "id" | "row_hash"> {
  return {
    org_id: row.orgId,
    user_id: row.userId,
    actor_email: row.actorEmail,
    action: row.action,
    target: row.target,
    status: row.status,
    request_id: row.requestId,
    summary: row.summary,
    occurred_at: row.occurredAt.toISOString(),
    prev_hash: row.prevHash,
  };
}

/** SHA-256 of everything a row says, its predecessor's hash included (key order and id do not count). */
export function auditRowHash(row: Omit<AuditRow, "id" | "rowHash">): string {
  return sha256Hex(canonicalJson(auditFields(row)));
}

/**
 * Appends one row to its organization's chain. The organization's row is locked for the transaction,
 * so two writes of one organization never chain to the same predecessor. There is no update or delete.
 * The lock is NO KEY UPDATE, not UPDATE: any open transaction that inserts a row referencing the
 * organization holds KEY SHARE on it (the foreign-key check), which UPDATE would wait for, so one slow
 * writer would stall every audited write of its organization; two appends still exclude each other.
 */
export async function appendAuditEvent(db: Database, entry: AuditEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, entry.orgId))
      .for("no key update");
    const [last] = await tx
      .select({ rowHash: auditEvents.rowHash })
      .from(auditEvents)
      .where(eq(auditEvents.orgId, entry.orgId))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    const row = { ...entry, occurredAt: new Date(), prevHash: last?.rowHash ?? GENESIS_HASH };
    await tx.insert(auditEvents).values({ ...row, rowHash: auditRowHash(row) });
  });
}

/** The audit trail of the caller's organizations (the scope holds those where the caller is an admin). */
export function auditStore(db: Database, scope: TenantScope) {
  const visible = inArray(auditEvents.orgId, scope.orgIds);
  return {
    async list(query: AuditQuery): Promise<{ items: AuditEvent[]; next_before_id: number | null }> {
      const filters: (SQL | undefined)[] = [
        visible,
        query.action ? like(auditEvents.action, `${escapeLike(query.action)}%`) : undefined,
        query.user_id ? eq(auditEvents.userId, query.user_id) : undefined,
        query.from ? gte(auditEvents.occurredAt, new Date(query.from)) : undefined,
        query.to ? lte(auditEvents.occurredAt, new Date(query.to)) : undefined,
        query.before_id ? lt(auditEvents.id, query.before_id) : undefined,
      ];
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(...filters))
        .orderBy(desc(auditEvents.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { items: page.map(toAuditEvent), next_before_id: rows.length > query.limit ? page.at(-1)!.id : null };
    },

    /** Recomputes every chain of the scope; `first_broken` is the lowest id whose hash or link fails. */
    async verify(): Promise<AuditVerification> {
      let rows = 0;
      let firstBroken: number | null = null;
      for (const orgId of scope.orgIds) {
        let previous = GENESIS_HASH;
        let afterId = 0;
        for (;;) {
          const batch = await db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.orgId, orgId), gt(auditEvents.id, afterId)))
            .orderBy(asc(auditEvents.id))
            .limit(VERIFY_BATCH);
          for (const row of batch) {
            rows += 1;
            const recomputed = auditRowHash(row);
            const broken = row.prevHash !== previous || row.rowHash !== recomputed;
            if (broken && (firstBroken === null || row.id < firstBroken)) firstBroken = row.id;
            previous = recomputed;
          }
          if (batch.length < VERIFY_BATCH) break;
          afterId = batch.at(-1)!.id;
        }
      }
      return { ok: firstBroken === null, rows, first_broken: firstBroken };
    },
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toAuditEvent(row: AuditRow): AuditEvent {
  return { id: row.id, ...auditFields(row), row_hash: row.rowHash };
}
