import { useRef, useState, type FormEvent } from "react";
import { WORKFLOWS, type Run, type UploadKind } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { WORKFLOW_LABELS } from "../../../config/workflows";
import { explainFailure } from "../../../lib/api-client";
import { ProjectPicker } from "../../../components/project-picker";
import { EMPTY_PROJECT_CHOICE, projectChoiceProblem, type ProjectChoice } from "../../../lib/project-choice";
import { useLaunchJob, useProjectOptions, useUpload } from "../api/launch-job";
import { INITIAL_JOB_FORM, type JobForm } from "../model/job-form";
import { useRemoteWorkers } from "../api/remote-workers";
import { ExecutionChoice } from "./execution-choice";
import { JobInputs } from "./job-inputs";

const FORM_ID = "new-job-form";
const SUBMISSION_FALLBACK = "Workflow submission failed. Please try again.";

/** Where each upload kind's returned address goes in the form. */
const UPLOAD_TARGET: Record<UploadKind, keyof JobForm> = {
  protein: "targetProtein",
  compound_library: "compoundLibrary",
  hit_compounds: "hitCompounds",
  analogs: "analogsFile",
};

interface NewJobModalProps {
  open: boolean;
  onClose: () => void;
  onJobSubmitted: (run: Run) => void;
}

type UploadMessage = { tone: "success" | "error"; text: string; reason?: string };

export function NewJobModal({ open, onClose, onJobSubmitted }: NewJobModalProps) {
  const [form, setForm] = useState<JobForm>(INITIAL_JOB_FORM);
  const [uploadMessage, setUploadMessage] = useState<UploadMessage | null>(null);
  const [project, setProject] = useState<ProjectChoice>(EMPTY_PROJECT_CHOICE);
  const [projectError, setProjectError] = useState<string | null>(null);
  const projects = useProjectOptions(open);
  const launch = useLaunchJob();
  const upload = useUpload();
  const workers = useRemoteWorkers(open);
  // One key per distinct submission: a retry of the same form after a lost response cannot queue the run twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const busy = launch.isPending || upload.isPending;

  const update = (patch: Partial<JobForm>) => {
    idempotencyKey.current = crypto.randomUUID();
    setForm((current) => ({ ...current, ...patch }));
  };

  const onUpload = (kind: UploadKind, file: File) => {
    setUploadMessage(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (result) => {
          update({ [UPLOAD_TARGET[kind]]: result.uri });
          setUploadMessage({ tone: "success", text: `File uploaded successfully: ${file.name}` });
        },
        onError: (error) =>
          setUploadMessage({ tone: "error", text: "File upload failed. Please try again.", reason: error.message }),
      },
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = projectChoiceProblem(project);
    setProjectError(problem);
    if (problem) return;
    try {
      const run = await launch.mutateAsync({
        form,
        project,
        idempotencyKey: idempotencyKey.current,
        // Chosen from now on: a retry after a failed launch does not create the project twice.
        onProjectCreated: (projectId) => setProject({ ...EMPTY_PROJECT_CHOICE, projectId: String(projectId) }),
      });
      setForm(INITIAL_JOB_FORM);
      setUploadMessage(null);
      idempotencyKey.current = crypto.randomUUID();
      onJobSubmitted(run);
    } catch (error) {
      console.error("Workflow submission failed", error);
      // §8 keeps 'createRun failed: {status}'; the issue wants the server's message too, so the alert has both.
      window.alert(explainFailure(error, SUBMISSION_FALLBACK));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create New Drug Discovery Job"
      // An upload in flight cannot be stopped, so like a launch it keeps the dialog open until it settles.
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy}>
            {launch.isPending ? "Launching…" : upload.isPending ? "Uploading…" : "Launch Workflow"}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="stack" onSubmit={onSubmit}>
        <ProjectPicker
          projects={projects.data}
          choice={project}
          onChange={(choice) => {
            setProject(choice);
            setProjectError(null);
          }}
          error={projectError}
          disabled={busy}
        />
        <fieldset className="segmented">
          <legend className="field__label">Workflow type</legend>
          {WORKFLOWS.map((workflow) => (
            <label key={workflow} className={`segmented__option${form.jobType === workflow ? " is-selected" : ""}`}>
              <input
                type="radio"
                name="jobType"
                value={workflow}
                checked={form.jobType === workflow}
                onChange={() => update({ jobType: workflow })}
              />
              <span>{WORKFLOW_LABELS[workflow].label}</span>
            </label>
          ))}
        </fieldset>
        <JobInputs form={form} update={update} busy={busy} onUpload={onUpload} />
        {workers.data?.length ? <ExecutionChoice form={form} update={update} workers={workers.data} /> : null}
        <div role="status" className="upload-status">
          {uploadMessage && (
            <p className={`upload-status__message upload-status__message--${uploadMessage.tone}`}>
              {uploadMessage.text}
              {uploadMessage.reason && <span className="upload-status__reason"> ({uploadMessage.reason})</span>}
            </p>
          )}
        </div>
        <p className="form-note">
          Each workflow runs as an engine job; follow it from Recent runs (a custom workflow first shows its plan for
          you to confirm).
        </p>
      </form>
    </Dialog>
  );
}
