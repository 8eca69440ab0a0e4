import type { AuditEvent } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Notice } from "../../../components/ui/notice";
import { explainFailure } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useAuditTrail, useVerifyAudit } from "../api/audit";

const SHOWN = 50;

/** Longer summaries show their start; the whole JSON opens below it. */
const SUMMARY_PREVIEW = 90;

/** The summary the server recorded (secrets are redacted before they are stored). */
function ChangeSummary({ event }: { event: AuditEvent }) {
  const text = JSON.stringify(event.summary);
  if (text === "{}") return <>—</>;
  if (text.length <= SUMMARY_PREVIEW) return <code className="audit-summary">{text}</code>;
  return (
    <details className="audit-summary">
      <summary>{`${text.slice(0, SUMMARY_PREVIEW)}…`}</summary>
      <pre>{JSON.stringify(event.summary, null, 2)}</pre>
    </details>
  );
}

const COLUMNS: Column<AuditEvent>[] = [
  { header: "When", cell: (event) => formatDateTime(event.occurred_at), sortValue: (event) => event.occurred_at },
  { header: "Who", cell: (event) => event.actor_email ?? "—", sortValue: (event) => event.actor_email ?? "" },
  { header: "Action", cell: (event) => <code>{event.action}</code>, sortValue: (event) => event.action },
  { header: "Target", cell: (event) => event.target },
  {
    header: "Status",
    align: "end",
    cell: (event) => (event.status === 403 ? "403 refused" : String(event.status)),
    sortValue: (event) => event.status,
  },
  { header: "Change", cell: (event) => <ChangeSummary event={event} /> },
];

/**
 * The organization's audit trail, newest first: every write and every write refused for the caller's role, with
 * the hash chain checked on request. Admins and owners read it; anyone else sees the server's refusal.
 */
export function AuditPanel() {
  const trail = useAuditTrail(SHOWN);
  const verify = useVerifyAudit();
  return (
    <section className="panel stack" aria-labelledby="audit-title">
      <h2 id="audit-title" className="panel__title">
        Audit trail
      </h2>
      {trail.isPending && <p className="loading">Loading the audit trail…</p>}
      {trail.error && <Notice tone="error">{explainFailure(trail.error, "Could not load the audit trail")}</Notice>}
      {trail.data && (
        <>
          <div className="button-row">
            <Button variant="secondary" onClick={() => verify.mutate()} disabled={verify.isPending}>
              {verify.isPending ? "Verifying…" : "Verify Chain"}
            </Button>
            <Button variant="secondary" onClick={() => void trail.refetch()} disabled={trail.isFetching}>
              Refresh
            </Button>
          </div>
          {verify.data && (
            <Notice tone={verify.data.ok ? "success" : "error"}>
              {verify.data.ok
                ? `The chain holds: ${verify.data.rows} rows, each carrying the SHA-256 of the one before.`
                : `The chain is broken at row ${verify.data.first_broken} (of ${verify.data.rows}): that row or the one before it was changed.`}
            </Notice>
          )}
          {verify.error && <Notice tone="error">{explainFailure(verify.error, "Could not verify the chain")}</Notice>}
          <DataTable
            caption={`Latest ${SHOWN} writes, newest first`}
            columns={COLUMNS}
            rows={trail.data.items}
            rowKey={(event) => event.id}
            empty="Nothing has been changed yet."
          />
        </>
      )}
    </section>
  );
}
