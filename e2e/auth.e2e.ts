import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUserViaApi, inPage, openPage, type SieveServer, signUpFreshUser, useE2eSession } from "./harness";

const TOKEN_KEY = "sieve.access_token";

let server: SieveServer;
let browser: Browser;

useE2eSession((session) => ({ server, browser } = session), { signedIn: false });

function storedToken(page: Page, storage: "localStorage" | "sessionStorage"): Promise<string | null> {
  return inPage(page, `${storage}.getItem(${JSON.stringify(TOKEN_KEY)})`);
}

async function signIn(page: Page, email: string, password: string, remember: boolean): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (remember) await page.getByLabel("Remember me for 30 days").check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("sign-up, sign-in and sign-out", () => {
  it("redirects a protected route to /login when no token is stored", async () => {
    const page = await openPage(browser, server.baseUrl, "/dashboard/projects");
    await page.waitForURL("**/login");
    expect(await page.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/signup");
    await page.context().close();
  });

  it("signs up, keeps the token persistently and lands on /dashboard", async () => {
    const page = await openPage(browser, server.baseUrl, "/");
    await signUpFreshUser(page);
    expect(await storedToken(page, "localStorage")).toBeTruthy();
    expect(await storedToken(page, "sessionStorage")).toBeNull();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    // A signed-in visitor's Get Early Access goes straight to the dashboard.
    await page.goto("/");
    expect(
      await page.locator(".site-header").getByRole("link", { name: "Get Early Access" }).getAttribute("href"),
    ).toBe("/dashboard");
    await page.context().close();
  });

  it("reports a failed sign-up as 'signup failed: {status}'", async () => {
    const existing = await createUserViaApi(server.baseUrl);
    const page = await openPage(browser, server.baseUrl, "/signup");
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Password").fill("another quartz meadow falcon");
    await page.getByRole("button", { name: "Create Account" }).click();
    // A taken address is a sign-in with the password given (issue 21 §11: no 409 email_taken): a wrong one is 401.
    expect(await page.getByRole("alert").textContent()).toBe("signup failed: 401");
    await page.context().close();
  });

  it("keeps a plain login for the session only and a remembered one persistently", async () => {
    const user = await createUserViaApi(server.baseUrl);

    const session = await openPage(browser, server.baseUrl, "/");
    await signIn(session, user.email, user.password, false);
    await session.waitForURL("**/dashboard");
    expect(await storedToken(session, "sessionStorage")).toBeTruthy();
    expect(await storedToken(session, "localStorage")).toBeNull();

    // The client tells the server about remember-me so the token lives 30 days.
    const remembered = await openPage(browser, server.baseUrl, "/");
    const loginRequest = remembered.waitForRequest((request) => request.url().endsWith("/v1/auth/login"));
    await signIn(remembered, user.email, user.password, true);
    expect(JSON.parse((await loginRequest).postData() ?? "{}")).toMatchObject({ email: user.email, remember: true });
    await remembered.waitForURL("**/dashboard");
    expect(await storedToken(remembered, "localStorage")).toBeTruthy();
    expect(await storedToken(remembered, "sessionStorage")).toBeNull();

    await session.context().close();
    await remembered.context().close();
  });

  it("shows 'login failed: 401' in a red box for wrong credentials", async () => {
    const user = await createUserViaApi(server.baseUrl);
    const page = await openPage(browser, server.baseUrl, "/");
    await signIn(page, user.email, "wrong password", false);
    const alert = page.getByRole("alert");
    expect(await alert.textContent()).toBe("login failed: 401");
    // The red of --color-danger.
    expect(await inPage(page, "getComputedStyle(document.querySelector('[role=alert]')).color")).toBe(
      "rgb(180, 35, 24)",
    );
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });

  it("logs out: both storages are cleared and the user is on /login", async () => {
    const page = await openPage(browser, server.baseUrl, "/");
    await signUpFreshUser(page);
    await inPage(page, "localStorage.setItem('sieve.user_api_key', 'legacy')");
    const token = await storedToken(page, "localStorage");
    const logoutCall = page.waitForResponse((response) => response.url().endsWith("/v1/auth/logout"));
    await page.getByRole("button", { name: "Logout" }).click();
    expect((await logoutCall).status()).toBe(200);
    await page.waitForURL("**/login");
    // The server revoked the session: the token the browser forgot no longer works anywhere.
    const reused = await fetch(`${server.baseUrl}/v1/auth/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(reused.status).toBe(401);
    expect(await storedToken(page, "localStorage")).toBeNull();
    expect(await storedToken(page, "sessionStorage")).toBeNull();
    expect(await inPage(page, "localStorage.getItem('sieve.user_api_key')")).toBeNull();
    await page.goto("/dashboard");
    await page.waitForURL("**/login");
    await page.context().close();
  });

  it("clears a token the API rejects (401) and goes to /login", async () => {
    const page = await openPage(browser, server.baseUrl, "/");
    await inPage(page, `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, 'not-a-valid-token')`);
    await page.goto("/dashboard");
    await page.waitForURL("**/login");
    expect(await storedToken(page, "localStorage")).toBeNull();
    await page.context().close();
  });
});
