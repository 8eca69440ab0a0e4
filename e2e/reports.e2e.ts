import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  createProjectViaApi,
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  type SieveServer,
  useE2eSession,
  type ViewportName,
  VIEWPORTS,
} from "./harness";

let server: SieveServer;
let page: Page;
let runId: string;

useE2eSession((session) => ({ server, page } = session));

const reportsTable = () => page.getByRole("table", { name: "Run reports" });

async function startOptimization(): Promise<string> {
  const projectId = await createProjectViaApi(page, server.baseUrl, "Reports e2e");
  const headers = { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" };
  const created = (await (
    await fetch(`${server.baseUrl}/v1/projects/${projectId}/runs/molecular`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        smiles: ["CC(=O)Oc1ccccc1C(=O)O", "c1ccc2ccccc2c1"],
        population_size: 20,
        max_generations: 10,
        seed: 3,
      }),
    })
  ).json()) as { id: string; run_id: string };
  for (let i = 0; i < 300; i++) {
    const job = (await (await fetch(`${server.baseUrl}/v1/engine/jobs/${created.id}`, { headers })).json()) as {
      status: string;
    };
    if (job.status === "completed") return created.run_id;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the optimization run did not complete");
}

async function download(trigger: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe("reports page", () => {
  it("opens a run's report from Analyses: status, review progress, accept, dossier and replay downloads", async () => {
    runId = await startOptimization();
    await page.goto("/dashboard/analyses");
    await page.getByRole("link", { name: `Report of run ${runId.slice(0, 8)}` }).click();
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect(new URL(page.url()).searchParams.get("run")).toBe(runId);
    const row = reportsTable().locator("tbody tr").first();
    await row.getByText("completed").waitFor();
    await row.getByText(/0 accepted · 0 rejected · \d+ unreviewed/).waitFor();

    await row.getByRole("button", { name: /^Accept run/ }).click();
    await row.getByText(/1 accepted · 0 rejected/).waitFor();

    // Each output can be reviewed with a comment; the decision counts in the run's progress.
    await row.getByRole("button", { name: /^Review the outputs of run/ }).click();
    const outputs = page.getByRole("list", { name: "Outputs to review" });
    const molecule = outputs.getByRole("listitem").nth(1);
    await molecule.getByRole("textbox").fill("Too lipophilic");
    await molecule.getByRole("button", { name: /^Reject / }).click();
    await molecule
      .getByRole("status")
      .getByText(/^Rejected by /)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await row.getByText(/1 accepted · 1 rejected/).waitFor();

    const dossier = await download(() => row.getByRole("button", { name: /^Download the dossier/ }).click());
    expect(dossier.name).toMatch(/^sieve-dossier-[0-9a-f]{8}\.zip$/);
    expect(dossier.bytes.subarray(0, 2).toString()).toBe("PK");
    const replay = await download(() => row.getByRole("button", { name: /^Download the replay bundle/ }).click());
    expect(replay.name).toMatch(/^sieve-replay-[0-9a-f]{8}\.tar\.gz$/);
    expect([...replay.bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  }, 120_000);

  it("offers the sample dossier, the same one the landing page's button opens, labelled demo", async () => {
    await page.goto("/");
    const href = await page.getByRole("link", { name: "See a sample target dossier" }).getAttribute("href");
    expect(href).toMatch(/\/v1\/reports\/sample\/report\.html$/);
    await page.goto("/dashboard/reports");
    expect(await page.getByRole("link", { name: "Open the sample report" }).getAttribute("href")).toBe(href);
    await page.goto(href!);
    await page.getByText("Demo data.").waitFor();
    await page.getByRole("heading", { name: "Optimization curves" }).waitFor();
    expect(await page.locator("script").count()).toBe(0);
    // The report's CSP forbids every script, axe included: check the same markup without it.
    const html = (await (await fetch(href!)).text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "");
    await page.goto("/");
    await page.setContent(html);
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(`/dashboard/reports?run=${runId}`);
      await reportsTable()
        .getByText(/accepted ·/)
        .first()
        .waitFor();
      await page.waitForLoadState("networkidle");
      await screenshot(page, `reports-${VIEWPORTS[viewport].width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
    });
  }
});
