import { BarChart } from "../../../components/ui/bar-chart";
import { Notice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api-client";
import { useNegatomeStats } from "../api/negatome";

const toBars = (counts: Record<string, number>) => Object.entries(counts).map(([label, value]) => ({ label, value }));

/** Record counts by failure class and by source, as the caller can see them (public plus own organization). */
export function NegatomeStatsPanel() {
  const stats = useNegatomeStats();
  return (
    <section className="panel stack" aria-labelledby="negatome-stats-title">
      <h2 id="negatome-stats-title" className="panel__title">
        Stats
      </h2>
      {stats.isPending && <p className="loading">Loading stats…</p>}
      {stats.isError && (
        <Notice tone="error">
          {/* §8: the stats answer 503 while the database is unavailable. */}
          {stats.error instanceof ApiError && stats.error.status === 503
            ? `The negatome database is unavailable (503): ${stats.error.message}`
            : stats.error.message}
        </Notice>
      )}
      {stats.data && (
        <>
          <p className="stat-line">
            <strong data-testid="negatome-total">{stats.data.total_records.toLocaleString("en")}</strong> records
          </p>
          <div className="chart-pair">
            <BarChart title="Records by failure class" bars={toBars(stats.data.by_failure_class)} unit="records" />
            <BarChart title="Records by source" bars={toBars(stats.data.by_source)} unit="records" />
          </div>
        </>
      )}
    </section>
  );
}
