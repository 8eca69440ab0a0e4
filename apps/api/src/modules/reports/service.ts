import type { Database } from "@sieve/db";
import type { Review, ReviewBody, ReviewList, ReportRun } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { notFound, validationFailed } from "../../http/errors";
import { engineJobsStore } from "../engine/store";
import { jobOfRun } from "../runs/shards";
import { projectsStore } from "../projects/store";
import { runsStore } from "../runs/store";
import { currentStates, reviewsStore } from "./store";
import { jobOutputs } from "./run-outputs";
import { assertItemVisible } from "./provenance";

export function reviewsService(db: Database, scope: TenantScope) {
  const store = reviewsStore(db, scope);
  return {
    /** Records a decision. An item of a run belongs to the run's organization; a run the caller cannot see is 404. */
    async add(body: ReviewBody): Promise<Review> {
      const { orgId, runId } = await reviewItemOwner(db, scope, body);
      return store.add({
        orgId,
        kind: body.kind,
        itemId: body.item_id,
        runId,
        state: body.state,
        comment: body.comment ?? null,
      });
    },

    async list(query: { kind?: string; item_id?: string; run_id?: string }): Promise<ReviewList> {
      const history = await store.history({ kind: query.kind, itemId: query.item_id, runId: query.run_id });
      return { items: currentStates(history), history };
    },
  };
}

/**
 * The organization and run a review item belongs to: a run's output belongs to the run's organization (404
 * when the caller cannot see the run); any other item must be visible to the caller.
 */
export async function reviewItemOwner(
  db: Database,
  scope: TenantScope,
  item: { kind: ReviewBody["kind"]; item_id: string; run_id?: string | null },
): Promise<{ orgId: number; runId: string | null }> {
  const runId = item.kind === "run" ? item.item_id : (item.run_id ?? null);
  if (runId) {
    const run = await runsStore(db, scope).get(runId);
    if (!run) throw notFound("Run");
    const project = await projectsStore(db, scope).get(run.project_id);
    if (!project) throw notFound("Run");
    return { orgId: project.org_id, runId };
  }
  if (item.kind === "molecule" || item.kind === "optimization_result" || item.kind === "docking_pose")
    throw validationFailed([
      { path: "run_id", message: `a ${item.kind.replace("_", " ")} is reviewed within its run: give run_id` },
    ]);
  // A negatome record, triple or ranked target the caller cannot see is not found, never reviewed.
  await assertItemVisible(db, scope, item.kind, item.item_id);
  return { orgId: scope.orgIds[0]!, runId: null };
}

/** Every run with what the Reports page shows: status, whether artifacts can be built, review progress. */
export async function reportRunList(
  db: Database,
  scope: TenantScope,
  limit: number,
  projectId?: number,
): Promise<{ runs: ReportRun[] }> {
  const runs = await runsStore(db, scope).list(limit, null, projectId);
  const jobs = engineJobsStore(db, scope);
  const reviews = reviewsStore(db, scope);
  return {
    runs: await Promise.all(
      runs.map(async (run) => {
        const job = await jobOfRun(jobs, run.id);
        const items = new Set([
          `run\u0000${run.id}`,
          ...jobOutputs(run.id, job, []).map((o) => `${o.item.kind}\u0000${o.item.id}`),
        ]);
        const current = currentStates(await reviews.history({ runId: run.id })).filter((r) =>
          items.has(`${r.kind}\u0000${r.item_id}`),
        );
        const accepted = current.filter((r) => r.state === "accepted").length;
        const rejected = current.filter((r) => r.state === "rejected").length;
        return {
          run_id: run.id,
          job_id: job?.id ?? null,
          project_name: run.project_name ?? "",
          workflow: run.workflow,
          status: run.status,
          created_at: run.created_at,
          artifacts_ready: run.status === "completed",
          reviews: { accepted, rejected, unreviewed: items.size - accepted - rejected },
        };
      }),
    ),
  };
}
