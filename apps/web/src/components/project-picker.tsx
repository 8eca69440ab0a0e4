import type { Project } from "@sieve/contracts";
import { NEW_PROJECT, type ProjectChoice } from "../lib/project-choice";
import { Checkbox, Field } from "./ui/field";

interface ProjectPickerProps {
  projects: Project[] | undefined;
  choice: ProjectChoice;
  onChange: (choice: ProjectChoice) => void;
  error?: string | null;
  disabled?: boolean;
}

/** Pick one of the caller's projects, or name a new one and acknowledge research use only. */
export function ProjectPicker({ projects, choice, onChange, error, disabled }: ProjectPickerProps) {
  const update = (patch: Partial<ProjectChoice>) => onChange({ ...choice, ...patch });
  return (
    <div className="stack">
      <Field label="Project" error={error}>
        {(control) => (
          <select
            {...control}
            name="project"
            value={choice.projectId}
            disabled={disabled}
            onChange={(event) => update({ projectId: event.target.value })}
          >
            <option value="">{projects ? "Select a project" : "Loading projects…"}</option>
            {projects?.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
            <option value={NEW_PROJECT}>New project…</option>
          </select>
        )}
      </Field>
      {choice.projectId === NEW_PROJECT && (
        <>
          <Field label="New project name">
            {(control) => (
              <input
                {...control}
                name="new_project_name"
                value={choice.newName}
                maxLength={200}
                disabled={disabled}
                onChange={(event) => update({ newName: event.target.value })}
              />
            )}
          </Field>
          <Checkbox
            name="new_project_ruo_ack"
            checked={choice.ruoAcknowledged}
            onChange={(ruoAcknowledged) => update({ ruoAcknowledged })}
            label="I acknowledge that this project and its results are for research use only."
          />
        </>
      )}
    </div>
  );
}
