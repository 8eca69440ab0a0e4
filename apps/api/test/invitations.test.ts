import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";

/** Invitations (sent through a local SMTP server), members and roles, over the API only. */
interface Received {
  to: string[];
  message: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let owner: { token: string; orgId: number; userId: number; email: string };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), message: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestContext({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Sieve <sieve@example.org>" } });
  const account = await ctx.signup({ org_name: "Inviting Labs" });
  owner = { token: account.token, orgId: account.user.org_id, userId: account.user.id, email: account.user.email };
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const invite = (payload: object, token = owner.token, orgId = owner.orgId) =>
  ctx.call({ method: "POST", url: `/v1/orgs/${orgId}/invitations`, token, payload });
const accept = (invitationToken: string, options: { payload?: object; token?: string } = {}) =>
  ctx.call({ method: "POST", url: `/v1/invitations/${invitationToken}/accept`, ...options });
const members = async (token = owner.token) =>
  (await ctx.call({ method: "GET", url: `/v1/orgs/${owner.orgId}/members`, token })).json().members as {
    user_id: number;
    email: string;
    role: string;
  }[];
const NEW_PASSWORD = "violet submarine lantern";

describe("inviting a new user", () => {
  let invitation: { id: string; token: string; url: string; email: string };
  let scientistToken: string;

  it("answers the single-use link, valid 7 days, and emails it through SMTP_URL", async () => {
    const before = Date.now();
    const response = await invite({ email: "  Ada@Example.org ", role: "scientist" });
    expect(response.statusCode).toBe(201);
    invitation = response.json();
    expect(response.json()).toMatchObject({ email: "ada@example.org", role: "scientist", emailed: true });
    // PUBLIC_URL is unset: the link starts with the address the request came to.
    expect(invitation.url).toBe(`http://localhost:80/invite/${invitation.token}`);
    const days = (Date.parse(response.json().expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const mail = inbox.find((m) => m.to.includes("ada@example.org"));
    expect(mail?.message).toContain(invitation.token);
    expect(mail?.message).toMatch(/^From: Sieve <sieve@example\.org>/m);
  });

  it("stores only the token's hash", async () => {
    const { rows } = await ctx.database.executeSql("select token_hash from invitations where id = $1", [invitation.id]);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(invitation.token).digest("hex"));
  });

  it("lists the invitation as pending to admins", async () => {
    const list = await ctx.call({ method: "GET", url: `/v1/orgs/${owner.orgId}/invitations`, token: owner.token });
    expect(list.json().invitations).toEqual([
      expect.objectContaining({
        id: invitation.id,
        email: "ada@example.org",
        status: "pending",
        invited_by: owner.userId,
      }),
    ]);
    expect(list.body).not.toContain(invitation.token);
  });

  it("refuses a weak password or a missing name, and the link still works afterwards", async () => {
    const weak = await accept(invitation.token, { payload: { name: "Ada Lovelace", password: "password1234" } });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe("weak_password");
    expect((await accept(invitation.token, { payload: { password: NEW_PASSWORD } })).statusCode).toBe(422);
    expect((await members()).map((m) => m.email)).not.toContain("ada@example.org");
  });

  it("creates the account and joins the organization with the invited role", async () => {
    const response = await accept(invitation.token, { payload: { name: "Ada Lovelace", password: NEW_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ org_id: owner.orgId, role: "scientist", token_type: "bearer" });
    scientistToken = response.json().access_token;
    expect((await members()).find((m) => m.email === "ada@example.org")).toMatchObject({ role: "scientist" });
    const project = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: scientistToken,
      payload: { name: "Ada's screen", ruo_ack: true },
    });
    expect(project.statusCode).toBe(201);
    expect(project.json().org_id).toBe(owner.orgId);
    const login = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "ada@example.org", password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses the used link with 410 and changes nothing", async () => {
    const before = await members();
    const again = await accept(invitation.token, {
      payload: { name: "Mallory", password: "another strong passphrase" },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("invitation_used");
    expect(await members()).toEqual(before);
  });

  it("records the invitation and its acceptance in the audit trail, never the token", async () => {
    const audit = await ctx.call({ method: "GET", url: "/v1/audit", token: owner.token });
    const actions = audit.json().items.map((e: { action: string }) => e.action);
    expect(actions).toContain("POST /v1/orgs/:org_id/invitations");
    expect(actions).toContain("POST /v1/invitations/:token/accept");
    expect(audit.body).not.toContain(invitation.token);
    expect((await ctx.call({ method: "GET", url: "/v1/audit/verify", token: owner.token })).json().ok).toBe(true);
  });
});

describe("wrong, expired and revoked links", () => {
  it("answers 404 for a token that was never issued", async () => {
    const response = await accept("not-a-real-token", { payload: { name: "Eve", password: NEW_PASSWORD } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not_found");
  });

  it("answers 410 invitation_expired after expires_at, and nobody joins", async () => {
    const { id, token } = (await invite({ email: "late@example.org" })).json();
    await ctx.database.executeSql("update invitations set expires_at = now() - interval '1 minute' where id = $1", [
      id,
    ]);
    const response = await accept(token, { payload: { name: "Late Comer", password: NEW_PASSWORD } });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe("invitation_expired");
    expect((await members()).map((m) => m.email)).not.toContain("late@example.org");
    const login = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "late@example.org", password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it("answers 410 invitation_revoked once an admin revokes it; revoking twice is 409", async () => {
    const { id, token } = (await invite({ email: "revoked@example.org", role: "viewer" })).json();
    const url = `/v1/orgs/${owner.orgId}/invitations/${id}`;
    expect((await ctx.call({ method: "DELETE", url, token: owner.token })).statusCode).toBe(200);
    expect((await ctx.call({ method: "DELETE", url, token: owner.token })).json().code).toBe("invitation_not_pending");
    const response = await accept(token, { payload: { name: "Revoked Person", password: NEW_PASSWORD } });
    expect(response.json().code).toBe("invitation_revoked");
  });
});

describe("reading a link before accepting it", () => {
  const preview = (invitationToken: string) => ctx.call({ method: "GET", url: `/v1/invitations/${invitationToken}` });

  it("names the organization, role, email and expiry of a pending link, to anyone holding it", async () => {
    const { token, expires_at } = (await invite({ email: "preview@example.org", role: "viewer" })).json();
    const response = await preview(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: "preview@example.org",
      role: "viewer",
      organization: "Inviting Labs",
      expires_at,
    });
  });

  it("answers 404 for a token never issued and 410 with the reason for a used or revoked one", async () => {
    expect((await preview("not-a-real-token")).statusCode).toBe(404);
    const used = (await invite({ email: "preview-used@example.org" })).json();
    await accept(used.token, { payload: { name: "Used Link", password: NEW_PASSWORD } });
    expect((await preview(used.token)).json().code).toBe("invitation_used");
    const revoked = (await invite({ email: "preview-revoked@example.org" })).json();
    await ctx.call({ method: "DELETE", url: `/v1/orgs/${owner.orgId}/invitations/${revoked.id}`, token: owner.token });
    const answer = await preview(revoked.token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().code).toBe("invitation_revoked");
  });
});

describe("an existing user", () => {
  it("accepts with their bearer token, keeps their own organization, and acts in the new one by role", async () => {
    const existing = await ctx.signup({ org_name: "Own Org" });
    const { token } = (await invite({ email: existing.user.email, role: "viewer" })).json();
    const stranger = await ctx.signup();
    const wrongAccount = await accept(token, { token: stranger.token });
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().code).toBe("invitation_email");

    const response = await accept(token, { token: existing.token });
    expect(response.json()).toMatchObject({ org_id: owner.orgId, role: "viewer" });
    expect((await members()).find((m) => m.user_id === existing.user.id)?.role).toBe("viewer");
    // The invited organization is now their primary one, where a viewer may not create a project.
    const refused = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: existing.token,
      payload: { name: "Viewer's", ruo_ack: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden_role");
    const own = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: existing.token,
      payload: { name: "Mine", ruo_ack: true, org_id: existing.user.org_id },
    });
    expect(own.statusCode).toBe(201);
  });

  it("never says the address has an account: a name and wrong password get login's 401, the right one accepts", async () => {
    const existing = await ctx.signup({ password: "existing orbit lantern staple" });
    const { token } = (await invite({ email: existing.user.email, role: "viewer" })).json();
    const wrong = await accept(token, { payload: { name: "Someone", password: NEW_PASSWORD } });
    const unknown = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "no-such-account@example.org", password: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.body).not.toContain(existing.user.email);
    expect((await members()).some((m) => m.user_id === existing.user.id)).toBe(false);

    const right = await accept(token, { payload: { name: "Someone", password: "existing orbit lantern staple" } });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ org_id: owner.orgId, role: "viewer" });
    expect((await members()).find((m) => m.user_id === existing.user.id)?.role).toBe("viewer");
  });

  it("answers 409 already_member when they already belong, and the link stays unused", async () => {
    const { token } = (await invite({ email: owner.email, role: "viewer" })).json();
    const response = await accept(token, { token: owner.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("already_member");
    const invitations = (
      await ctx.call({ method: "GET", url: `/v1/orgs/${owner.orgId}/invitations`, token: owner.token })
    ).json().invitations;
    expect(invitations.find((i: { email: string }) => i.email === owner.email).status).toBe("pending");
  });
});

describe("roles and members", () => {
  async function join(role: string, email: string) {
    const { token } = (await invite({ email, role })).json();
    const joined = await accept(token, { payload: { name: `The ${role}`, password: NEW_PASSWORD } });
    const userId = (await members()).find((m) => m.email === email)!.user_id;
    return { token: joined.json().access_token as string, userId };
  }
  const patch = (userId: number, role: string, token: string) =>
    ctx.call({ method: "PATCH", url: `/v1/orgs/${owner.orgId}/members/${userId}`, token, payload: { role } });
  const remove = (userId: number, token: string) =>
    ctx.call({ method: "DELETE", url: `/v1/orgs/${owner.orgId}/members/${userId}`, token });

  it("an admin changes roles but cannot make an owner; a viewer cannot change anyone", async () => {
    const admin = await join("admin", "admin@example.org");
    const colleague = await join("viewer", "colleague@example.org");
    expect((await patch(colleague.userId, "scientist", admin.token)).statusCode).toBe(200);
    expect((await members()).find((m) => m.user_id === colleague.userId)?.role).toBe("scientist");
    const owning = await patch(colleague.userId, "owner", admin.token);
    expect(owning.statusCode).toBe(403);
    expect(owning.json().code).toBe("forbidden_role");
    expect((await invite({ email: "boss@example.org", role: "owner" }, admin.token)).json().code).toBe(
      "forbidden_role",
    );
    expect((await patch(admin.userId, "viewer", colleague.token)).json().code).toBe("forbidden_role");
    expect((await remove(admin.userId, colleague.token)).json().code).toBe("forbidden_role");
    expect((await invite({ email: "x@example.org" }, colleague.token)).json().code).toBe("forbidden_role");
  });

  it("the last owner can neither leave nor step down; with a second owner they can", async () => {
    const stepDown = await patch(owner.userId, "admin", owner.token);
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().code).toBe("last_owner");
    expect((await remove(owner.userId, owner.token)).json().code).toBe("last_owner");
    const successor = await join("scientist", "successor@example.org");
    expect((await patch(successor.userId, "owner", owner.token)).statusCode).toBe(200);
    expect((await remove(owner.userId, owner.token)).statusCode).toBe(200);
    expect((await members(successor.token)).map((m) => m.user_id)).not.toContain(owner.userId);
    const gone = await ctx.call({ method: "GET", url: `/v1/orgs/${owner.orgId}/members`, token: owner.token });
    expect(gone.statusCode).toBe(401);
  });

  it("another organization's members are not found", async () => {
    const outsider = await ctx.signup({ org_name: "Outside" });
    const response = await ctx.call({
      method: "GET",
      url: `/v1/orgs/${owner.orgId}/members`,
      token: outsider.token,
    });
    expect(response.statusCode).toBe(404);
  });
});
