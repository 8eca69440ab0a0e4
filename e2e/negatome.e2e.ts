import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  inPage,
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  type SieveServer,
  useE2eSession,
  type ViewportName,
  VIEWPORTS,
  writeFixture,
} from "./harness";

let server: SieveServer;
let page: Page;

/** Rofecoxib (withdrawn 2004, cardiovascular risk) with its methyl sulfone turned into a sulfonamide. */
const ROFECOXIB_ANALOGUE = "NS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
/** A compound the demo set does not hold, for the contribution. */
const CONTRIBUTED = "CC(C)Cc1ccc(cc1)C(C)C(=O)NO";
const ORCID = "0000-0002-1825-0097";

useE2eSession((session) => ({ server, page } = session));

const lookup = () => page.getByRole("form", { name: "Safety and similarity lookup" });
const contribution = () => page.getByRole("form", { name: "Contribute a negative result" });

async function openNegatome(): Promise<void> {
  await page.goto("/dashboard/negatome");
  await page.getByRole("heading", { level: 1, name: "Negatome Database" }).waitFor();
}

async function lookUp(smiles: string, button: "Check safety" | "Find similar"): Promise<void> {
  await lookup().getByLabel("SMILES", { exact: true }).fill(smiles);
  await lookup().getByRole("button", { name: button }).click();
}

describe("negatome data", () => {
  it("checks the schema, loads the demo set and shows stats as charts and recent records labelled demo data", async () => {
    await openNegatome();
    await page.getByText("No records yet: load the demo set or contribute one.").waitFor();
    await page.getByRole("button", { name: "Ensure schema" }).click();
    await page.getByText(/^Schema ready: negatome_records, negatome_agreements, negatome_ingest_keys\.$/).waitFor();

    await page.getByRole("button", { name: "Load demo set" }).click();
    await page.getByText("Demo set loaded: 41 records inserted, 0 already present.").waitFor();
    await page.getByTestId("negatome-total").getByText("41").waitFor();

    const byClass = page.getByRole("img", { name: "Records by failure class" });
    const bySource = page.getByRole("img", { name: "Records by source" });
    expect(await byClass.locator("rect").count()).toBeGreaterThanOrEqual(3);
    expect(await byClass.locator("desc").textContent()).toMatch(/^SAFETY: \d+ records; /);
    expect(await bySource.locator("desc").textContent()).toBe("demo: 41 records");

    const recent = page.getByRole("table", { name: "Recent negatome records" });
    expect(await recent.locator("tbody tr").count()).toBe(10);
    expect(await recent.getByText("Demo data").count()).toBe(10);

    await page.getByRole("form", { name: "Filter records" }).getByLabel("Failure class").selectOption("SOLUBILITY");
    await page.getByRole("form", { name: "Filter records" }).getByRole("button", { name: "Filter" }).click();
    const matching = page.getByRole("table", { name: "Matching negatome records" });
    await matching.waitFor();
    expect(await matching.locator("tbody tr").count()).toBe(1);
    await page.getByRole("button", { name: "Show recent" }).click();
    await recent.waitFor();
  });
});

describe("contributing", () => {
  it("keeps the agreement unacknowledged until accepted, and the server refuses contributions until then", async () => {
    await openNegatome();
    await page.getByText("not acknowledged", { exact: true }).waitFor();
    expect(await contribution().count()).toBe(0);
    const refused = await fetch(`${server.baseUrl}/v1/negatome/ingest/user`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ compound: { smiles: "CCO" }, reason_for_failure: "test" }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("agreement_required");

    const agreement = page.getByRole("form", { name: "Contributor agreement" });
    await agreement.getByLabel("Researcher ID").fill(ORCID);
    await agreement.getByRole("button", { name: "Accept agreement" }).click();
    await agreement.getByText("Tick the box to accept the agreement.").waitFor();
    await agreement.getByLabel(/I have read and accept the contributor agreement, version 1\.0\.0/).check();
    await agreement.getByRole("button", { name: "Accept agreement" }).click();
    await page.getByText("acknowledged", { exact: true }).waitFor();
    await page.getByText(new RegExp(`as ${ORCID}\\.$`)).waitFor();
    await contribution().waitFor();
  });

  it("contributes an annotation with a CSV data file, shows it in the contributor dashboard and finds it by similarity", async () => {
    await openNegatome();
    await contribution().getByRole("button", { name: "Contribute" }).click();
    await contribution().getByText("Enter the compound's SMILES.").waitFor();
    await contribution().getByText("Say why the compound failed.").waitFor();

    await contribution().getByLabel("Compound SMILES").fill(CONTRIBUTED);
    await contribution().getByLabel("Target UniProt ID").fill("P35354");
    await contribution().getByLabel("Failure class").selectOption("BINDING");
    await contribution().getByLabel("Assay type").fill("SPR binding");
    await contribution().getByLabel("Replicate count").fill("3");
    await contribution().getByLabel("Reason for failure").fill("No binding to COX-2 up to 100 µM");
    await contribution().getByLabel("Measured outcome").fill("KD > 100 µM in all replicates");
    await contribution().getByLabel("Metadata (JSON object)").fill('{"plate": "P-17"}');
    const dataFile = await writeFixture("spr-replicates.csv", "replicate,kd_um\n1,>100\n2,>100\n3,>100\n");
    await contribution().getByLabel("Data file").setInputFiles(dataFile);
    const answer = page.waitForResponse((response) => response.url().endsWith("/v1/negatome/contribute/upload"));
    await contribution().getByRole("button", { name: "Contribute" }).click();
    expect((await answer).status()).toBe(201);
    await contribution()
      .getByText(/^Contribution recorded as .+ with spr-replicates\.csv\.$/)
      .waitFor();

    await page.getByTestId("contribution-total").getByText("1").waitFor();
    await page
      .getByRole("list", { name: "Your recent contributions" })
      .getByText("No binding to COX-2 up to 100 µM")
      .waitFor();
    await page.getByTestId("negatome-total").getByText("42").waitFor();

    await lookUp(CONTRIBUTED, "Find similar");
    const similar = page.getByRole("list", { name: "Similar records" });
    const first = similar.locator("li").first();
    await first.getByText("No binding to COX-2 up to 100 µM").waitFor();
    expect(await first.locator(".compound-card__facts").textContent()).toMatch(
      /^Similarity1\.00Failure classBINDINGSourceyour organizationConfidencebronze$/,
    );
    await first.getByRole("img", { name: /^Structure of / }).waitFor();
    expect(await similar.locator("li").count()).toBeLessThanOrEqual(10);
  });
});

describe("safety", () => {
  it("asks for a SMILES before calling the server", async () => {
    await openNegatome();
    await lookup().getByRole("button", { name: "Check safety" }).click();
    await lookup().getByText("Enter a SMILES.").waitFor();
  });

  it("shows a close analogue of rofecoxib as amber or red, says why, and links each warning to its drawn evidence", async () => {
    await openNegatome();
    await lookUp(ROFECOXIB_ANALOGUE, "Check safety");
    const summary = page.getByTestId("risk-summary");
    await summary.waitFor();
    expect(await summary.getAttribute("class")).toMatch(/risk-summary--(amber|red)/);
    const score = Number(await summary.locator("strong").textContent());
    expect(score).toBeGreaterThan(0.3);
    expect(await summary.locator(".badge").textContent()).toBe(score > 0.7 ? "red" : "amber");

    const evidenceLink = page.locator(".warning-item__evidence a", { hasText: /rofecoxib/i }).first();
    await evidenceLink.waitFor();
    const hits = page.getByRole("list", { name: "Evidence hits" });
    const rofecoxib = hits.locator("li", { hasText: /rofecoxib/i }).first();
    await rofecoxib.getByText("Demo data").waitFor();
    await rofecoxib.getByText("SAFETY").waitFor();
    const drawing = rofecoxib.getByRole("img", { name: /^Structure of / });
    await drawing.waitFor();
    await evidenceLink.click();
    expect(
      await inPage(
        page,
        "document.activeElement?.id === location.hash.slice(1) && location.hash.startsWith('#evidence-hit-')",
      ),
    ).toBe(true);
    expect(
      await inPage(
        page,
        "[...document.querySelectorAll('.compound-card img')].every((img) => img.complete && img.naturalWidth > 0)",
      ),
    ).toBe(true);
  });
});

describe("Negatome page: help, accessibility and layout", () => {
  it("has a Help drawer with the server rules, reachable by keyboard", async () => {
    await openNegatome();
    await page.getByRole("button", { name: "Help", exact: true }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Help: Negatome Database" });
    const text = (await drawer.textContent()) ?? "";
    for (const rule of [
      "negatome smiles required (422)",
      "green up to 0.3, amber above 0.3, red above 0.7",
      "not acknowledged until you accept it",
      "agreement_required",
    ])
      expect(text).toContain(rule);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await openNegatome();
      await lookUp(ROFECOXIB_ANALOGUE, "Check safety");
      await page.getByRole("list", { name: "Evidence hits" }).getByRole("img").first().waitFor();
      await lookup().getByRole("button", { name: "Find similar" }).click();
      await page.getByRole("list", { name: "Similar records" }).getByRole("img").first().waitFor();
      await page.getByRole("table", { name: "Recent negatome records" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `negatome-${VIEWPORTS[viewport].width}`);
    });
  }
});
