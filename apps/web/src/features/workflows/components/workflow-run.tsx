import { useState, type ReactNode } from "react";
import {
  describeFilters,
  executionOf,
  notRankedEntries,
  type RunConfig,
  storedScreenFilters,
  type WorkflowHit,
} from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { StatusBadge } from "../../../components/ui/status-badge";
import { workflowLabel } from "../../../config/workflows";
import { formatDateTime, shortId } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { useCancelJob, useReceptor, useWorkflowRun } from "../api/workflow-run";
import {
  dockingText,
  formatNumber,
  partialResult,
  partialResultNotice,
  progressText,
  readWorkflowResult,
  STOP_REASONS,
  budgetText,
  vinaModesText,
} from "../model/results";
import { HitsTable } from "./hits-table";
import { NotRankedTable } from "./not-ranked-table";
import { PlanReview } from "./plan-review";
import { PoseViewer } from "./pose-viewer";

/** Where the run's jobs execute: this server's threads, or the organization's remote workers (in shards). */
function executionText(config: { workflow: string; modules?: RunConfig["modules"] }): string {
  const { execution, shards } = executionOf(config);
  if (execution === "embedded") return "this server";
  return shards > 1 ? `remote workers, ${shards} shards` : "a remote worker";
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A run of the New Job modal: live progress, cancel, ranked hits with structures and docking poses. */
export function WorkflowRun({ runId }: { runId: string }) {
  const detail = useWorkflowRun(runId);
  const cancel = useCancelJob(runId);
  const [pose, setPose] = useState<WorkflowHit | null>(null);
  const job = detail.data?.job ?? null;
  const final = readWorkflowResult(job?.result?.final_metrics);
  // Until the job completes (and after a cancel) the molecules scored so far come with its progress.
  const result = final ?? partialResult(job?.progress, detail.data?.run.workflow);
  const docking = result?.activity_kind === "docking";
  const receptor = useReceptor(runId, docking);
  const status = job?.status ?? detail.data?.run.status;
  const active = status === "queued" || status === "running";
  // While the run is active the page re-renders every second, so the phase's "(N s so far)" advances between polls.
  const now = useNow(active);

  if (detail.isPending) return <p className="loading">Loading run…</p>;
  if (detail.isError) return <Notice tone="error">{detail.error.message}</Notice>;
  const { run } = detail.data;
  const config = run.config as Partial<RunConfig>;
  // A run created before the filters were options has none recorded; its result may still echo them.
  const recorded = config.filters ?? job?.result?.final_metrics?.filters;
  const filters = recorded ? storedScreenFilters(recorded) : null;
  const notRanked = result ? notRankedEntries(result) : [];
  const leadOpt = run.workflow !== "vhts";
  const progress = progressText(job?.progress, now, active);
  const dockingSettings = dockingText(config, result, job?.progress);

  return (
    <div className="stack">
      <section className="panel stack" aria-labelledby="run-title">
        <h2 id="run-title" className="panel__title">
          {workflowLabel(run.workflow)} — run {shortId(run.id)}
        </h2>
        <dl className="facts">
          <Fact label="Status">
            <StatusBadge status={status} />
          </Fact>
          <Fact label="Project">{run.project_name}</Fact>
          <Fact label="Created">{formatDateTime(run.created_at)}</Fact>
          <Fact label="Target">{config.inputs?.target_protein ?? "—"}</Fact>
          <Fact label="Executed on">{executionText({ workflow: run.workflow, modules: config.modules })}</Fact>
          <Fact label="Budget">
            {config.budget
              ? budgetText(run.workflow, config.budget.max_evaluations, candidatesOf(result, job?.progress))
              : "—"}
          </Fact>
          {run.workflow !== "custom" && (
            <Fact label="Filters">
              {filters
                ? describeFilters(filters, run.workflow, config.inputs?.include_docking ?? true)
                : "not recorded"}
            </Fact>
          )}
          {dockingSettings && <Fact label="Docking">{dockingSettings}</Fact>}
          <Fact label="Progress">
            <span role="status" aria-live="polite">
              {progress ??
                (status === "queued"
                  ? job
                    ? "Waiting for a free worker thread"
                    : "Waiting for the plan to be confirmed"
                  : active
                    ? "Preparing…"
                    : "—")}
            </span>
          </Fact>
        </dl>
        {active && job && (
          <div className="button-row">
            <Button variant="secondary" onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending}>
              Cancel run
            </Button>
          </div>
        )}
        {cancel.isError && job && (
          <Notice tone="error">{`Failed to cancel job ${job.id}: ${cancel.error.message}`}</Notice>
        )}
        {status === "failed" && (
          <Notice tone="error" title="The run failed">
            {job?.error_message ?? "No reason was recorded."}
          </Notice>
        )}
        {result?.stop_reason && (
          <p className="muted">Stopped because {STOP_REASONS[result.stop_reason] ?? result.stop_reason}.</p>
        )}
      </section>

      {run.workflow === "custom" && !job && status === "queued" && (
        <PlanReview runId={run.id} description={config.inputs?.custom_message ?? ""} />
      )}

      {result && (
        <section className="panel stack" aria-labelledby="oracles-title">
          <h2 id="oracles-title" className="panel__title">
            How compounds were scored
          </h2>
          <ul className="planned-list">
            {result.oracles.map((oracle) => (
              <li key={oracle.name}>
                <strong>{oracle.name}</strong> ({oracle.unit}): {oracle.description}.{" "}
                <span className="muted">{oracle.version}</span>
              </li>
            ))}
          </ul>
          {result.fitness_terms.length > 0 && (
            <>
              <p>Fitness is the weighted mean of each objective&apos;s desirability (0 worst, 1 best):</p>
              <ul className="planned-list" aria-label="Fitness terms">
                {result.fitness_terms.map((term) => (
                  <li key={term.name}>
                    <strong>{term.name}</strong> ({term.direction}, weight {term.weight}): {term.desirability}
                    {term.name === "interaction_similarity" && result.interaction_reference
                      ? `; reference ligand ${result.interaction_reference}`
                      : ""}
                    .
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.analog_placements && result.analog_placements.tethered + result.analog_placements.search > 0 && (
            <p className="muted">
              Analogs docked: {result.analog_placements.tethered} placed on their parent&apos;s pose and optimised in
              place
              {result.analog_placements.pulled
                ? ` (${result.analog_placements.pulled} of them built free and pulled onto the parent's core, which they could not keep exactly)`
                : ""}
              , {result.analog_placements.search} by a full search
              {Object.keys(result.analog_placements.searched_because ?? {}).length > 0
                ? ` (${Object.entries(result.analog_placements.searched_because!)
                    .map(([reason, count]) => `${count} × ${reason}`)
                    .join("; ")})`
                : ""}
              .
            </p>
          )}
          {result.counts && (
            <p className="muted">
              {Object.entries(result.counts)
                .map(([name, n]) => `${name.replaceAll("_", " ")}: ${n}`)
                .join(" · ")}
            </p>
          )}
          {result.objectives_not_scored.length > 0 && (
            <Notice tone="info">
              Left out of the fitness: {result.objectives_not_scored.map((o) => `${o.name} (${o.reason})`).join("; ")}.
            </Notice>
          )}
          {result.unsupported_objectives.length > 0 && (
            <Notice tone="warning">
              Objectives not scored (not supported): {result.unsupported_objectives.join(", ")}
            </Notice>
          )}
          {result.plan && <PlanSummary plan={result.plan} />}
          {result.output &&
            (result.output.error ? (
              <Notice tone="warning">
                Output Location {result.output.location}: {result.output.error}
              </Notice>
            ) : (
              <p className="muted">Results written to {result.output.files?.join(", ")}.</p>
            ))}
        </section>
      )}

      {result && (
        <section className="panel stack" aria-labelledby="hits-title">
          <h2 id="hits-title" className="panel__title">
            {leadOpt ? "Improved series" : "Ranked hits"}
          </h2>
          {!final && (
            <Notice tone={active ? "info" : "warning"}>
              {partialResultNotice(run.workflow, status ?? "", seriesTotal(job?.progress) ?? result.hits.length)}
            </Notice>
          )}
          {leadOpt && result.parents.length > 0 && (
            <p className="muted">
              Parents:{" "}
              {result.parents.map((p) => `${p.name ?? p.smiles} (fitness ${formatNumber(p.fitness, 3)})`).join("; ")}
            </p>
          )}
          <HitsTable
            hits={result.hits}
            caption={leadOpt ? "Analogs, best first" : "Hits, best first"}
            docking={docking}
            leadOpt={leadOpt}
            onShowPose={setPose}
          />
          {pose && pose.pose_pdbqt && (
            <div className="stack" aria-label="Docking pose">
              <h3 className="panel__title">
                Pose of {pose.name ?? pose.smiles}: {formatNumber(pose.affinity)} kcal/mol
              </h3>
              {receptor.isError && <Notice tone="error">{receptor.error.message}</Notice>}
              {receptor.data && (
                <PoseViewer receptor={receptor.data} pose={pose.pose_pdbqt} label={pose.name ?? pose.smiles} />
              )}
              {pose.modes && <p className="muted">Vina modes: {vinaModesText(pose.modes)}</p>}
              {pose.search_affinity !== undefined && (
                <p className="muted">
                  Scored in place: Vina&apos;s local optimisation of the searched pose, the scale every analog of this
                  run is scored on. The search&apos;s pose scored {formatNumber(pose.search_affinity)} kcal/mol before
                  that optimisation.
                </p>
              )}
              {pose.placement?.method === "tethered" && (
                <p className="muted">
                  Placed on the docked pose of its parent {pose.placement.parent} by the {pose.placement.core_atoms} of
                  its {pose.placement.heavy_atoms} heavy atoms they share (
                  {pose.placement.pulled_core_rmsd === undefined
                    ? `${pose.placement.fixed_atoms} of the same element kept at the parent's coordinates`
                    : `built free and pulled onto the parent's core, which it could not keep exactly: core RMSD ${formatNumber(pose.placement.pulled_core_rmsd)} Å`}
                  ), then optimised in place by Vina (no search; clash before optimisation{" "}
                  {formatNumber(pose.placement.clash)}).
                  {pose.placement.scored_as && (
                    <>
                      {" "}
                      Scored as <code>{pose.placement.scored_as}</code>: its charges at pH 7.4 and each stereocentre as
                      placed.
                    </>
                  )}
                </p>
              )}
              {pose.placement?.method === "search" && pose.placement.reason && (
                <p className="muted">
                  Docked by a full search, not on its parent&apos;s pose: {pose.placement.reason}.
                </p>
              )}
              {pose.conformer && (
                <p className="muted">
                  Best pose from start conformer {pose.conformer.index} of {pose.conformer.of} (best{" "}
                  {pose.search_affinity === undefined ? "affinity" : "search score"} of each:{" "}
                  {pose.conformer.affinities.map((a) => formatNumber(a)).join(", ")} kcal/mol)
                </p>
              )}
            </div>
          )}
        </section>
      )}

      {result && (
        <section className="panel stack" aria-labelledby="not-ranked-title">
          <h2 id="not-ranked-title" className="panel__title">
            Not ranked ({notRanked.length})
          </h2>
          <p className="muted">
            Compounds left out of the ranking: lines that could not be read, compounds the filters dropped, and
            compounds an oracle could not score. None of them is among the hits.
          </p>
          <NotRankedTable rows={notRanked} fileName={`run-${shortId(run.id)}-not-ranked.csv`} />
        </section>
      )}
    </div>
  );
}

/** How many compounds passed a screen's filters: from its result, or from its progress while it runs. */
function candidatesOf(
  result: ReturnType<typeof readWorkflowResult>,
  progress: Record<string, unknown> | null | undefined,
): number | null {
  const counted = result?.counts?.candidates ?? progress?.candidates;
  return typeof counted === "number" ? counted : null;
}

function seriesTotal(progress: Record<string, unknown> | null | undefined): number | null {
  const partial = progress?.partial as { series_total?: unknown } | undefined;
  return typeof partial?.series_total === "number" ? partial.series_total : null;
}

function PlanSummary({ plan }: { plan: NonNullable<ReturnType<typeof readWorkflowResult>>["plan"] }) {
  if (!plan) return null;
  return (
    <div className="stack">
      <h3 className="panel__title">Workflow plan</h3>
      <ul className="planned-list">
        <li>Objectives: {plan.objectives.map((o) => `${o.name} (${o.direction}, weight ${o.weight})`).join("; ")}</li>
        {plan.constraints.map((c) => (
          <li key={c.text}>Constraint: {c.text}</li>
        ))}
        {plan.budget !== null && <li>Budget: {plan.budget} evaluations</li>}
      </ul>
      {plan.not_understood.length > 0 && (
        <Notice tone="warning">Not understood (not applied): {plan.not_understood.join(" | ")}</Notice>
      )}
    </div>
  );
}
