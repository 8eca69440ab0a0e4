import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { schema } from "@sieve/db";
import { createTestContext, type TestContext } from "./context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("sign-up", () => {
  it("creates the user and an organization they own, and returns a 15-minute token with a 30-day refresh token", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: {
        email: "  Grace.Hopper@Navy.MIL ",
        password: "cobol forever orbit lantern",
        name: "Grace Brewster Hopper",
        org_name: null,
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token_type).toBe("bearer");
    expect(body.expires_in).toBe(15 * 60);
    expect(body.refresh_expires_in).toBe(30 * 24 * 3600);
    expect(body.user).toMatchObject({
      username: "grace.hopper@navy.mil",
      email: "grace.hopper@navy.mil",
      first_name: "Grace",
      last_name: "Brewster Hopper",
      organization: "Grace Brewster Hopper's workspace",
      organization_type: null,
    });
    const claims = decodeJwt(body.access_token);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    const [org] = await ctx.database.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, body.user.org_id));
    expect(org!.ownerUserId).toBe(body.user.id);
  });

  it("uses org_name when given", async () => {
    const { user } = await ctx.signup({ org_name: "Hopper Lab" });
    expect(user.organization).toBe("Hopper Lab");
  });

  describe("for an email that already has an account (no enumeration, issue 21 §11)", () => {
    const signup = (payload: Record<string, unknown>) => ctx.call({ method: "POST", url: "/v1/auth/signup", payload });
    const accounts = async () => (await ctx.database.db.select({ id: schema.users.id }).from(schema.users)).length;
    const organizations = async () =>
      (await ctx.database.db.select({ id: schema.organizations.id }).from(schema.organizations)).length;

    it("never says the email is taken: a wrong password gets login's 401 for an unknown email, and nothing is written", async () => {
      const existing = await ctx.signup({ email: "dup@example.org", password: "first orbit lantern staple" });
      const [users, orgs] = [await accounts(), await organizations()];
      const taken = await signup({ email: "DUP@example.org", password: "another orbit lantern staple", name: "Dup" });
      const unknown = await ctx.call({
        method: "POST",
        url: "/v1/auth/login",
        payload: { email: "nobody-at-all@example.org", password: "another orbit lantern staple" },
      });
      expect(taken.statusCode).toBe(401);
      expect(taken.json()).toEqual(unknown.json());
      expect(taken.body).not.toMatch(/exist|taken|already/i);
      expect([await accounts(), await organizations()]).toEqual([users, orgs]);
      // The owner's account is untouched and still signs in.
      const owner = await ctx.call({
        method: "POST",
        url: "/v1/auth/login",
        payload: { email: "dup@example.org", password: "first orbit lantern staple" },
      });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user).toEqual(existing.user);
    });

    it("signs the owner in with the right password: 201 and the shape of a new account, no second organization", async () => {
      const existing = await ctx.signup({ email: "again@example.org", password: "again orbit lantern staple" });
      const orgs = await organizations();
      const again = await signup({ email: "again@example.org", password: "again orbit lantern staple", name: "Other" });
      const fresh = await signup({
        email: "fresh-shape@example.org",
        password: "fresh orbit lantern staple",
        name: "F",
      });
      expect(again.statusCode).toBe(201);
      expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
      expect(again.json().refresh_expires_in).toBe(fresh.json().refresh_expires_in);
      expect(again.json().user).toEqual(existing.user);
      expect(await organizations()).toBe(orgs + 1);
    });

    it("counts a wrong password as a failed sign-in, so sign-up is no way around the login back-off", async () => {
      await ctx.signup({ email: "guessed@example.org", password: "guessed orbit lantern staple" });
      for (let i = 0; i < 5; i++) {
        const guess = await signup({ email: "guessed@example.org", password: `guess ${i} orbit lantern`, name: "G" });
        expect(guess.statusCode).toBe(401);
      }
      const next = await signup({ email: "guessed@example.org", password: "guessed orbit lantern staple", name: "G" });
      expect(next.statusCode).toBe(429);
      expect(next.json().code).toBe("too_many_attempts");
    });
  });

  it("answers 422 with one message per invalid field", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email: "not-an-email", password: "short", name: "  " },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    const paths = body.detail.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(["email", "name", "password"]);
    expect(body.detail.fields.find((f: { path: string }) => f.path === "password").message).toMatch(/at least 12/);
  });

  it("requires email, password and name", async () => {
    const response = await ctx.call({ method: "POST", url: "/v1/auth/signup", payload: {} });
    expect(response.statusCode).toBe(422);
    expect(
      response
        .json()
        .detail.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["email", "name", "password"]);
  });
});

describe("login", () => {
  it("gives a session of 12 hours, or 30 days with remember, with 15-minute access tokens", async () => {
    await ctx.signup({ email: "login@example.org", password: "login orbit lantern staple" });
    const plain = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: " LOGIN@example.org", password: "login orbit lantern staple" },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ expires_in: 15 * 60, refresh_expires_in: 12 * 3600 });
    expect(plain.json().user.email).toBe("login@example.org");
    const remembered = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "login@example.org", password: "login orbit lantern staple", remember: true },
    });
    expect(remembered.json().refresh_expires_in).toBe(30 * 24 * 3600);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    await ctx.signup({ email: "same@example.org", password: "right orbit lantern staple" });
    const wrongPassword = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "same@example.org", password: "wrong-password" },
    });
    const unknownEmail = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "nobody@example.org", password: "wrong-password" },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });

  it("stores passwords as argon2id hashes with at least 19 MiB and 2 iterations", async () => {
    await ctx.signup({ email: "hash@example.org", password: "hash orbit lantern staple" });
    const rows = await ctx.database.db
      .select({ hash: schema.users.passwordHash, email: schema.users.email })
      .from(schema.users);
    const stored = rows.find((r) => r.email === "hash@example.org")!.hash;
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
    expect(stored).not.toContain("hash orbit lantern staple");
  });
});

describe("protected routes", () => {
  it("answer 401 unauthorized without a token, with a tampered one, or an expired one", async () => {
    const { token, user } = await ctx.signup();
    const missing = await ctx.call({ method: "GET", url: "/v1/auth/profile" });
    const [head, payload, signature] = token.split(".");
    const tamperedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: String(user.id + 1000) })).toString(
      "base64url",
    );
    const tampered = await ctx.call({
      method: "GET",
      url: "/v1/auth/profile",
      token: `${head}.${tamperedPayload}.${signature}`,
    });
    const expiredToken = await new SignJWT({ typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("sieve")
      .setAudience("sieve-api")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(ctx.config.jwtSecret);
    const expired = await ctx.call({ method: "GET", url: "/v1/auth/profile", token: expiredToken });
    const otherSecret = await ctx.call({
      method: "GET",
      url: "/v1/auth/profile",
      token: `${head}.${payload}.${"A".repeat(signature!.length)}`,
    });
    for (const response of [missing, tampered, expired, otherSecret]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("unauthorized");
    }
  });

  it("ignores the deprecated X-API-Key header: it neither authenticates nor breaks a request", async () => {
    const { token } = await ctx.signup();
    const keyOnly = await ctx.call({
      method: "GET",
      url: "/v1/auth/profile",
      headers: { "x-api-key": "legacy-key-123" },
    });
    expect(keyOnly.statusCode).toBe(401);
    const withToken = await ctx.call({
      method: "GET",
      url: "/v1/auth/profile",
      token,
      headers: { "x-api-key": "legacy-key-123" },
    });
    expect(withToken.statusCode).toBe(200);
  });
});

describe("profile", () => {
  it("reads and updates the caller's profile and organization", async () => {
    const { token, user } = await ctx.signup({ name: "Rosalind Franklin" });
    const read = await ctx.call({ method: "GET", url: "/v1/auth/profile", token });
    expect(read.json().user).toEqual(user);
    const update = await ctx.call({
      method: "PUT",
      url: "/v1/auth/profile",
      token,
      payload: {
        first_name: "Rosalind Elsie",
        last_name: "Franklin",
        organization: "King's College Biophysics",
        organization_type: "academic",
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().user).toMatchObject({
      first_name: "Rosalind Elsie",
      organization: "King's College Biophysics",
      organization_type: "academic",
      org_id: user.org_id,
    });
    const reread = await ctx.call({ method: "GET", url: "/v1/auth/profile", token });
    expect(reread.json()).toEqual(update.json());
  });

  it("lets only the owner rename the organization (403 for a scientist)", async () => {
    const owner = await ctx.signup({ org_name: "Owned Org" });
    const member = await ctx.signup();
    const { users, memberships } = schema;
    await ctx.database.db
      .insert(memberships)
      .values({ orgId: owner.user.org_id, userId: member.user.id, role: "scientist" });
    await ctx.database.db.update(users).set({ primaryOrgId: owner.user.org_id }).where(eq(users.id, member.user.id));
    const rename = await ctx.call({
      method: "PUT",
      url: "/v1/auth/profile",
      token: member.token,
      payload: { organization: "Hijacked" },
    });
    expect(rename.statusCode).toBe(403);
    const sameName = await ctx.call({
      method: "PUT",
      url: "/v1/auth/profile",
      token: member.token,
      payload: { organization: "Owned Org", first_name: "Member" },
    });
    expect(sameName.statusCode).toBe(200);
    expect(sameName.json().user).toMatchObject({ organization: "Owned Org", first_name: "Member" });
  });
});

describe("logging", () => {
  it("never writes passwords or tokens to the log", async () => {
    const { token } = await ctx.signup({ email: "secret@example.org", password: "super-secret-passphrase" });
    await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: "secret@example.org", password: "super-secret-passphrase" },
    });
    await ctx.call({
      method: "GET",
      url: "/v1/auth/profile?api_key=query-secret",
      token,
      headers: { "x-api-key": "header-secret" },
    });
    const log = ctx.logs.join("\n");
    expect(log).toContain("/v1/auth/profile");
    for (const secret of ["super-secret-passphrase", token, "query-secret", "header-secret"])
      expect(log).not.toContain(secret);
  });
});
