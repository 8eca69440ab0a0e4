import type { DashboardCounts } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { projectsStore } from "../projects/store";
import { runsStore } from "../runs/store";
import { engineJobsStore } from "../engine/store";

/** The dashboard's figures, read through the stores of the modules that own the rows. */
export function dashboardService(db: Database, scope: TenantScope) {
  return {
    async counts(): Promise<DashboardCounts> {
      // Analyses: every run, plus engine jobs that belong to no run (e.g. target identification).
      const [projects, runs, standaloneJobs] = await Promise.all([
        projectsStore(db, scope).count(),
        runsStore(db, scope).count(),
        engineJobsStore(db, scope).countWithoutRun(),
      ]);
      return { projects, analyses: runs + standaloneJobs };
    },
  };
}
