import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { requireSharedData } from "@sieve/testing";
import { accessToken, screenshot, type SieveServer, useE2eSession } from "./harness";

let server: SieveServer;
let page: Page;

// As a user would paste them (PubChem isomeric SMILES).
const CELECOXIB = "CC1=CC=C(C=C1)C2=CC(=NN2C3=CC=C(C=C3)S(=O)(=O)N)C(F)(F)F";
const ROFECOXIB = "CS(=O)(=O)C1=CC=C(C=C1)C2=C(C(=O)OC2)C3=CC=CC=C3";
const ASPIRIN = "CC(=O)OC1=CC=CC=C1C(=O)O";

useE2eSession((session) => ({ server, page } = session));

beforeAll(async () => {
  requireSharedData("clintox/clintox.csv", "withdrawn/drug_info.csv", "drugcentral/structures.smiles.tsv");
  const token = await accessToken(page);
  const post = (url: string, body?: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  expect((await post("/v1/negatome/ingest-demo")).status).toBe(200);
  const load = await post("/v1/admin/reference-data/load", { datasets: ["negatome:clintox", "negatome:withdrawn"] });
  expect(load.status).toBe(200);
}, 180_000);

async function checkSafety(smiles: string): Promise<void> {
  await page.goto("/dashboard/negatome");
  const lookup = page.getByRole("form", { name: "Safety and similarity lookup" });
  await lookup.getByLabel("SMILES", { exact: true }).fill(smiles);
  await lookup.getByRole("button", { name: "Check safety" }).click();
  // The first assessment reads the reference data (approvals, boxed warnings) on a compute thread.
  await page.getByTestId("risk-summary").waitFor({ timeout: 120_000 });
}

/** The safety panel as a user sees it: the verdict and the claims, in the viewport. */
async function shootPanel(name: string): Promise<void> {
  await page.getByTestId("risk-summary").evaluate((element) => element.scrollIntoView({ block: "start" }));
  await screenshot(page, name, { fullPage: false });
  await page.getByTestId("entry-claims").evaluate((element) => element.scrollIntoView({ block: "start" }));
  await screenshot(page, `${name}-claims`, { fullPage: false });
}

describe("negatome verdicts in the safety panel", () => {
  it("shows celecoxib amber, not red, with its approval and its conflicting flags side by side", async () => {
    await checkSafety(CELECOXIB);
    expect(await page.getByTestId("risk-summary").getAttribute("class")).toMatch(/risk-summary--amber/);
    const claims = page.getByTestId("entry-claims");
    await claims
      .getByTestId("conflict-marker")
      .getByText(/Sources disagree: approved in DrugCentral, ClinTox/)
      .waitFor();
    await claims.getByTestId("claim-drugcentral-approved").waitFor();
    await claims.getByTestId("claim-clintox-approved").waitFor();
    await claims
      .getByTestId("claim-withdrawn-withdrawn")
      .getByText("Flagged withdrawn in ChEMBL; no reason recorded.")
      .waitFor();
    await claims.getByTestId("claim-withdrawn-boxed_warning").waitFor();
    await claims.getByTestId("claim-clintox-failed_trials").waitFor();
    // The answer says only what a source says (the Help drawer quotes the phrase it avoids).
    const answer = page.getByRole("region", { name: /^Safety of / });
    expect(await answer.getByText(/withdrawn from the market/i).count()).toBe(0);
    expect(await answer.getByText(/Flagged withdrawn in ChEMBL/).count()).toBeGreaterThan(0);
    await shootPanel("negatome-verdict-celecoxib");
  }, 180_000);

  it("shows rofecoxib red with each source's withdrawal facts, and no conflict", async () => {
    await checkSafety(ROFECOXIB);
    expect(await page.getByTestId("risk-summary").getAttribute("class")).toMatch(/risk-summary--red/);
    const claims = page.getByTestId("entry-claims");
    const demo = claims.getByTestId("claim-demo-withdrawn");
    await demo.getByText(/^Withdrawn worldwide in 2004: Increased risk of heart attack and stroke/).waitFor();
    await demo.getByText("Demo data", { exact: true }).waitFor();
    await claims
      .getByTestId("claim-withdrawn-withdrawn")
      .getByText("Flagged withdrawn in ChEMBL (reason: Risk for heart attack and stroke).")
      .waitFor();
    expect(await claims.getByTestId("conflict-marker").count()).toBe(0);
    await shootPanel("negatome-verdict-rofecoxib");
  }, 180_000);

  it("shows aspirin green, its ClinTox label shown as a conflict", async () => {
    await checkSafety(ASPIRIN);
    expect(await page.getByTestId("risk-summary").getAttribute("class")).toMatch(/risk-summary--green/);
    await page.getByTestId("conflict-marker").waitFor();
    await shootPanel("negatome-verdict-aspirin");
  }, 180_000);
});
