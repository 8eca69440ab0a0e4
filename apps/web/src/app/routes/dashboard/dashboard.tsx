import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Run } from "@sieve/contracts";
import { PageHeader } from "../../../components/layouts/page-header";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { PAGE_HELP } from "../../../config/help";
import { COUNTS_QUERY_KEY } from "../../../features/dashboard/api/counts";
import { CountsSummary } from "../../../features/dashboard/components/counts-summary";
import { Tips } from "../../../features/dashboard/components/tips";
import { NewJobModal } from "../../../features/new-job/components/new-job-modal";
import { PROJECTS_QUERY_KEY } from "../../../features/projects/api/projects";
import { ProjectsTable } from "../../../features/projects/components/projects-table";
import { RUNS_QUERY_KEY, useFollowedRun } from "../../../features/runs/api/runs";
import { runNotice } from "../../../features/runs/model/run-notice";
import { RunsTable } from "../../../features/runs/components/runs-table";
import { TargetReferenceSetup } from "../../../features/targets/components/reference-setup";

/** §9: the dashboard lists 10 runs and 5 recent projects. */
const RECENT_RUNS = 10;
const RECENT_PROJECTS = 5;

export function DashboardRoute() {
  const queryClient = useQueryClient();
  const [jobOpen, setJobOpen] = useState(false);
  const [lastRun, setLastRun] = useState<Run | null>(null);
  // The notice follows the launched run's status (queued, running, completed…), as the Recent runs table does.
  const followedRun = useFollowedRun(lastRun);
  const notice = followedRun ? runNotice(followedRun) : null;

  const onJobSubmitted = (run: Run) => {
    setJobOpen(false);
    setLastRun(run);
    for (const queryKey of [RUNS_QUERY_KEY, COUNTS_QUERY_KEY, PROJECTS_QUERY_KEY])
      void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your organization's projects, runs and analyses at a glance."
        help={PAGE_HELP.dashboard}
        actions={
          <Button onClick={() => setJobOpen(true)} aria-haspopup="dialog">
            New Job
          </Button>
        }
      />
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TargetReferenceSetup />
      <CountsSummary />
      <div className="dashboard-grid">
        <section className="panel dashboard-grid__wide" aria-labelledby="recent-runs-title">
          <h2 id="recent-runs-title" className="panel__title">
            Recent runs
          </h2>
          <RunsTable limit={RECENT_RUNS} caption="Recent runs" />
        </section>
        <section className="panel" aria-labelledby="recent-projects-title">
          <h2 id="recent-projects-title" className="panel__title">
            Recent projects
          </h2>
          <ProjectsTable limit={RECENT_PROJECTS} caption="Recent projects" variant="compact" />
        </section>
        <Tips />
      </div>
      <NewJobModal open={jobOpen} onClose={() => setJobOpen(false)} onJobSubmitted={onJobSubmitted} />
    </>
  );
}
