import { useState } from "react";
import type { EngineJob, Project } from "@sieve/contracts";
import { Notice } from "../../../components/ui/notice";
import { useMolecularJobs, useWorkerCount } from "../api/molecular-jobs";
import { JobDetails } from "./job-details";
import { OptimizationForm } from "./optimization-form";
import { OptimizationJobsTable } from "./optimization-jobs-table";

interface OptimizationProps {
  projects: Project[] | undefined;
  projectsError: string | null;
}

/** §2: the optimization form, the molecular jobs list, and the chosen job followed live. */
export function Optimization({ projects, projectsError }: OptimizationProps) {
  const workers = useWorkerCount();
  const jobs = useMolecularJobs();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A just-started job is followed as soon as the reloaded list contains it.
  const selected = jobs.data?.find((job) => job.id === selectedId) ?? null;

  return (
    <>
      <section className="panel stack" aria-labelledby="optimization-title">
        <h2 id="optimization-title" className="panel__title">
          Molecular optimization
        </h2>
        <p className="muted">
          A graph genetic algorithm evolves the starting molecules towards the target properties; each weight sets how
          much its property counts in the fitness.
        </p>
        {workers.data === 0 && (
          <Notice tone="warning">No worker is connected: new jobs will wait queued until one connects.</Notice>
        )}
        <OptimizationForm
          projects={projects}
          projectsError={projectsError}
          onStarted={(started) => setSelectedId(started.id)}
        />
      </section>
      <section className="panel stack" aria-labelledby="optimization-jobs-title">
        <h2 id="optimization-jobs-title" className="panel__title">
          Optimization jobs
        </h2>
        <OptimizationJobsTable
          projects={projects}
          selectedId={selectedId}
          onSelect={(job: EngineJob) => setSelectedId(job.id)}
        />
      </section>
      {selected && <JobDetails key={selected.id} job={selected} workerCount={workers.data} />}
    </>
  );
}
