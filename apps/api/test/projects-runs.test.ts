import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";

let ctx: TestContext;
let token: string;
let orgId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.signup();
  token = account.token;
  orgId = account.user.org_id;
});
afterAll(async () => ctx?.close());

async function createProject(payload: Record<string, unknown>, url = "/v1/projects/") {
  return ctx.call({ method: "POST", url, token, payload });
}

describe("projects", () => {
  it("accepts the snake_case payload on /v1/projects/ and the camelCase one on /v1/projects", async () => {
    const snake = await createProject({
      org_id: orgId,
      name: "  EGFR resistance  ",
      ruo_ack: true,
      disease_area: "NSCLC",
      assay_context: "cell viability",
    });
    expect(snake.statusCode).toBe(201);
    expect(snake.json()).toMatchObject({
      org_id: orgId,
      name: "EGFR resistance",
      ruo_ack: true,
      disease_area: "NSCLC",
      assay_context: "cell viability",
      disease_ontology_id: null,
      modality: null,
    });
    const camel = await createProject(
      {
        orgId,
        name: "Tau aggregation",
        ruoAck: true,
        diseaseArea: "Alzheimer's disease",
        assayContext: "ThT",
        diseaseOntologyId: "DOID:10652",
        modality: "small molecule",
      },
      "/v1/projects",
    );
    expect(camel.statusCode).toBe(201);
    expect(camel.json()).toMatchObject({
      name: "Tau aggregation",
      disease_area: "Alzheimer's disease",
      assay_context: "ThT",
      disease_ontology_id: "DOID:10652",
      modality: "small molecule",
    });
    expect(typeof camel.json().id).toBe("number");
    expect(new Date(camel.json().created_at).toString()).not.toBe("Invalid Date");
  });

  it("defaults org_id to the caller's organization", async () => {
    const response = await createProject({ name: "No org given", ruo_ack: true });
    expect(response.statusCode).toBe(201);
    expect(response.json().org_id).toBe(orgId);
  });

  it("requires a name (422) and the research-use-only acknowledgement (422 ruo_ack_required)", async () => {
    const blank = await createProject({ name: "   ", ruo_ack: true });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail.fields[0].path).toBe("name");
    for (const ack of [false, undefined]) {
      const response = await createProject({ name: "Unacknowledged", ruo_ack: ack });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe("ruo_ack_required");
    }
  });

  it("requires org_id to be a number, and refuses an organization the caller is not in with 403", async () => {
    expect((await createProject({ name: "x", ruo_ack: true, org_id: "1" })).statusCode).toBe(422);
    const foreign = await createProject({ name: "x", ruo_ack: true, org_id: orgId + 1000 });
    expect(foreign.statusCode).toBe(403);
  });

  it("lists projects newest first on both paths and reads one by id", async () => {
    const first = (await createProject({ name: "Older", ruo_ack: true })).json();
    const second = (await createProject({ name: "Newer", ruo_ack: true })).json();
    for (const url of ["/v1/projects", "/v1/projects/"]) {
      const list = await ctx.call({ method: "GET", url, token });
      expect(list.statusCode).toBe(200);
      const ids = list.json().projects.map((p: { id: number }) => p.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    }
    const one = await ctx.call({ method: "GET", url: `/v1/projects/${first.id}`, token });
    expect(one.json()).toEqual(first);
    expect((await ctx.call({ method: "GET", url: "/v1/projects/999999", token })).statusCode).toBe(404);
  });
});

describe("runs", () => {
  let projectId: number;
  beforeAll(async () => {
    projectId = (await createProject({ name: "Runs project", ruo_ack: true })).json().id;
  });
  const postRun = (payload: Record<string, unknown>, headers: Record<string, string> = {}, project = projectId) =>
    ctx.call({ method: "POST", url: `/v1/projects/${project}/runs`, token, payload, headers });

  it("applies the spec's defaults server-side: 800 evaluations for VHTS, seed 42, BatchDiversity, two objectives", async () => {
    const response = await postRun({
      workflow: "vhts",
      inputs: { target_protein: "P23219", compound_library: "CCO ethanol" },
    });
    expect(response.statusCode).toBe(201);
    const run = response.json();
    expect(run).toMatchObject({
      project_id: projectId,
      project_name: "Runs project",
      status: "queued",
      workflow: "vhts",
    });
    expect(run.config).toMatchObject({
      budget: { max_evaluations: 800, wallclock_limit_s: 0 },
      seed: 42,
      modules: [{ name: "BatchDiversity", params: {} }],
      objectives: [
        { name: "activity", direction: "maximize", weight: 1 },
        { name: "interaction_similarity", direction: "maximize", weight: 1 },
        { name: "synthetic_accessibility", direction: "minimize", weight: 0.5 },
      ],
      search_space: { type: "continuous", dimension: 8, bounds: [-1, 1] },
      inputs: { include_docking: true },
    });
  });

  it("makes a run without a workflow a VHTS run, as the spec's job type defaults to vhts", async () => {
    const bare = await postRun({});
    expect(bare.statusCode).toBe(422);
    expect(
      bare
        .json()
        .detail.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["inputs.compound_library", "inputs.target_protein"]);
    const response = await postRun({
      inputs: { target_protein: "P23219", compound_library: "CCO ethanol" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      workflow: "vhts",
      config: { workflow: "vhts", budget: { max_evaluations: 800 } },
    });
  });

  it("gives other workflows 400 evaluations and lead optimization the simple-analogs strategy", async () => {
    const lead = (
      await postRun({ workflow: "lead_opt", inputs: { target_protein: "P00533", hit_compounds: "CCO" } })
    ).json();
    expect(lead.config.budget.max_evaluations).toBe(400);
    expect(lead.config.inputs.analogs_strategy).toBe("generate_simple_analogs");
    const custom = (
      await postRun({
        workflow: "custom",
        inputs: { custom_message: "optimise logP below 3" },
        budget: { max_evaluations: 50 },
        seed: 7,
      })
    ).json();
    expect(custom.config.budget.max_evaluations).toBe(50);
    expect(custom.config.seed).toBe(7);
  });

  it("validates the per-workflow inputs and every field", async () => {
    const vhts = await postRun({ workflow: "vhts", inputs: {} });
    expect(vhts.statusCode).toBe(422);
    expect(
      vhts
        .json()
        .detail.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["inputs.compound_library", "inputs.target_protein"]);
    expect(
      (await postRun({ workflow: "lead_opt", inputs: { target_protein: "x" } })).json().detail.fields[0].path,
    ).toBe("inputs.hit_compounds");
    expect((await postRun({ workflow: "custom" })).json().detail.fields[0].path).toBe("inputs.custom_message");
    const bad = await postRun({
      workflow: "warp",
      seed: -1,
      search_space: { bounds: [1, -1] },
      objectives: [{ name: "x", direction: "up", weight: 1 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(["workflow", "seed", "search_space.bounds", "objectives.0.direction"]),
    );
  });

  it("replays the same Idempotency-Key and body (200, same run) and refuses a different body with 409", async () => {
    const body = { workflow: "custom", inputs: { custom_message: "find analogs of aspirin" } };
    const first = await postRun(body, { "idempotency-key": "key-A" });
    const again = await postRun(
      { inputs: { custom_message: "find analogs of aspirin" }, workflow: "custom" },
      { "idempotency-key": "key-A" },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const changed = await postRun(
      { workflow: "custom", inputs: { custom_message: "something else" } },
      { "idempotency-key": "key-A" },
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe("idempotency_key_reused");
  });

  it("creates exactly one run for concurrent requests with the same key", async () => {
    const body = { workflow: "custom", inputs: { custom_message: "concurrent" } };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postRun(body, { "idempotency-key": "key-concurrent" })),
    );
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
  });

  it("lists runs newest first with a limit and a cursor, and reads one with its curves", async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i++)
      created.push((await postRun({ workflow: "custom", inputs: { custom_message: `page ${i}` } })).json().id);
    const firstPage = (await ctx.call({ method: "GET", url: "/v1/runs?limit=2", token })).json();
    expect(firstPage.runs.map((r: { id: string }) => r.id)).toEqual([created[2], created[1]]);
    expect(firstPage.next_cursor).toBeTruthy();
    const secondPage = (
      await ctx.call({ method: "GET", url: `/v1/runs?limit=2&cursor=${firstPage.next_cursor}`, token })
    ).json();
    expect(secondPage.runs[0].id).toBe(created[0]);
    expect((await ctx.call({ method: "GET", url: "/v1/runs?limit=0", token })).statusCode).toBe(422);
    expect((await ctx.call({ method: "GET", url: "/v1/runs?cursor=garbage", token })).statusCode).toBe(422);
    const one = await ctx.call({ method: "GET", url: `/v1/runs/${created[0]}`, token });
    expect(one.json().id).toBe(created[0]);
    expect((await ctx.call({ method: "GET", url: `/v1/runs/${created[0]}/curves`, token })).json()).toEqual({
      curves: [],
    });
    expect((await ctx.call({ method: "GET", url: "/v1/runs/not-a-uuid", token })).statusCode).toBe(404);
  });

  it("answers 404 for a run on a project that does not exist", async () => {
    expect((await postRun({ workflow: "custom", inputs: { custom_message: "x" } }, {}, 999999)).statusCode).toBe(404);
  });

  it("counts projects and analyses for the dashboard", async () => {
    const counts = (await ctx.call({ method: "GET", url: "/v1/dashboard/counts", token })).json();
    const projects = (await ctx.call({ method: "GET", url: "/v1/projects", token })).json().projects.length;
    expect(counts.projects).toBe(projects);
    expect(counts.analyses).toBeGreaterThanOrEqual(8);
  });
});
