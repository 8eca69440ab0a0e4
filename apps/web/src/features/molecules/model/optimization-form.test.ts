import { describe, expect, it } from "vitest";
import { MOLECULAR_MESSAGES } from "@sieve/contracts";
import { NEW_PROJECT } from "../../../lib/project-choice";
import { checkDraft, defaultDraft, SEARCH_FIELDS, serverFieldErrors } from "./optimization-form";

const chosen = (projectId: string) => ({ projectId, newName: "", ruoAcknowledged: false });

describe("the optimization form", () => {
  it("starts from the §9 defaults, with med-chem filters on and SA score at most 4 (issue #24)", () => {
    expect(defaultDraft().filters).toBe(true);
    expect(defaultDraft().numbers).toEqual({
      "target_properties.logp": "3",
      "target_properties.molecular_weight": "400",
      "target_properties.tpsa": "60",
      "target_properties.qed": "0.8",
      "property_weights.logp": "1",
      "property_weights.molecular_weight": "1",
      "property_weights.tpsa": "1",
      "property_weights.qed": "2",
      dimension: "10",
      max_generations: "50",
      population_size: "80",
      "acceptability.max_sa_score": "4",
    });
  });

  it("requires a project and at least one SMILES with the §5 messages", () => {
    const check = checkDraft({ ...defaultDraft(), smiles: "  \n \n" });
    expect(check).toEqual({
      ok: false,
      errors: { project: MOLECULAR_MESSAGES.projectRequired, smiles: MOLECULAR_MESSAGES.smilesRequired },
    });
  });

  it("asks a new project for its name and the research-use-only acknowledgement (issue 22)", () => {
    const unnamed = checkDraft({ ...defaultDraft(), project: chosen(NEW_PROJECT), smiles: "CCO" });
    expect(unnamed).toEqual({ ok: false, errors: { project: "Name the new project." } });
    const project = { projectId: NEW_PROJECT, newName: "Aspirin analogs", ruoAcknowledged: false };
    const unacknowledged = checkDraft({ ...defaultDraft(), project, smiles: "CCO" });
    expect(unacknowledged).toEqual({
      ok: false,
      errors: { project: "Acknowledge that the project is for research use only." },
    });
    const complete = checkDraft({ ...defaultDraft(), project: { ...project, ruoAcknowledged: true }, smiles: "CCO" });
    expect(complete).toMatchObject({ ok: true, project: { projectId: NEW_PROJECT, newName: "Aspirin analogs" } });
  });

  it("enforces the ranges: QED 0-1, dimension 1-50, generations 10-200, population 20-200, SA limit 1-10", () => {
    const draft = defaultDraft();
    Object.assign(draft.numbers, {
      "target_properties.qed": "1.2",
      dimension: "0",
      max_generations: "10.5",
      population_size: "201",
      "acceptability.max_sa_score": "11",
    });
    const check = checkDraft({ ...draft, project: chosen("4"), smiles: "CCO" });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      "target_properties.qed": "Target QED must be a number from 0 to 1.",
      dimension: "Dimension must be a whole number from 1 to 50.",
      max_generations: "Generations must be a whole number from 10 to 200.",
      population_size: "Population must be a whole number from 20 to 200.",
      "acceptability.max_sa_score": "Max SA score must be a number from 1 to 10.",
    });
  });

  it("builds the run body from trimmed, non-blank SMILES lines and numeric fields", () => {
    const draft = { ...defaultDraft(), project: chosen("7"), smiles: "  CCO \n\n c1ccccc1\n" };
    draft.numbers.population_size = "20";
    draft.numbers.max_generations = "10";
    draft.numbers["acceptability.max_sa_score"] = "4.5";
    draft.filters = false;
    draft.surrogate = true;
    expect(checkDraft(draft)).toEqual({
      ok: true,
      project: chosen("7"),
      body: {
        smiles: ["CCO", "c1ccccc1"],
        target_properties: { logp: 3, molecular_weight: 400, tpsa: 60, qed: 0.8 },
        property_weights: { logp: 1, molecular_weight: 1, tpsa: 1, qed: 2 },
        dimension: 10,
        max_generations: 10,
        population_size: 20,
        acceptability: { filters: false, max_sa_score: 4.5 },
        surrogate: { enabled: true, oversample: 3, neighbours: 10 },
      },
    });
  });

  it("puts the server's field messages beside their inputs, every bad SMILES line under the SMILES box", () => {
    expect(
      serverFieldErrors([
        { path: "smiles.1", message: "xx: Invalid SMILES" },
        { path: "smiles.3", message: "yy: Invalid SMILES" },
        { path: "population_size", message: "Too big" },
        { path: "execution", message: "odd" },
      ]),
    ).toEqual({ smiles: "xx: Invalid SMILES\nyy: Invalid SMILES", population_size: "Too big", form: "odd" });
  });

  it("explains dimension in the chemist's terms beside the field", () => {
    const help = SEARCH_FIELDS.find((field) => field.path === "dimension")?.help ?? "";
    expect(help).toMatch(/20 properties \(weight, logP, TPSA/);
    expect(help).toMatch(/30 substructure features/);
    expect(help).toMatch(/diverse/);
  });
});
