import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox, Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { createFailureMessage, useCreateProject, type ProjectDraft } from "../api/projects";

const EMPTY_DRAFT: ProjectDraft = { name: "", disease_area: "", assay_context: "" };

export function ProjectCreateForm() {
  const [draft, setDraft] = useState<ProjectDraft>(EMPTY_DRAFT);
  const [ruoAcknowledged, setRuoAcknowledged] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateProject();
  const bind = (key: keyof ProjectDraft) => ({
    name: key,
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // `required` lets "   " through; §5 wants the trimmed name.
    if (!draft.name.trim()) {
      setNameError("Name is required.");
      return;
    }
    setNameError(null);
    create.mutate(draft, {
      onSuccess: () => {
        setDraft(EMPTY_DRAFT);
        setRuoAcknowledged(false);
      },
    });
  };

  return (
    <form className="panel stack" onSubmit={onSubmit} aria-labelledby="create-project-title">
      <h2 id="create-project-title" className="panel__title">
        Create a project
      </h2>
      <Field label="Name" error={nameError}>
        {(control) => <input {...control} {...bind("name")} required maxLength={200} />}
      </Field>
      <Field label="Disease area" optional>
        {(control) => (
          <input
            {...control}
            {...bind("disease_area")}
            maxLength={200}
            placeholder="e.g. idiopathic pulmonary fibrosis"
          />
        )}
      </Field>
      <Field label="Assay context" optional>
        {(control) => (
          <textarea
            {...control}
            {...bind("assay_context")}
            rows={3}
            maxLength={2000}
            placeholder="Cell line, readout, model system…"
          />
        )}
      </Field>
      <Checkbox
        name="ruo_ack"
        required
        checked={ruoAcknowledged}
        onChange={setRuoAcknowledged}
        label="I acknowledge that this project and its results are for research use only."
      />
      {create.isError && <Notice tone="error">{createFailureMessage(create.error)}</Notice>}
      {create.isSuccess && <Notice tone="success">Project “{create.data.name}” created.</Notice>}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create Project"}
        </Button>
      </div>
    </form>
  );
}
