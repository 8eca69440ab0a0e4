import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

/**
 * Two organizations, Alpha and Beta. Every endpoint that touches organization-owned rows is listed
 * here: Beta must never see, change or learn of Alpha's rows. Every later module adds its endpoints.
 */
let ctx: TestContext;
let alpha: { token: string; orgId: number };
let beta: { token: string; orgId: number };
const owned: { projectId?: number; runId?: string; uploadId?: string; jobId?: string; negatomeId?: string } = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.signup({ org_name: "Alpha Therapeutics" });
  const b = await ctx.signup({ org_name: "Beta Bio" });
  alpha = { token: a.token, orgId: a.user.org_id };
  beta = { token: b.token, orgId: b.user.org_id };
  owned.projectId = (await ctx.call({ method: "POST", url: "/v1/projects", token: alpha.token, payload: { name: "Alpha secret target", ruo_ack: true } })).json().id;
  owned.runId = (
    await ctx.call({ method: "POST", url: `/v1/projects/${owned.projectId}/runs`, token: alpha.token, payload: { workflow: "custom", inputs: { custom_message: "alpha only" } } })
  ).json().id;
  const upload = multipartUpload({ kind: "compound_library" }, { name: "alpha.smi", content: "CCO ethanol\n" });
  owned.uploadId = (await ctx.call({ method: "POST", url: "/v1/uploads", token: alpha.token, ...upload })).json().id;
  owned.jobId = (
    await ctx.call({ method: "POST", url: `/v1/projects/${owned.projectId}/runs/molecular`, token: alpha.token, payload: { smiles: ["CCO"], population_size: 20, max_generations: 10 } })
  ).json().id;
  await ctx.call({ method: "POST", url: "/v1/negatome/agreement/accept", token: alpha.token, payload: { acknowledged: true } });
  owned.negatomeId = (
    await ctx.call({ method: "POST", url: "/v1/negatome/ingest/user", token: alpha.token, payload: { compound: { smiles: "CC(C)Cc1ccc(cc1)C(C)C(=O)O" }, reason_for_failure: "Alpha's private negative" } })
  ).json().negatome_id;
});
afterAll(async () => ctx?.close());

describe("tenancy: another organization's rows are invisible", () => {
  const hiddenReads = [
    ["GET /v1/projects/{id}", () => `/v1/projects/${owned.projectId}`],
    ["GET /v1/runs/{id}", () => `/v1/runs/${owned.runId}`],
    ["GET /v1/runs/{id}/curves", () => `/v1/runs/${owned.runId}/curves`],
    ["GET /v1/uploads/{id}", () => `/v1/uploads/${owned.uploadId}`],
    ["GET /v1/engine/jobs/{id}", () => `/v1/engine/jobs/${owned.jobId}`],
    ["GET /v1/engine/jobs/{id}/events", () => `/v1/engine/jobs/${owned.jobId}/events`],
  ] as const;

  it.each(hiddenReads)("%s answers 404 to the other organization and 200 to the owner", async (_name, url) => {
    const foreign = await ctx.call({ method: "GET", url: url(), token: beta.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("not_found");
    expect(foreign.body).not.toContain("Alpha");
    expect((await ctx.call({ method: "GET", url: url(), token: alpha.token })).statusCode).toBe(200);
  });

  it("GET /v1/projects and /v1/projects/ leave out the other organization's projects", async () => {
    for (const url of ["/v1/projects", "/v1/projects/"]) {
      const list = (await ctx.call({ method: "GET", url, token: beta.token })).json();
      expect(list.projects).toEqual([]);
    }
  });

  it("GET /v1/runs leaves out the other organization's runs", async () => {
    expect((await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token: beta.token })).json().runs).toEqual([]);
  });

  it("GET /v1/engine/jobs leaves out the other organization's jobs, and DELETE cannot cancel them", async () => {
    expect((await ctx.call({ method: "GET", url: "/v1/engine/jobs?limit=100", token: beta.token })).json().jobs).toEqual([]);
    expect((await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${owned.jobId}`, token: beta.token })).statusCode).toBe(404);
  });

  it("the negatome's organization records stay private: query, recent, stats, search and contributor dashboard", async () => {
    const beta_ = (url: string, method: "GET" | "POST" = "GET", payload?: object) => ctx.call({ method, url, token: beta.token, ...(payload ? { payload } : {}) });
    expect((await beta_("/v1/negatome/query/negatome?inchi_key=HEFNNWSXXWATRW-UHFFFAOYSA-N")).json().items).toEqual([]);
    expect((await beta_("/v1/negatome/recent?limit=100")).json().items.map((r: { negatome_id: string }) => r.negatome_id)).not.toContain(owned.negatomeId);
    expect((await beta_("/v1/negatome/stats")).json().by_source.user).toBeUndefined();
    const hits = (await beta_("/v1/negatome/search", "POST", { smiles: "CC(C)Cc1ccc(cc1)C(C)C(=O)O", topk: 50 })).json().items;
    expect(hits.map((h: { negatome_id: string }) => h.negatome_id)).not.toContain(owned.negatomeId);
    const alphaUser = (await ctx.call({ method: "GET", url: "/v1/auth/profile", token: alpha.token })).json().user.id;
    expect((await beta_(`/v1/negatome/contributors/${alphaUser}/dashboard`)).statusCode).toBe(404);
  });

  it("GET /v1/dashboard/counts counts only the caller's organization", async () => {
    expect((await ctx.call({ method: "GET", url: "/v1/dashboard/counts", token: beta.token })).json()).toEqual({ projects: 0, analyses: 0 });
  });

  it("POST /v1/projects/{id}/runs on another organization's project answers 404 and writes nothing", async () => {
    const alphaRuns = async () => (await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token: alpha.token })).json().runs.length;
    const before = await alphaRuns();
    const response = await ctx.call({ method: "POST", url: `/v1/projects/${owned.projectId}/runs`, token: beta.token, payload: { workflow: "custom", inputs: { custom_message: "intrude" } } });
    expect(response.statusCode).toBe(404);
    const molecular = await ctx.call({ method: "POST", url: `/v1/projects/${owned.projectId}/runs/molecular`, token: beta.token, payload: { smiles: ["CCO"] } });
    expect(molecular.statusCode).toBe(404);
    expect(await alphaRuns()).toBe(before);
  });

  it("POST /v1/projects with the other organization's org_id answers 403", async () => {
    for (const payload of [{ org_id: alpha.orgId }, { orgId: alpha.orgId }]) {
      const response = await ctx.call({ method: "POST", url: "/v1/projects", token: beta.token, payload: { name: "squatter", ruo_ack: true, ...payload } });
      expect(response.statusCode).toBe(403);
    }
  });

  it("an Idempotency-Key used by another user never returns their run", async () => {
    const betaProject = (await ctx.call({ method: "POST", url: "/v1/projects", token: beta.token, payload: { name: "Beta project", ruo_ack: true } })).json().id;
    const body = { workflow: "custom", inputs: { custom_message: "same key" } };
    const a = await ctx.call({ method: "POST", url: `/v1/projects/${owned.projectId}/runs`, token: alpha.token, payload: body, headers: { "idempotency-key": "shared-key" } });
    const b = await ctx.call({ method: "POST", url: `/v1/projects/${betaProject}/runs`, token: beta.token, payload: body, headers: { "idempotency-key": "shared-key" } });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
  });
});
