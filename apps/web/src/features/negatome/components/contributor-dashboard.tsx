import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useContributorDashboard } from "../api/negatome";
import { compoundName } from "../model/record";

/** What the signed-in user has contributed, and how often other safety checks matched it. */
export function ContributorDashboardPanel({ userId }: { userId: number | undefined }) {
  const dashboard = useContributorDashboard(userId);
  return (
    <section className="stack contributor-dashboard" aria-labelledby="contributor-title">
      <h3 id="contributor-title" className="subsection-title">
        Your contributions
      </h3>
      {dashboard.isPending && <p className="loading">Loading your contributions…</p>}
      {dashboard.isError && <Notice tone="error">{dashboard.error.message}</Notice>}
      {dashboard.data && (
        <>
          <dl className="facts">
            <div>
              <dt>Contributions</dt>
              <dd data-testid="contribution-total">{dashboard.data.total_contributions}</dd>
            </div>
            <div>
              <dt>Safety-check matches</dt>
              <dd>{dashboard.data.safety_check_matches}</dd>
            </div>
            {Object.entries(dashboard.data.by_failure_class).map(([failureClass, count]) => (
              <div key={failureClass}>
                <dt>{failureClass}</dt>
                <dd>{count}</dd>
              </div>
            ))}
          </dl>
          {dashboard.data.recent_contributions.length === 0 ? (
            <p className="muted">Nothing contributed yet.</p>
          ) : (
            <ul className="contribution-list" aria-label="Your recent contributions">
              {dashboard.data.recent_contributions.map((record) => (
                <li key={record.negatome_id}>
                  <code>{compoundName(record.evidence) ?? record.compound_smiles}</code> · {record.failure_class}
                  {record.target_uniprot_id && ` · ${record.target_uniprot_id}`} ·{" "}
                  <span className="muted">{formatDateTime(record.created_at)}</span>
                  <p className="contribution-list__reason">{record.reason}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
