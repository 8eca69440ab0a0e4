import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_THROTTLE } from "../src/modules/auth/service";
import { authStore } from "../src/modules/auth/store";
import { createTestContext, type TestContext } from "./context";

/** Accounts per OWASP ASVS 4.0 level 2, V2 and V3: password policy, throttling without lockout, revocation. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const PASSWORD = "velvet orbit lantern staple";
let accounts = 0;
const freshEmail = () => `account${++accounts}-${Date.now()}@example.org`;

function login(email: string, password: string, extra: Record<string, unknown> = {}, ip = "127.0.0.1") {
  return ctx.app.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { email, password, ...extra },
    remoteAddress: ip,
  });
}
const profile = (token: string) => ctx.call({ method: "GET", url: "/v1/auth/profile", token });

describe("password policy", () => {
  it.each([
    ["eleven char", "shorter than 12 characters", "validation_failed"],
    ["password1234", "a common password", "weak_password"],
    ["qwertyuiopasdf", "a keyboard walk", "weak_password"],
  ])("refuses %s (%s) at sign-up with 422", async (password, _why, code) => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email: freshEmail(), password, name: "Policy Test" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code, detail: { fields: [{ path: "password" }] } });
  });

  it("refuses the email address itself as the password", async () => {
    const email = freshEmail();
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email, password: email, name: "Policy Test" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/email/);
  });
});

describe("sign-in throttling without lockout", () => {
  it("backs off an account after repeated failures, yet lets its owner in from a device that signed in before", async () => {
    const email = freshEmail();
    const signup = await ctx.signup({ email, password: PASSWORD });
    for (let i = 0; i < LOGIN_THROTTLE.account.free; i++) {
      expect((await login(email, `wrong guess number ${i}`, {}, "10.1.1.1")).statusCode).toBe(401);
    }
    const throttled = await login(email, "wrong guess again", {}, "10.1.1.2");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: "too_many_attempts", error: expect.any(String) });
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The attack goes on from other addresses (as if waiting out each back-off): each failure doubles
    // the wait, so the checks below do not depend on how fast this machine is.
    for (let i = 0; i < 7; i++) await authStore(ctx.database.db).recordLoginFailure(email, `10.2.0.${i}`);
    const longer = await login(email, "wrong guess again", {}, "10.1.1.2");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBeGreaterThan(60);
    // A new device with the right password waits too (the attacker might hold it)…
    expect((await login(email, PASSWORD, {}, "10.1.1.3")).statusCode).toBe(429);
    // A device token of another account does not help…
    const other = await ctx.signup({ email: freshEmail(), password: PASSWORD });
    expect((await login(email, PASSWORD, { device_token: other.device_token }, "10.1.1.4")).statusCode).toBe(429);
    // …but the browser that signed up gets in at once: failing on purpose cannot lock its owner out.
    const known = await login(email, PASSWORD, { device_token: signup.device_token }, "10.1.1.5");
    expect(known.statusCode).toBe(200);
    expect(known.json().device_token).toBe(signup.device_token);
  });

  it("answers 429 to one address trying many accounts, while other addresses are served", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.ip.free + 5; i++) {
      statuses.push((await login(`stuffing${i}@example.org`, "Summer2024!stuffed", {}, "10.9.9.9")).statusCode);
    }
    expect(statuses.slice(0, LOGIN_THROTTLE.ip.free).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_THROTTLE.ip.free)).toEqual(Array(5).fill(429));
    const email = freshEmail();
    await ctx.signup({ email, password: PASSWORD });
    expect((await login(email, PASSWORD, {}, "10.9.9.10")).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("logout revokes the token at once", async () => {
    const { token } = await ctx.signup({ email: freshEmail(), password: PASSWORD });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await ctx.call({ method: "POST", url: "/v1/auth/logout", token })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it("a password change revokes every token of the account and answers a new session", async () => {
    const email = freshEmail();
    const first = await ctx.signup({ email, password: PASSWORD });
    const second = (await login(email, PASSWORD)).json();
    const newPassword = "quartz meadow falcon ribbon";
    const weak = await ctx.call({
      method: "PUT",
      url: "/v1/auth/password",
      token: first.token,
      payload: { current_password: PASSWORD, new_password: "password12345" },
    });
    expect(weak.statusCode).toBe(422);
    const wrongCurrent = await ctx.call({
      method: "PUT",
      url: "/v1/auth/password",
      token: first.token,
      payload: { current_password: "not the password at all", new_password: newPassword },
    });
    expect(wrongCurrent.statusCode).toBe(403);
    const changed = await ctx.call({
      method: "PUT",
      url: "/v1/auth/password",
      token: first.token,
      payload: { current_password: PASSWORD, new_password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(first.token)).statusCode).toBe(401);
    expect((await profile(second.access_token)).statusCode).toBe(401);
    const refreshOld = await ctx.call({
      method: "POST",
      url: "/v1/auth/refresh",
      payload: { refresh_token: second.refresh_token },
    });
    expect(refreshOld.statusCode).toBe(401);
    expect((await profile(changed.json().access_token)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);
  });

  it("rotates the refresh token on every use; a used one presented again ends the session", async () => {
    const first = await ctx.signup({ email: freshEmail(), password: PASSWORD });
    const refresh = (refresh_token: string) =>
      ctx.call({ method: "POST", url: "/v1/auth/refresh", payload: { refresh_token } });
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair).toMatchObject({ token_type: "bearer", expires_in: 15 * 60 });
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect(pair.refresh_expires_in).toBeGreaterThan(29 * 24 * 3600);
    expect((await profile(pair.access_token)).statusCode).toBe(200);
    // The old refresh token again: a copy is in someone else's hands, so the whole session ends.
    const replayed = await refresh(first.refresh_token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe("invalid_refresh_token");
    expect((await profile(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect((await refresh("not-a-token")).statusCode).toBe(401);
  });
});

describe("signup rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ signupsPerIpPerHour: 2 });
  });
  afterAll(async () => limited?.close());

  const signupFrom = (ip: string) =>
    limited.app.inject({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email: freshEmail(), password: PASSWORD, name: "Rate Test" },
      remoteAddress: ip,
    });

  it("answers 429 rate_limited once one address has created its hourly share of accounts, and serves others", async () => {
    expect((await signupFrom("10.2.0.1")).statusCode).toBe(201);
    expect((await signupFrom("10.2.0.1")).statusCode).toBe(201);
    const refused = await signupFrom("10.2.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect((await signupFrom("10.2.0.2")).statusCode).toBe(201);
  });
});
