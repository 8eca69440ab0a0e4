import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "@sieve/db";
import { runsStore } from "../src/modules/runs/store";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

/**
 * Two organizations, Alpha and Beta. Every endpoint that touches organization-owned rows is listed
 * here: Beta must never see, change or learn of Alpha's rows. Every later module adds its endpoints.
 */
let ctx: TestContext;
let referenceRoot: string;
let alpha: { token: string; orgId: number; userId: number };
let beta: { token: string; orgId: number; userId: number };
const owned: {
  projectId?: number;
  runId?: string;
  uploadId?: string;
  jobId?: string;
  negatomeId?: string;
  /** A VHTS run docking into Alpha's uploaded receptor (its job fails at once: the library does not exist). */
  vhtsRunId?: string;
  receptorUri?: string;
  oracleJobId?: string;
} = {};

/** Protein atoms only, so the receptor route returns them (three atoms: docking ethanol into it is quick). */
const RECEPTOR = [
  "ATOM      1  N   ALA A   1      11.104   6.134  -6.504  1.00  0.00           N",
  "ATOM      2  CA  ALA A   1      11.639   6.071  -5.147  1.00  0.00           C",
  "ATOM      3  C   ALA A   1      13.140   6.150  -5.150  1.00  0.00           C",
  "END",
  "",
].join("\n");
const LIBRARY = "CCO ethanol";
const PLAN = {
  objectives: [{ name: "activity", direction: "maximize", weight: 1 }],
  constraints: [],
  budget: 5,
  seeds: ["CCO"],
  not_understood: [],
};

beforeAll(async () => {
  // An empty reference-data folder: literature extraction then builds no dictionaries (seconds saved), and
  // what this file checks is who sees which rows, not what the reference data adds.
  referenceRoot = mkdtempSync(join(tmpdir(), "sieve-tenancy-reference-"));
  ctx = await createTestContext({ referenceDataRoot: referenceRoot });
  const a = await ctx.signup({ org_name: "Alpha Therapeutics" });
  const b = await ctx.signup({ org_name: "Beta Bio" });
  alpha = { token: a.token, orgId: a.user.org_id, userId: a.user.id };
  beta = { token: b.token, orgId: b.user.org_id, userId: b.user.id };
  owned.projectId = (
    await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: alpha.token,
      payload: { name: "Alpha secret target", ruo_ack: true },
    })
  ).json().id;
  owned.runId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs`,
      token: alpha.token,
      payload: { workflow: "custom", inputs: { custom_message: "alpha only" } },
    })
  ).json().id;
  const upload = multipartUpload({ kind: "compound_library" }, { name: "alpha.smi", content: "CCO ethanol\n" });
  owned.uploadId = (await ctx.call({ method: "POST", url: "/v1/uploads", token: alpha.token, ...upload })).json().id;
  owned.jobId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs/molecular`,
      token: alpha.token,
      payload: { smiles: ["CCO"], population_size: 20, max_generations: 10 },
    })
  ).json().id;
  await ctx.call({
    method: "POST",
    url: "/v1/negatome/agreement/accept",
    token: alpha.token,
    payload: { acknowledged: true },
  });
  owned.negatomeId = (
    await ctx.call({
      method: "POST",
      url: "/v1/negatome/ingest/user",
      token: alpha.token,
      payload: { compound: { smiles: "CC(C)Cc1ccc(cc1)C(C)C(=O)O" }, reason_for_failure: "Alpha's private negative" },
    })
  ).json().negatome_id;

  const receptor = multipartUpload({ kind: "protein" }, { name: "alpha-receptor.pdb", content: RECEPTOR });
  owned.receptorUri = (
    await ctx.call({ method: "POST", url: "/v1/uploads", token: alpha.token, ...receptor })
  ).json().uri;
  owned.vhtsRunId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs`,
      token: alpha.token,
      payload: {
        workflow: "vhts",
        inputs: { target_protein: owned.receptorUri, compound_library: LIBRARY },
        // The three-atom receptor has no ligand to centre a box on.
        modules: [{ name: "Docking", params: { center: [12, 6, -5], size: [20, 20, 20] } }],
      },
    })
  ).json().id;
  owned.oracleJobId = (
    await ctx.call({
      method: "POST",
      url: "/v1/negatome/synthetic/oracle/dock",
      token: alpha.token,
      payload: { pdb_s3: owned.receptorUri, smiles: ["CCO"] },
    })
  ).json().job_id;
  const document = {
    source: "alpha-lab",
    external_id: "ALPHA-1",
    text: "Zorbatinib, an inhibitor of EGFR, shrank tumours in lung cancer models at Alpha.",
  };
  expect(
    (await ctx.call({ method: "POST", url: "/v1/nlp/ingest/docs", token: alpha.token, payload: { docs: [document] } }))
      .statusCode,
  ).toBe(200);
  // Two genes and one disease are enough reference data to rank and to resolve names.
  await ctx.database.db.insert(schema.refGenes).values([
    { hgncId: "HGNC:3236", symbol: "EGFR", name: "epidermal growth factor receptor", uniprotIds: ["P00533"] },
    { hgncId: "HGNC:6407", symbol: "KRAS", name: "KRAS proto-oncogene", uniprotIds: ["P01116"] },
  ]);
  await ctx.database.db.insert(schema.refDiseases).values({ id: "DOID:1324", name: "lung cancer" });
  const features = multipartUpload(
    { feature_name: "alpha_screen", symbol_column: "gene", value_column: "v", disease: "DOID:1324" },
    { name: "alpha-screen.csv", content: "gene,v\nEGFR,5\nKRAS,1\n" },
  );
  expect(
    (await ctx.call({ method: "POST", url: "/v1/targets/ingest/generic/upload", token: alpha.token, ...features }))
      .statusCode,
  ).toBe(201);
  expect(
    (
      await ctx.call({
        method: "POST",
        url: "/v1/targets/feature_sets",
        token: alpha.token,
        payload: { version: "alpha_private_v1", description: "Alpha only" },
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  rmSync(referenceRoot, { recursive: true, force: true });
});

/** Follows an engine job as its owner until it ends (jobs here are small or fail at once). */
async function settled(jobId: string, token: string): Promise<{ status: string }> {
  for (let i = 0; i < 600; i++) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token })).json();
    if (["completed", "failed", "cancelled"].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe("tenancy: another organization's rows are invisible", () => {
  const hiddenReads = [
    ["GET /v1/projects/{id}", () => `/v1/projects/${owned.projectId}`],
    ["GET /v1/runs/{id}", () => `/v1/runs/${owned.runId}`],
    ["GET /v1/runs/{id}/curves", () => `/v1/runs/${owned.runId}/curves`],
    ["GET /v1/uploads/{id}", () => `/v1/uploads/${owned.uploadId}`],
    ["GET /v1/engine/jobs/{id}", () => `/v1/engine/jobs/${owned.jobId}`],
    ["GET /v1/engine/jobs/{id}/events", () => `/v1/engine/jobs/${owned.jobId}/events`],
    ["GET /v1/engine/jobs/{id} (a negatome oracle job)", () => `/v1/engine/jobs/${owned.oracleJobId}`],
    ["GET /v1/workflows/runs/{id}", () => `/v1/workflows/runs/${owned.vhtsRunId}`],
    ["GET /v1/workflows/runs/{id}/receptor", () => `/v1/workflows/runs/${owned.vhtsRunId}/receptor`],
    ["GET /v1/reports/manifest/{job_id}", () => `/v1/reports/manifest/${owned.jobId}`],
    ["GET /v1/reports/manifest/{run_id}", () => `/v1/reports/manifest/${owned.runId}`],
    ["GET /v1/provenance?kind=run", () => `/v1/provenance?kind=run&item_id=${owned.runId}`],
    [
      "GET /v1/provenance?kind=negatome_record",
      () => `/v1/provenance?kind=negatome_record&item_id=${owned.negatomeId}`,
    ],
    ["GET /v1/nlp/documents", () => "/v1/nlp/documents?source=alpha-lab&external_id=ALPHA-1"],
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
    expect(
      (await ctx.call({ method: "GET", url: "/v1/engine/jobs?limit=100", token: beta.token })).json().jobs,
    ).toEqual([]);
    expect(
      (await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${owned.jobId}`, token: beta.token })).statusCode,
    ).toBe(404);
  });

  it("the negatome's organization records stay private: query, recent, stats, search and contributor dashboard", async () => {
    const beta_ = (url: string, method: "GET" | "POST" = "GET", payload?: object) =>
      ctx.call({ method, url, token: beta.token, ...(payload ? { payload } : {}) });
    expect((await beta_("/v1/negatome/query/negatome?inchi_key=HEFNNWSXXWATRW-UHFFFAOYSA-N")).json().items).toEqual([]);
    expect(
      (await beta_("/v1/negatome/recent?limit=100")).json().items.map((r: { negatome_id: string }) => r.negatome_id),
    ).not.toContain(owned.negatomeId);
    expect((await beta_("/v1/negatome/stats")).json().by_source.user).toBeUndefined();
    const hits = (await beta_("/v1/negatome/search", "POST", { smiles: "CC(C)Cc1ccc(cc1)C(C)C(=O)O", topk: 50 })).json()
      .items;
    expect(hits.map((h: { negatome_id: string }) => h.negatome_id)).not.toContain(owned.negatomeId);
    const alphaUser = (await ctx.call({ method: "GET", url: "/v1/auth/profile", token: alpha.token })).json().user.id;
    expect((await beta_(`/v1/negatome/contributors/${alphaUser}/dashboard`)).statusCode).toBe(404);
  });

  it("GET /v1/dashboard/counts counts only the caller's organization", async () => {
    expect((await ctx.call({ method: "GET", url: "/v1/dashboard/counts", token: beta.token })).json()).toEqual({
      projects: 0,
      analyses: 0,
    });
  });

  it("POST /v1/projects/{id}/runs on another organization's project answers 404 and writes nothing", async () => {
    const alphaRuns = async () =>
      (await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token: alpha.token })).json().runs.length;
    const before = await alphaRuns();
    const response = await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs`,
      token: beta.token,
      payload: { workflow: "custom", inputs: { custom_message: "intrude" } },
    });
    expect(response.statusCode).toBe(404);
    const molecular = await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs/molecular`,
      token: beta.token,
      payload: { smiles: ["CCO"] },
    });
    expect(molecular.statusCode).toBe(404);
    expect(await alphaRuns()).toBe(before);
  });

  it("POST /v1/projects with the other organization's org_id answers 403", async () => {
    for (const payload of [{ org_id: alpha.orgId }, { orgId: alpha.orgId }]) {
      const response = await ctx.call({
        method: "POST",
        url: "/v1/projects",
        token: beta.token,
        payload: { name: "squatter", ruo_ack: true, ...payload },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("members, invitations and the audit trail of the other organization are not found or left out", async () => {
    const beta_ = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      ctx.call({ method, url, token: beta.token, ...(payload ? { payload } : {}) });
    const org = `/v1/orgs/${alpha.orgId}`;
    expect((await beta_("GET", `${org}/members`)).statusCode).toBe(404);
    expect((await beta_("GET", `${org}/invitations`)).statusCode).toBe(404);
    expect((await beta_("POST", `${org}/invitations`, { email: "spy@example.org" })).statusCode).toBe(404);
    expect((await beta_("PATCH", `${org}/members/${alpha.userId}`, { role: "viewer" })).statusCode).toBe(404);
    expect((await beta_("DELETE", `${org}/members/${alpha.userId}`)).statusCode).toBe(404);
    const members = await ctx.call({ method: "GET", url: `${org}/members`, token: alpha.token });
    expect(members.json().members).toEqual([expect.objectContaining({ user_id: alpha.userId, role: "owner" })]);
    const audit = (await beta_("GET", "/v1/audit?limit=1000")).json().items;
    expect(audit.every((e: { org_id: number }) => e.org_id === beta.orgId)).toBe(true);
    expect(
      (await ctx.call({ method: "GET", url: "/v1/audit", token: alpha.token })).json().items.length,
    ).toBeGreaterThan(0);
  });

  it("an Idempotency-Key used by another user never returns their run", async () => {
    const betaProject = (
      await ctx.call({
        method: "POST",
        url: "/v1/projects",
        token: beta.token,
        payload: { name: "Beta project", ruo_ack: true },
      })
    ).json().id;
    const body = { workflow: "custom", inputs: { custom_message: "same key" } };
    const a = await ctx.call({
      method: "POST",
      url: `/v1/projects/${owned.projectId}/runs`,
      token: alpha.token,
      payload: body,
      headers: { "idempotency-key": "shared-key" },
    });
    const b = await ctx.call({
      method: "POST",
      url: `/v1/projects/${betaProject}/runs`,
      token: beta.token,
      payload: body,
      headers: { "idempotency-key": "shared-key" },
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
  });
});

describe("tenancy: later modules (workflows, reports, literature, targets, negatome oracles)", () => {
  const as = (who: { token: string }, method: "GET" | "POST", url: string, payload?: object) =>
    ctx.call({ method, url, token: who.token, ...(payload ? { payload } : {}) });

  it("POST /v1/workflows/runs/{id}/plan cannot confirm another organization's plan, and the store refuses the write itself", async () => {
    expect((await as(beta, "POST", `/v1/workflows/runs/${owned.runId}/plan`, { plan: PLAN })).statusCode).toBe(404);
    // The owner passes the same tenancy check (409: a VHTS run has no plan to confirm).
    const owner = await as(alpha, "POST", `/v1/workflows/runs/${owned.vhtsRunId}/plan`, { plan: PLAN });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().code).toBe("plan_not_pending");
    // The data-access layer filters the write by organization, whatever a route checked before.
    const betaRuns = runsStore(ctx.database.db, { userId: beta.userId, orgIds: [beta.orgId] });
    expect(
      await betaRuns.updateConfig(owned.runId!, {
        workflow: "custom",
        modules: [{ name: "WorkflowPlan", params: PLAN }],
      }),
    ).toBe(false);
    const run = (await as(alpha, "GET", `/v1/runs/${owned.runId}`)).json();
    expect(run.status).toBe("queued");
    expect(run.config.modules.map((m: { name: string }) => m.name)).not.toContain("WorkflowPlan");
  });

  it("GET /v1/reports/runs lists only the caller's runs", async () => {
    const alphaRuns = (await as(alpha, "GET", "/v1/reports/runs?limit=200"))
      .json()
      .runs.map((r: { run_id: string }) => r.run_id);
    expect(alphaRuns).toEqual(expect.arrayContaining([owned.runId, owned.vhtsRunId]));
    const betaRuns = (await as(beta, "GET", "/v1/reports/runs?limit=200"))
      .json()
      .runs.map((r: { run_id: string }) => r.run_id);
    expect(betaRuns).not.toContain(owned.runId);
    expect(betaRuns).not.toContain(owned.vhtsRunId);
  });

  it("POST /v1/reviews and GET /v1/reviews: no reviewing another organization's items, and no reading its reviews", async () => {
    const review = await as(alpha, "POST", "/v1/reviews", {
      kind: "run",
      item_id: owned.runId,
      state: "accepted",
      comment: "Alpha's private verdict",
    });
    expect(review.statusCode).toBe(201);
    expect(
      (await as(beta, "POST", "/v1/reviews", { kind: "run", item_id: owned.runId, state: "rejected" })).statusCode,
    ).toBe(404);
    expect(
      (await as(beta, "POST", "/v1/reviews", { kind: "negatome_record", item_id: owned.negatomeId, state: "rejected" }))
        .statusCode,
    ).toBe(404);
    for (const url of ["/v1/reviews", `/v1/reviews?item_id=${owned.runId}`, `/v1/reviews?run_id=${owned.runId}`]) {
      expect((await as(beta, "GET", url)).json()).toEqual({ items: [], history: [] });
    }
    const own = (await as(alpha, "GET", `/v1/reviews?item_id=${owned.runId}`)).json();
    expect(own.items).toHaveLength(1);
    expect(own.items[0]).toMatchObject({ state: "accepted", comment: "Alpha's private verdict" });
  });

  it("/v1/runs/{id}/artifacts/* and /artifacts/link answer 404 for another organization's run, with a bearer or a download token", async () => {
    for (const artifact of ["dossier", "replay"])
      expect((await as(beta, "GET", `/v1/runs/${owned.runId}/artifacts/${artifact}`)).statusCode).toBe(404);
    // The owner gets past the same check: a replay bundle needs a completed run.
    expect((await as(alpha, "GET", `/v1/runs/${owned.runId}/artifacts/replay`)).statusCode).toBe(409);
    expect((await as(beta, "POST", `/v1/runs/${owned.runId}/artifacts/link`, { artifact: "replay" })).statusCode).toBe(
      404,
    );
    expect((await as(alpha, "POST", `/v1/runs/${owned.runId}/artifacts/link`, { artifact: "replay" })).statusCode).toBe(
      201,
    );
    // A download token Beta holds for its own run opens nothing of Alpha's.
    const betaProject = (await as(beta, "POST", "/v1/projects", { name: "Beta downloads", ruo_ack: true })).json().id;
    const betaRun = (
      await as(beta, "POST", `/v1/projects/${betaProject}/runs`, {
        workflow: "custom",
        inputs: { custom_message: "beta" },
      })
    ).json().id;
    const link = (await as(beta, "POST", `/v1/runs/${betaRun}/artifacts/link`, { artifact: "replay" })).json();
    expect(
      (
        await ctx.call({
          method: "GET",
          url: `/v1/runs/${owned.runId}/artifacts/replay?api_key=${encodeURIComponent(link.token)}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("a run of another organization cannot read Alpha's uploaded receptor through its own config", async () => {
    const project = (await as(beta, "POST", `/v1/projects`, { name: "Beta docking", ruo_ack: true })).json().id;
    const created = await as(beta, "POST", `/v1/projects/${project}/runs`, {
      workflow: "vhts",
      inputs: { target_protein: owned.receptorUri, compound_library: LIBRARY },
    });
    // Refused before the run exists: the receptor is not Beta's.
    expect(created.statusCode).toBe(422);
    expect(created.json().detail.fields[0].message).toMatch(/is not an upload of this organization/);
    expect(created.body).not.toContain("ATOM");
    expect((await as(alpha, "GET", `/v1/workflows/runs/${owned.vhtsRunId}/receptor`)).body).toContain(
      "ATOM      2  CA  ALA",
    );
  });

  it("GET /v1/nlp/search and /v1/nlp/documents never return another organization's literature", async () => {
    expect((await as(beta, "GET", "/v1/nlp/search?query=zorbatinib")).json().items).toEqual([]);
    const own = (await as(alpha, "GET", "/v1/nlp/search?query=zorbatinib")).json().items;
    expect(own.map((item: { doc: { external_id: string } }) => item.doc.external_id)).toEqual(["ALPHA-1"]);
  });

  it("GET /v1/targets/feature_sets, /ingestions and /evidence leave out another organization's feature sets and features", async () => {
    const versions = (who: { token: string }) =>
      as(who, "GET", "/v1/targets/feature_sets").then((r) => r.json().items.map((s: { version: string }) => s.version));
    expect(await versions(alpha)).toContain("alpha_private_v1");
    expect(await versions(beta)).not.toContain("alpha_private_v1");
    const files = (who: { token: string }) =>
      as(who, "GET", "/v1/targets/ingestions").then((r) =>
        r.json().items.map((i: { file_name: string }) => i.file_name),
      );
    expect(await files(alpha)).toContain("alpha-screen.csv");
    expect(await files(beta)).not.toContain("alpha-screen.csv");
    const evidence = (who: { token: string }) => as(who, "GET", "/v1/targets/evidence?symbol=EGFR&disease=DOID:1324");
    const mine = await evidence(alpha);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().features.map((f: { feature_name: string }) => f.feature_name)).toContain("alpha_screen");
    expect(mine.body).toContain("Zorbatinib");
    const theirs = await evidence(beta);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().features).toEqual([]);
    expect(theirs.body).not.toContain("alpha_screen");
    expect(theirs.body).not.toContain("Zorbatinib");
  });

  it("POST /v1/targets/identify ranks with the caller's data only, and its job is hidden from another organization", async () => {
    const identify = (who: { token: string }) =>
      as(who, "POST", "/v1/targets/identify", { disease: "DOID:1324", limit: 10 });
    const accepted = await identify(alpha);
    expect(accepted.statusCode).toBe(202);
    const alphaJob = accepted.json().detail.engine_job_id as string;
    expect((await as(beta, "GET", `/v1/engine/jobs/${alphaJob}`)).statusCode).toBe(404);
    expect((await settled(alphaJob, alpha.token)).status).toBe("completed");
    const mine = await identify(alpha);
    expect(mine.statusCode).toBe(200);
    expect(
      mine.json().results.find((r: { target: { gene_symbol: string } }) => r.target.gene_symbol === "EGFR").components
        .omics,
    ).toBeGreaterThan(0);

    // Beta does not get Alpha's cached ranking: it needs its own, without Alpha's screen.
    const theirsAccepted = await identify(beta);
    expect(theirsAccepted.statusCode).toBe(202);
    const betaJob = theirsAccepted.json().detail.engine_job_id as string;
    expect(betaJob).not.toBe(alphaJob);
    expect((await settled(betaJob, beta.token)).status).toBe("completed");
    const theirs = await identify(beta);
    expect(theirs.statusCode).toBe(200);
    // Beta has no evidence on any gene, so nothing is ranked, and Alpha's screen is nowhere.
    expect(theirs.json()).toMatchObject({ genes_ranked: 0, results: [], sources: { omics: [] } });
  });

  it("POST /v1/negatome/synthetic/oracle/register cannot register another organization's oracle job", async () => {
    const foreign = await as(beta, "POST", "/v1/negatome/synthetic/oracle/register", { job_id: owned.oracleJobId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("not_found");
    // The owner finds the job (409: it never completed, its receptor has no ligand to place a box on).
    await settled(owned.oracleJobId!, alpha.token);
    expect(
      (await as(alpha, "POST", "/v1/negatome/synthetic/oracle/register", { job_id: owned.oracleJobId })).statusCode,
    ).toBe(409);
    // An id that only looks like a UUID answers as an unknown one: its shape reveals nothing (http/params.ts).
    const hex = owned.oracleJobId!.replaceAll("-", "");
    const regrouped = [hex.slice(0, 8), hex.slice(8, 16), hex.slice(16, 20), hex.slice(20, 24), hex.slice(24)].join(
      "-",
    );
    for (const job_id of ["-".repeat(36), regrouped]) {
      const odd = await as(alpha, "POST", "/v1/negatome/synthetic/oracle/register", { job_id });
      expect([odd.statusCode, odd.json().code], job_id).toEqual([404, "not_found"]);
    }
  });
});
