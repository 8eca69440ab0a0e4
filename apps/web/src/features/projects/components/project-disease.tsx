import { useState, type FormEvent } from "react";
import type { Project } from "@sieve/contracts";
import { DiseaseCombobox } from "../../../components/disease-combobox";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { explainFailure } from "../../../lib/api-client";
import type { DiseaseSuggestion } from "../../../lib/disease-suggestions";
import { useSetProjectDisease } from "../api/projects";

/**
 * The project's disease, chosen from the Disease Ontology so that its id (DOID) is stored: typing suggests terms,
 * and only a chosen term can be saved. The server checks the id against the ontology it has loaded.
 */
export function ProjectDisease({ project }: { project: Project }) {
  const setDisease = useSetProjectDisease(project.id);
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<DiseaseSuggestion | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    setDisease.mutate(chosen.id, {
      onSuccess: () => {
        setText("");
        setChosen(null);
      },
    });
  };

  return (
    <section className="panel stack" aria-labelledby="project-disease-title">
      <h2 id="project-disease-title" className="panel__title">
        Disease
      </h2>
      {project.disease_ontology_id ? (
        <p>
          <strong>{project.disease_area}</strong> <code>{project.disease_ontology_id}</code>{" "}
          <span className="muted">(Disease Ontology)</span>
        </p>
      ) : (
        <p className="muted">
          {project.disease_area
            ? `“${project.disease_area}” was typed as free text, with no ontology id: choose the term below.`
            : "No disease chosen yet."}
        </p>
      )}
      <form className="stack" onSubmit={onSubmit} aria-label="Choose the project's disease">
        <Field
          label={project.disease_ontology_id ? "Change the disease" : "Choose the disease"}
          hint={
            chosen
              ? `Chosen: ${chosen.name} (${chosen.id}).`
              : "Type two letters or more and pick a Disease Ontology term from the list."
          }
        >
          {(control) => (
            <DiseaseCombobox
              control={control}
              value={text}
              onChange={(next) => {
                setText(next);
                setChosen(null);
              }}
              onChoose={(disease) => {
                setText(disease.name);
                setChosen(disease);
              }}
            />
          )}
        </Field>
        <div className="button-row">
          <Button type="submit" disabled={!chosen || setDisease.isPending}>
            {setDisease.isPending ? "Saving…" : "Save Disease"}
          </Button>
          {project.disease_ontology_id && (
            <Button
              type="button"
              variant="secondary"
              disabled={setDisease.isPending}
              onClick={() => setDisease.mutate(null)}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
      {setDisease.error && (
        <Notice tone="error">{explainFailure(setDisease.error, "Could not save the disease")}</Notice>
      )}
    </section>
  );
}
