import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZip } from "../src/modules/reports/archive";
import { createTestContext, type TestContext } from "./context";
import { memberOf } from "./members";

/** Signing a dossier (21 CFR Part 11 §11.50, §11.200): password again, who/when/meaning, void on change. */
let ctx: TestContext;
let owner: { token: string; userId: number; name: string };
let scientist: { token: string; userId: number };
let viewer: { token: string };
let run: { jobId: string; runId: string };
let queuedRunId: string;
const PASSWORD = "correct horse battery";

async function waitForJob(jobId: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token: owner.token })).json();
    if (["completed", "failed", "cancelled"].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.signup({ org_name: "Signing Labs", name: "Grace Hopper" });
  owner = { token: account.token, userId: account.user.id, name: "Grace Hopper" };
  scientist = await memberOf(ctx, account.user.org_id, "scientist");
  viewer = await memberOf(ctx, account.user.org_id, "viewer");
  const projectId = (
    await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: owner.token,
      payload: { name: "Signed optimization", ruo_ack: true },
    })
  ).json().id;
  const created = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs/molecular`,
      token: owner.token,
      payload: {
        smiles: ["CC(=O)Oc1ccccc1C(=O)O", "c1ccc2ccccc2c1"],
        population_size: 20,
        max_generations: 10,
        seed: 3,
      },
    })
  ).json();
  expect(created.id, JSON.stringify(created)).toBeTruthy();
  run = { jobId: created.id, runId: created.run_id };
  queuedRunId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token: owner.token,
      payload: { workflow: "custom", inputs: { custom_message: "waits for its plan" } },
    })
  ).json().id;
  expect((await waitForJob(run.jobId)).status).toBe("completed");
}, 120_000);
afterAll(async () => ctx?.close());

const sign = (token: string, payload: object, runId = run.runId) =>
  ctx.call({ method: "POST", url: `/v1/runs/${runId}/signatures`, token, payload });
const signatures = async () =>
  (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/signatures`, token: viewer.token })).json();

describe("signing a dossier", () => {
  it("refuses a wrong password and a viewer, and signs nothing", async () => {
    const wrong = await sign(owner.token, { meaning: "approved", password: "not my password at all" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("signature_password");
    const byViewer = await sign(viewer.token, { meaning: "reviewed", password: PASSWORD });
    expect(byViewer.json().code).toBe("forbidden_role");
    expect((await signatures()).signatures).toEqual([]);
  });

  it("records who, when and what the signature means, bound to the dossier's content", async () => {
    const before = await signatures();
    const reviewed = await sign(scientist.token, { meaning: "reviewed", password: PASSWORD });
    expect(reviewed.statusCode).toBe(201);
    const approved = await sign(owner.token, { meaning: "approved", password: PASSWORD });
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({
      run_id: run.runId,
      signer: { id: owner.userId, name: owner.name },
      meaning: "approved",
      meaning_statement: "I approve the results in this dossier.",
      content_sha256: before.content_sha256,
      valid: true,
      void_reason: null,
    });
    const listed = await signatures();
    expect(listed.signatures.map((s: { meaning: string }) => s.meaning)).toEqual(["reviewed", "approved"]);
    expect(listed.content_sha256).toBe(before.content_sha256);
  });

  it("keeps the password out of the audit trail", async () => {
    const audit = await ctx.call({ method: "GET", url: "/v1/audit?action=POST%20/v1/runs", token: owner.token });
    const entries = audit.json().items.filter((e: { action: string }) => e.action === "POST /v1/runs/:id/signatures");
    // Newest first: the two signatures, then the viewer's refused attempt.
    expect(entries.map((e: { status: number }) => e.status)).toEqual([201, 201, 403]);
    expect(audit.body).not.toContain(PASSWORD);
  });

  it("only signs a completed run", async () => {
    const response = await sign(owner.token, { meaning: "approved", password: PASSWORD }, queuedRunId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("run_not_completed");
  });

  it("voids every earlier signature once an output changes, and a new one applies to the new content", async () => {
    const before = await signatures();
    await ctx.database.executeSql(
      "update engine_jobs set result = jsonb_set(result, '{final_metrics,generations}', '999') where id = $1",
      [run.jobId],
    );
    const after = await signatures();
    expect(after.content_sha256).not.toBe(before.content_sha256);
    expect(after.signatures.map((s: { valid: boolean }) => s.valid)).toEqual([false, false]);
    expect(after.signatures[1].void_reason).toMatch(/changed after this signature/);
    expect((await sign(owner.token, { meaning: "approved", password: PASSWORD })).json().valid).toBe(true);
    expect((await signatures()).signatures.map((s: { valid: boolean }) => s.valid)).toEqual([false, false, true]);
  });

  it("shows every signature in the dossier, with its meaning and whether it still holds", async () => {
    const response = await ctx.call({
      method: "GET",
      url: `/v1/runs/${run.runId}/artifacts/dossier`,
      token: owner.token,
    });
    expect(response.statusCode).toBe(200);
    const html = readZip(response.rawPayload).get("report.html")!.toString();
    const section = html.slice(html.indexOf("<h2>Electronic signatures</h2>"));
    expect(section).toContain("Grace Hopper");
    expect(section).toContain("I approve the results in this dossier.");
    expect(section.match(/<td>void: /g)).toHaveLength(2);
    expect(section.match(/<td>valid<\/td>/g)).toHaveLength(1);
    // Building the dossier renders its PDF in Chromium: minutes on a loaded machine.
  }, 180_000);
});

describe("review queues", () => {
  const queue = async (token: string) => (await ctx.call({ method: "GET", url: "/v1/reviews/queue", token })).json();
  const assign = (token: string, payload: object) =>
    ctx.call({ method: "POST", url: "/v1/reviews/assignments", token, payload });

  it("puts an item in the assignee's queue until they review it", async () => {
    const assigned = await assign(owner.token, {
      kind: "run",
      item_id: run.runId,
      assignee_id: scientist.userId,
      note: "Please check the best molecules",
    });
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json()).toMatchObject({
      kind: "run",
      item_id: run.runId,
      run_id: run.runId,
      assignee: { id: scientist.userId },
      assigned_by: { id: owner.userId, name: owner.name },
      note: "Please check the best molecules",
    });
    expect(await queue(scientist.token)).toMatchObject({ count: 1, items: [{ id: assigned.json().id }] });
    expect((await queue(owner.token)).count).toBe(0);

    const review = await ctx.call({
      method: "POST",
      url: "/v1/reviews",
      token: scientist.token,
      payload: { kind: "run", item_id: run.runId, state: "accepted" },
    });
    expect(review.statusCode).toBe(201);
    expect(await queue(scientist.token)).toEqual({ count: 0, items: [] });
  });

  it("assigns only to members, only by contributors, and never across organizations", async () => {
    const stranger = await ctx.signup({ org_name: "Elsewhere" });
    const toStranger = await assign(owner.token, { kind: "run", item_id: run.runId, assignee_id: stranger.user.id });
    expect(toStranger.statusCode).toBe(422);
    const byViewer = await assign(viewer.token, { kind: "run", item_id: run.runId, assignee_id: scientist.userId });
    expect(byViewer.json().code).toBe("forbidden_role");
    const foreign = await assign(stranger.token, { kind: "run", item_id: run.runId, assignee_id: stranger.user.id });
    expect(foreign.statusCode).toBe(404);
    expect((await queue(stranger.token)).count).toBe(0);
  });
});
