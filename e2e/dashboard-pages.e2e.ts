import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  type SieveServer,
  inPage,
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  useE2eSession,
  type ViewportName,
  VIEWPORTS,
} from "./harness";

let server: SieveServer;
let page: Page;

/** Every dashboard route with its title and a phrase its Help drawer must contain. */
const PAGES = [
  { path: "/dashboard", title: "Dashboard", help: "Custom Workflow Description" },
  { path: "/dashboard/projects", title: "My Projects", help: "ruo_ack" },
  { path: "/dashboard/targets", title: "Targets", help: "Engine not configured gives 500 from the proxy" },
  { path: "/dashboard/target-narrowing", title: "Target Narrowing", help: "topk must be 1-1000, otherwise 422" },
  { path: "/dashboard/evidence", title: "Evidence", help: "pdf_parse_failed_or_dependency_missing" },
  { path: "/dashboard/molecules", title: "Molecular Optimization", help: "deleting an engine job may give 501" },
  { path: "/dashboard/negatome", title: "Negatome Database", help: "negatome smiles required (422)" },
  { path: "/dashboard/proteins", title: "Proteins", help: "hydrophobic and charged fractions" },
  { path: "/dashboard/analyses", title: "Analyses", help: "Queued runs wait for an executor" },
  { path: "/dashboard/reports", title: "Reports", help: "valid for 15 minutes" },
  { path: "/dashboard/admin", title: "Admin", help: "NLP Database" },
  { path: "/dashboard/settings", title: "Settings", help: "X-API-Key" },
];

useE2eSession((session) => ({ server, page } = session));

const SIDEBAR_SHORTFALL =
  "document.documentElement.scrollHeight - document.querySelector('.sidebar').getBoundingClientRect().height";

async function visit(path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
}

describe("dashboard shell", () => {
  it("has exactly the §2 sidebar, in order, ending with Logout", async () => {
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await sidebar.getByRole("button", { name: "Logout" }).waitFor();
    const items = await sidebar.locator("li").allTextContents();
    expect(items).toEqual([
      "Dashboard",
      "My Projects",
      "Targets",
      "Target Narrowing",
      "Evidence",
      "Molecular Optimization",
      "Negatome Database",
      "Proteins",
      "Analyses",
      "Reports",
      "Admin",
      "Settings",
      "Logout",
    ]);
  });

  it("opens every page's Help drawer by keyboard, closes it on Escape and returns focus", async () => {
    for (const { path, title, help } of PAGES) {
      await visit(path, title);
      const helpButton = page.getByRole("button", { name: "Help", exact: true });
      await helpButton.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: `Help: ${title}` });
      await drawer.waitFor();
      expect(await drawer.textContent(), path).toContain(help);
      expect(await inPage(page, "!!document.activeElement?.closest('dialog[open]')")).toBe(true);
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      expect(await inPage(page, "document.activeElement?.textContent"), path).toBe("Help");
    }
  });
});

describe("analyses, settings and failure messages", () => {
  it("lists the organization's runs and engine jobs, and treats a missing engine (404) as 'no engine yet'", async () => {
    const headers = { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" };
    const project = (await (
      await fetch(`${server.baseUrl}/v1/projects/`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Analyses check", ruo_ack: true }),
      })
    ).json()) as { id: number };
    const run = (await (
      await fetch(`${server.baseUrl}/v1/projects/${project.id}/runs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ workflow: "custom", inputs: { custom_message: "Rank kinases" } }),
      })
    ).json()) as { id: string };

    await visit("/dashboard/analyses", "Analyses");
    const runs = page.getByRole("table", { name: "Runs" });
    await runs.getByText("Analyses check").waitFor();
    expect(await runs.locator("tbody tr").count()).toBe(1);
    await runs.getByText("Waiting for a custom-workflow executor").waitFor();
    const details = runs.getByRole("button", { name: /^Details of run/ });
    expect(await details.getAttribute("title")).toBe(run.id);
    await details.click();
    const drawer = page.getByRole("dialog", { name: /^Run / });
    await drawer.getByText("400 evaluations").waitFor();
    await drawer.getByText("Rank kinases").waitFor();
    await drawer.getByText("No curves yet").waitFor();
    await page.keyboard.press("Escape");
    await page.getByText("No engine jobs yet.").waitFor();

    // A deployment without an engine answers 404: that is "no engine yet", not an error.
    await page.route("**/v1/engine/jobs?*", (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: '{"error":"No route","code":"not_found"}' }),
    );
    await page.reload();
    await page.getByText("No optimization engine is connected yet").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.unroute("**/v1/engine/jobs?*");
  });

  it("edits the profile through the API and keeps the deprecated key in the browser, sent as X-API-Key", async () => {
    await visit("/dashboard/settings", "Settings");
    const profile = page.getByRole("form", { name: "Profile" });
    expect(await profile.getByLabel("First name").inputValue()).toBe("Ada");
    await profile.getByLabel("First name").fill("Augusta Ada");
    await profile.getByLabel("Organization type").fill("academic");
    await profile.getByRole("button", { name: "Save Profile" }).click();
    await profile.getByText("Profile saved.").waitFor();
    await page.reload();
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("First name").inputValue()).toBe("Augusta Ada");
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("Organization type").inputValue()).toBe(
      "academic",
    );

    const keyForm = page.getByRole("form", { name: /User API key/ });
    await keyForm.getByLabel("User API key (deprecated)").fill("legacy-key-123");
    await keyForm.getByRole("button", { name: "Store key" }).click();
    await keyForm.getByText("A key is stored in this browser.").waitFor();
    const nextApiCall = page.waitForRequest((request) => request.url().includes("/v1/"));
    await visit("/dashboard/projects", "My Projects");
    expect((await nextApiCall).headers()["x-api-key"]).toBe("legacy-key-123");
    await visit("/dashboard/settings", "Settings");
    await page
      .getByRole("form", { name: /User API key/ })
      .getByRole("button", { name: "Clear key" })
      .click();
    expect(await inPage(page, "localStorage.getItem('sieve.user_api_key')")).toBeNull();
  });

  it("shows the §8 project messages and ignores a failing count fetch", async () => {
    await page.route("**/v1/projects/", (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
    );
    await visit("/dashboard/projects", "My Projects");
    await page.getByText("Failed to load projects").waitFor();
    await page.unroute("**/v1/projects/");

    const form = page.getByRole("form", { name: "Create a project" });
    for (const [status, message] of [
      [405, "Authentication required. Please log in again or check if you're authenticated."],
      [500, "Create failed"],
    ] as const) {
      await page.route("**/v1/projects/", (route) =>
        route.request().method() === "POST" ? route.fulfill({ status, body: "{}" }) : route.fallback(),
      );
      await form.getByLabel("Name").fill("Doomed");
      await form.getByLabel(/research use only/).check();
      await form.getByRole("button", { name: "Create Project" }).click();
      await form.getByText(message, { exact: true }).waitFor();
      await page.unroute("**/v1/projects/");
    }

    await page.route("**/v1/dashboard/counts", (route) => route.fulfill({ status: 500, body: "{}" }));
    await visit("/dashboard", "Dashboard");
    await page.getByRole("table", { name: "Recent projects" }).waitFor();
    // The counts' tiles (the review queue has its own request).
    expect((await page.locator(".stat-tile__value").allTextContents()).slice(0, 2)).toEqual(["—", "—"]);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.unroute("**/v1/dashboard/counts");
  });
});

describe("dashboard pages: accessibility, layout and screenshots", () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`every page at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const { path, title } of PAGES) {
        await visit(path, title);
        await page.waitForLoadState("networkidle");
        expect(await seriousA11yViolations(page), path).toEqual([]);
        expect(await scrollsSideways(page), path).toBe(false);
        // Beside the page (desktop), the dark sidebar runs down its whole height, not just the first screen.
        if (viewport === "desktop")
          expect(
            await inPage<number>(page, SIDEBAR_SHORTFALL),
            `${path}: page taller than its sidebar by`,
          ).toBeLessThanOrEqual(1);
        await screenshot(page, `${path.slice(1).replaceAll("/", "-")}-${VIEWPORTS[viewport].width}`);
      }
      await visit("/dashboard", "Dashboard");
      await page.getByRole("button", { name: "New Job" }).click();
      expect(await seriousA11yViolations(page), "New Job modal").toEqual([]);
      expect(await scrollsSideways(page), "New Job modal").toBe(false);
      await screenshot(page, `new-job-modal-${VIEWPORTS[viewport].width}`, { fullPage: false });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Help", exact: true }).click();
      expect(await seriousA11yViolations(page), "Help drawer").toEqual([]);
      await screenshot(page, `help-drawer-${VIEWPORTS[viewport].width}`, { fullPage: false });
      await page.keyboard.press("Escape");
    });
  }
});
