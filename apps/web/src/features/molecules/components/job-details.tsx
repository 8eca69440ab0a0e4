import type { ReactNode } from "react";
import type { EngineJob } from "@sieve/contracts";
import { LineChart, type ChartSeries } from "../../../components/ui/line-chart";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDateTime, formatDecimal, shortId } from "../../../lib/format";
import { useLiveJob, type CurveSeries, type Transport } from "../api/live-job";
import { readBestMolecules, readFinalMetrics, readProgress } from "../model/engine-job";
import { BestMolecules } from "./best-molecules";
import { ProgressText } from "./progress-text";

/** The four curves the GA reports per generation, in legend order. */
const CURVE_STYLES: Record<string, Omit<ChartSeries, "name" | "points">> = {
  best: { label: "Best fitness", tone: "primary" },
  mean: { label: "Mean fitness", tone: "info" },
  top10_mean: { label: "Top-10 mean", tone: "warning" },
  diversity: { label: "Diversity", tone: "neutral", dashed: true },
};

/** How a running job is followed; a finished one needs no note. */
const TRANSPORT_NOTES: Record<Transport, string | null> = {
  stream: "Following live through the event stream.",
  polling: "The event stream is unavailable; checking every second.",
  finished: null,
};

function toSeries(curves: CurveSeries): ChartSeries[] {
  return Object.entries(CURVE_STYLES).map(([name, style]) => ({
    name,
    ...style,
    points: curves.find((curve) => curve.name === name)?.points ?? [],
  }));
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface JobDetailsProps {
  job: EngineJob;
  /** Live workers from /health; 0 means a queued job has nothing to run it. */
  workerCount: number | null | undefined;
}

/**
 * One job followed live: progress, the fitness and diversity curves, and once finished its metrics and best molecules.
 */
export function JobDetails({ job: listed, workerCount }: JobDetailsProps) {
  const { job, curves, transport, curvesError } = useLiveJob(listed);
  const progress = readProgress(job.progress);
  const metrics = readFinalMetrics(job);
  const series = toSeries(curves);
  const maxGenerations = progress?.maxGenerations ?? metrics?.generations ?? null;

  return (
    <section className="panel stack" aria-labelledby="job-details-title">
      <h2 id="job-details-title" className="panel__title">
        Job <code title={job.id}>{shortId(job.id)}</code> <StatusBadge status={job.status} />
      </h2>
      {TRANSPORT_NOTES[transport] && <p className="muted">{TRANSPORT_NOTES[transport]}</p>}
      {job.status === "queued" && workerCount === 0 && (
        <Notice tone="warning">No worker is connected, so this job waits queued until one connects.</Notice>
      )}
      {job.error_message && <Notice tone="error">{job.error_message}</Notice>}
      <div className="job-progress">
        <progress max={maxGenerations ?? 1} value={progress?.generation ?? 0} aria-label="Generations completed" />
        <span data-testid="job-progress">
          <ProgressText progress={job.progress} />
        </span>
      </div>
      <dl className="facts">
        <Fact label="Created">{formatDateTime(job.created_at)}</Fact>
        <Fact label="Started">{formatDateTime(job.started_at)}</Fact>
        <Fact label="Completed">{formatDateTime(job.completed_at)}</Fact>
        <Fact label="Best fitness">{formatDecimal(job.result?.best_fitness ?? progress?.best, 4)}</Fact>
        {metrics && (
          <>
            <Fact label="Top-10 mean">{formatDecimal(metrics.topTenMean, 4)}</Fact>
            <Fact label="Diversity">{formatDecimal(metrics.diversity, 3)}</Fact>
            <Fact label="Oracle calls">{metrics.oracleCalls ?? "—"}</Fact>
            <Fact label="Validity">{formatDecimal(metrics.validityRate, 3)}</Fact>
            <Fact label="Uniqueness">{formatDecimal(metrics.uniquenessRate, 3)}</Fact>
            <Fact label="Wall time">
              {metrics.wallTimeSeconds === null ? "—" : `${metrics.wallTimeSeconds.toFixed(1)} s`}
            </Fact>
            <Fact label="Stopped by">{metrics.stopReason?.replaceAll("_", " ") ?? "—"}</Fact>
          </>
        )}
      </dl>
      {curvesError && <Notice tone="error">{curvesError}</Notice>}
      {series.some((line) => line.points.length > 0) ? (
        <LineChart
          title="Fitness and diversity by generation"
          xLabel="Generation"
          yLabel="Value"
          series={series}
          xDomain={maxGenerations ? [0, maxGenerations] : undefined}
        />
      ) : (
        <p className="muted">No curve points yet: the first arrive when generation 0 is scored.</p>
      )}
      {job.status === "completed" && (
        <>
          <h3 className="subsection-title">Best molecules</h3>
          <BestMolecules molecules={readBestMolecules(job)} runId={job.run_id} />
        </>
      )}
    </section>
  );
}
