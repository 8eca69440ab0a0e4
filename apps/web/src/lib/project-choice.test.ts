import { describe, expect, it } from "vitest";
import { EMPTY_PROJECT_CHOICE, NEW_PROJECT, projectChoiceProblem, resolveProjectChoice } from "./project-choice";

describe("project choice", () => {
  it("asks for a project before anything else", () => {
    expect(projectChoiceProblem(EMPTY_PROJECT_CHOICE)).toBe("Choose a project, or create one.");
  });

  it("needs a name and the research-use acknowledgement for a new project", () => {
    const fresh = { ...EMPTY_PROJECT_CHOICE, projectId: NEW_PROJECT };
    expect(projectChoiceProblem({ ...fresh, newName: "   " })).toBe("Name the new project.");
    expect(projectChoiceProblem({ ...fresh, newName: "Fibrosis" })).toMatch(/research use only/);
    expect(projectChoiceProblem({ ...fresh, newName: "Fibrosis", ruoAcknowledged: true })).toBeNull();
  });

  it("uses an existing project as is and creates nothing", async () => {
    const created: string[] = [];
    const create = async (name: string) => (created.push(name), { id: 99 });
    expect(await resolveProjectChoice({ ...EMPTY_PROJECT_CHOICE, projectId: "12" }, create)).toEqual({
      projectId: 12,
      created: false,
    });
    expect(created).toEqual([]);
  });

  it("creates the new project under its trimmed name", async () => {
    const created: string[] = [];
    const create = async (name: string) => (created.push(name), { id: 99 });
    const choice = { projectId: NEW_PROJECT, newName: " Fibrosis ", ruoAcknowledged: true };
    expect(await resolveProjectChoice(choice, create)).toEqual({ projectId: 99, created: true });
    expect(created).toEqual(["Fibrosis"]);
    await expect(resolveProjectChoice(EMPTY_PROJECT_CHOICE, create)).rejects.toThrow("Choose a project");
  });
});
