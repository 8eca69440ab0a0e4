import type { AuditEvent, AuditQuery } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { csvTable } from "../../http/csv";
import { auditStore } from "./store";

const CSV_HEADER = [
  "id",
  "occurred_at",
  "org_id",
  "user_id",
  "actor_email",
  "action",
  "target",
  "status",
  "request_id",
  "summary",
  "prev_hash",
  "row_hash",
] as const satisfies readonly (keyof AuditEvent)[];
const CSV_PAGE = 1000;

/** The audit trail of the caller's organizations: a page as JSON, every matching row as CSV, the chain's check. */
export function auditService(db: Database, scope: TenantScope) {
  const store = auditStore(db, scope);
  return {
    list: (query: AuditQuery) => store.list(query),
    verify: () => store.verify(),

    /** The export holds every row the filters match, read a page at a time. */
    async csv(query: AuditQuery): Promise<string> {
      const rows: AuditEvent[] = [];
      for (let page = await store.list({ ...query, limit: CSV_PAGE }); ;) {
        rows.push(...page.items);
        if (page.next_before_id === null) break;
        page = await store.list({ ...query, limit: CSV_PAGE, before_id: page.next_before_id });
      }
      return csvTable(
        [...CSV_HEADER],
        rows.map((event) => CSV_HEADER.map((column) => event[column])),
      );
    },
  };
}
