import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  inPage,
  launchBrowser,
  proteinFixture,
  signUpFreshUser,
  startServer,
  VIEWPORTS,
  type SieveServer,
} from "./harness";

/**
 * The web app runs under the server's Content-Security-Policy with nothing refused: every page a
 * user reaches, including the 3Dmol.js structure view, and Swagger UI. A violation shows both as a
 * `securitypolicyviolation` event and as a console error; either fails the test.
 */
let server: SieveServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleViolations: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.desktop });
  await context.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => (window.__cspViolations ??= []).push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))",
  );
  page = await context.newPage();
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleViolations.push(message.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageViolations(): Promise<string[]> {
  return inPage<string[]>(page, "window.__cspViolations ?? []");
}

describe("security headers", () => {
  it("sends CSP, nosniff, a referrer policy and refuses framing on pages and API answers", async () => {
    for (const path of ["/", "/health", "/v1/projects"]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("the web app runs with no CSP violation: landing, sign-up, dashboard pages and the 3D structure view", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await signUpFreshUser(page);
    for (const path of [
      "/dashboard/projects",
      "/dashboard/targets",
      "/dashboard/target-narrowing",
      "/dashboard/analyses",
      "/dashboard/evidence",
      "/dashboard/molecules",
      "/dashboard/negatome",
      "/dashboard/reports",
      "/dashboard/admin",
      "/dashboard/settings",
      "/dashboard/proteins",
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await pageViolations(), path).toEqual([]);
    }
    const upload = page.getByRole("form", { name: "Upload a file" });
    await upload.getByLabel("File").setInputFiles(await proteinFixture());
    await upload.getByRole("button", { name: "Analyze file" }).click();
    await page.locator('.structure-viewer[data-state="ready"]').waitFor();
    expect(await pageViolations()).toEqual([]);
    expect(consoleViolations).toEqual([]);
  });

  it("Swagger UI runs under its own CSP with no violation", async () => {
    await page.goto("/docs/static/index.html");
    await page.locator(".swagger-ui .information-container").waitFor();
    expect(await pageViolations()).toEqual([]);
    expect(consoleViolations).toEqual([]);
  });
});
