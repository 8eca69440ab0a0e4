import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireSharedData } from "@sieve/testing";
import { createTestContext, type TestContext } from "./context";
import { memberOf } from "./members";

requireSharedData("disease_ontology/HumanDO.obo");

/** A project's disease is a Disease Ontology term the server knows; its name is the ontology's. */
let ctx: TestContext;
let owner: string;
let viewer: string;
let stranger: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.signup({ org_name: "RA Lab" });
  owner = account.token;
  viewer = (await memberOf(ctx, account.user.org_id, "viewer")).token;
  stranger = (await ctx.signup({ org_name: "Elsewhere" })).token;
  projectId = (
    await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: owner,
      payload: { name: "JAK in RA", ruo_ack: true, disease_area: "RA" },
    })
  ).json().id;
}, 120_000);
afterAll(async () => ctx?.close());

const setDisease = (id: string | null, token = owner, project = projectId) =>
  ctx.call({ method: "PATCH", url: `/v1/projects/${project}`, token, payload: { disease_ontology_id: id } });
const project = async () => (await ctx.call({ method: "GET", url: `/v1/projects/${projectId}`, token: owner })).json();

describe("PATCH /v1/projects/{id}: the project's disease", () => {
  it("answers 409 ontology_not_loaded before the Disease Ontology is loaded, and changes nothing", async () => {
    const answer = await setDisease("DOID:7148");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe("ontology_not_loaded");
    expect(await project()).toMatchObject({ disease_area: "RA", disease_ontology_id: null });
  });

  it("stores a term of the loaded ontology with the ontology's name", async () => {
    const load = await ctx.call({
      method: "POST",
      url: "/v1/admin/reference-data/load",
      token: owner,
      payload: { datasets: ["reference:diseases"] },
    });
    expect(load.statusCode).toBe(200);
    const answer = await setDisease("DOID:7148");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: projectId,
      disease_ontology_id: "DOID:7148",
      disease_area: "rheumatoid arthritis",
    });
    expect(await project()).toMatchObject({ disease_ontology_id: "DOID:7148", disease_area: "rheumatoid arthritis" });
  }, 120_000);

  it("refuses an id the ontology does not have (422 unknown_disease) and text that is no DOID, changing nothing", async () => {
    const unknown = await setDisease("DOID:999999999");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: "unknown_disease",
      error: "disease_ontology_id: DOID:999999999 is not a term of the loaded Disease Ontology",
    });
    const text = await setDisease("rheumatoid arthritis");
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toContain("disease_ontology_id must be a Disease Ontology id such as DOID:7148");
    expect(await project()).toMatchObject({ disease_ontology_id: "DOID:7148" });
  });

  it("answers 403 forbidden_role to a viewer and 404 to another organization, changing nothing", async () => {
    const refused = await setDisease("DOID:1324", viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden_role");
    const foreign = await setDisease("DOID:1324", stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("not_found");
    expect(await project()).toMatchObject({ disease_ontology_id: "DOID:7148" });
  });

  it("clears the disease with null", async () => {
    const answer = await setDisease(null);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ disease_ontology_id: null, disease_area: null });
  });
});

describe("GET /v1/reports/runs?project_id=", () => {
  it("lists one project's runs only, and none of another organization's project", async () => {
    const other = (
      await ctx.call({ method: "POST", url: "/v1/projects", token: owner, payload: { name: "Other", ruo_ack: true } })
    ).json().id;
    const runIn = async (id: number) =>
      (
        await ctx.call({
          method: "POST",
          url: `/v1/projects/${id}/runs`,
          token: owner,
          payload: { workflow: "custom", inputs: { custom_message: `run of ${id}` } },
        })
      ).json().id as string;
    const mine = await runIn(projectId);
    await runIn(other);
    const list = (url: string, token = owner) => ctx.call({ method: "GET", url, token });
    const runs = (await list(`/v1/reports/runs?project_id=${projectId}`)).json().runs;
    expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual([mine]);
    expect(runs[0]).toMatchObject({ project_name: "JAK in RA" });
    expect((await list("/v1/reports/runs")).json().runs).toHaveLength(2);
    expect((await list(`/v1/reports/runs?project_id=${projectId}`, stranger)).json().runs).toEqual([]);
  });
});
