import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { memberOf } from "./members";

/** The audit trail: every write recorded with its actor, chained by SHA-256 per organization. */
let ctx: TestContext;
let owner: { token: string; email: string; orgId: number };
let scientist: { token: string; email: string; userId: number };
let viewer: { token: string; email: string; userId: number };
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.signup({ org_name: "Audited Labs" });
  owner = { token: account.token, email: account.user.email, orgId: account.user.org_id };
  scientist = await memberOf(ctx, owner.orgId, "scientist");
  viewer = await memberOf(ctx, owner.orgId, "viewer");
  const created = await ctx.call({
    method: "POST",
    url: "/v1/projects",
    token: scientist.token,
    payload: { name: "Kinase screen", ruo_ack: true },
  });
  projectId = created.json().id;
  await ctx.call({
    method: "POST",
    url: "/v1/projects",
    token: viewer.token,
    payload: { name: "Viewer tries", ruo_ack: true },
  });
  await ctx.call({
    method: "PUT",
    url: "/v1/auth/password",
    token: viewer.token,
    payload: { current_password: "wrong password here", new_password: "another long passphrase" },
  });
  await ctx.call({ method: "POST", url: "/v1/molecules/analyze", token: viewer.token, payload: { smiles: ["CCO"] } });
});
afterAll(async () => ctx?.close());

const audit = (url: string, token = owner.token) => ctx.call({ method: "GET", url, token });

describe("GET /v1/audit", () => {
  it("records each write with who, action, target, request id and what changed, newest first", async () => {
    const { items } = (await audit("/v1/audit")).json();
    const [refusal, creation] = items.filter((e: { action: string }) => e.action === "POST /v1/projects");
    expect(creation).toMatchObject({
      org_id: owner.orgId,
      user_id: scientist.userId,
      actor_email: scientist.email,
      target: "/v1/projects",
      status: 201,
      summary: { body: { name: "Kinase screen", ruo_ack: true }, created_id: projectId },
    });
    expect(creation.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refusal).toMatchObject({ user_id: viewer.userId, status: 403, summary: { body: { name: "Viewer tries" } } });
    expect(refusal.summary.refused).toContain("viewer");
    expect(refusal.id).toBeGreaterThan(creation.id);
  });

  it("leaves out failed writes and compute-only calls, and never stores a password", async () => {
    const { items } = (await audit("/v1/audit")).json();
    expect(items.map((e: { action: string }) => e.action)).not.toContain("POST /v1/molecules/analyze");
    expect(items.map((e: { action: string }) => e.action)).not.toContain("PUT /v1/auth/password");
    const changed = await ctx.call({
      method: "PUT",
      url: "/v1/auth/password",
      token: viewer.token,
      payload: { current_password: "correct horse battery", new_password: "another long passphrase 7" },
    });
    expect(changed.statusCode).toBe(200);
    const body = (await audit("/v1/audit?action=PUT%20/v1/auth/password")).body;
    expect(body).toContain("[redacted]");
    expect(body).not.toContain("correct horse battery");
    expect(body).not.toContain("another long passphrase");
  });

  it("filters by action and user, pages with before_id, and exports CSV", async () => {
    const mine = (await audit(`/v1/audit?user_id=${scientist.userId}`)).json().items;
    expect(mine.map((e: { action: string }) => e.action)).toEqual(["POST /v1/projects"]);
    const first = (await audit("/v1/audit?limit=1")).json();
    expect(first.items).toHaveLength(1);
    const second = (await audit(`/v1/audit?limit=1&before_id=${first.next_before_id}`)).json();
    expect(second.items[0].id).toBeLessThan(first.items[0].id);
    const csv = await audit("/v1/audit?format=csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,occurred_at,org_id,user_id,actor_email,action,target,status,request_id,summary,prev_hash,row_hash",
    );
    expect(lines).toHaveLength(1 + (await audit("/v1/audit")).json().items.length);
  });

  it("is for admins and owners: a scientist is refused, another organization sees none of it", async () => {
    const refused = await audit("/v1/audit", scientist.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden_role");
    const stranger = await ctx.signup({ org_name: "Elsewhere" });
    expect((await audit("/v1/audit", stranger.token)).json().items).toEqual([]);
    expect((await audit("/v1/audit/verify", stranger.token)).json()).toEqual({ ok: true, rows: 0, first_broken: null });
  });
});

describe("GET /v1/audit/verify", () => {
  it("keeps one chain when writes of one organization arrive together", async () => {
    const before = (await audit("/v1/audit/verify")).json().rows;
    const writes = Array.from({ length: 8 }, (_, i) =>
      ctx.call({
        method: "POST",
        url: "/v1/projects",
        token: owner.token,
        payload: { name: `Parallel ${i}`, ruo_ack: true },
      }),
    );
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect((await audit("/v1/audit/verify")).json()).toEqual({ ok: true, rows: before + 8, first_broken: null });
    const prevHashes = (await audit("/v1/audit")).json().items.map((e: { prev_hash: string }) => e.prev_hash);
    expect(new Set(prevHashes).size).toBe(prevHashes.length);
  });

  it("holds for an untouched chain and names the first row altered in the database", async () => {
    const intact = (await audit("/v1/audit/verify")).json();
    const rows = (await audit("/v1/audit")).json().items;
    expect(intact).toEqual({ ok: true, rows: rows.length, first_broken: null });
    // Oldest first: each row's prev_hash is the row_hash of the one before.
    const chain = [...rows].reverse();
    expect(chain[0].prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < chain.length; i++) expect(chain[i].prev_hash).toBe(chain[i - 1].row_hash);

    const victim = chain[1];
    await expect(
      ctx.database.executeSql("update audit_events set target = '/v1/elsewhere' where id = $1", [victim.id]),
    ).rejects.toThrow(/append-only/);
    // Someone with the database owner's rights: triggers off, one row rewritten.
    await ctx.database.executeSql("alter table audit_events disable trigger audit_events_append_only");
    await ctx.database.executeSql("update audit_events set actor_email = 'someone@else.org' where id = $1", [
      victim.id,
    ]);
    await ctx.database.executeSql("alter table audit_events enable trigger audit_events_append_only");
    expect((await audit("/v1/audit/verify")).json()).toEqual({ ok: false, rows: rows.length, first_broken: victim.id });
  });
});
