import { MAX_REMOTE_SHARDS, type RemoteWorkerList } from "@sieve/contracts";
import { Field } from "../../../components/ui/field";
import type { JobForm } from "../model/job-form";

interface ExecutionChoiceProps {
  form: JobForm;
  update: (patch: Partial<JobForm>) => void;
  workers: RemoteWorkerList["workers"];
}

/**
 * Where the run executes, offered once the organization has registered a worker: this platform's
 * compute, or its own machines (data named `local:` never leaves them); a VHTS run can be split
 * into shards that several workers take in parallel.
 */
export function ExecutionChoice({ form, update, workers }: ExecutionChoiceProps) {
  const live = workers.filter((w) => w.live);
  const remoteHint = live.length
    ? `Live: ${live.map((w) => w.name).join(", ")}. Jobs wait in the queue until one of them takes them.`
    : "None of your workers has polled in the last minute; the run waits in the queue until one does.";
  return (
    <>
      <Field label="Runs on" hint={form.execution === "remote" ? remoteHint : undefined}>
        {(control) => (
          <select
            {...control}
            name="execution"
            value={form.execution}
            onChange={(e) => update({ execution: e.target.value as JobForm["execution"] })}
          >
            <option value="embedded">This platform's compute</option>
            <option value="remote">
              Your organization's workers ({live.length} of {workers.length} live)
            </option>
          </select>
        )}
      </Field>
      {form.execution === "remote" && form.jobType === "vhts" && (
        <Field
          label="Shards"
          hint={`The library is split into this many jobs (1–${MAX_REMOTE_SHARDS}); the run page shows them as one.`}
        >
          {(control) => (
            <input
              {...control}
              name="shards"
              type="number"
              min={1}
              max={MAX_REMOTE_SHARDS}
              step={1}
              required
              value={form.shards}
              onChange={(e) => update({ shards: Number(e.target.value) })}
            />
          )}
        </Field>
      )}
    </>
  );
}
