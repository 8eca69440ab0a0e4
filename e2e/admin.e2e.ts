import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
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

useE2eSession((session) => ({ server, page } = session));

const tabs = () => page.getByRole("tablist", { name: "Databases" });
const tab = (name: string) => tabs().getByRole("tab", { name });

async function openAdmin(query = ""): Promise<void> {
  await page.goto(`/dashboard/admin${query}`);
  await page.getByRole("heading", { level: 1, name: "Admin" }).waitFor();
}

const healthCount = async (key: string) =>
  Number(((await page.getByTestId(`nlp-${key}`).textContent()) ?? "").replaceAll(",", ""));

describe("tabs", () => {
  it("has NLP Database and Negatome Database tabs, switched by keyboard and kept in the address", async () => {
    await openAdmin();
    expect(await tabs().getByRole("tab").allTextContents()).toEqual(["NLP Database", "Negatome Database"]);
    expect(await tab("NLP Database").getAttribute("aria-selected")).toBe("true");
    await tab("NLP Database").focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("heading", { name: "Negatome loaders" }).waitFor();
    expect(await tab("Negatome Database").getAttribute("aria-selected")).toBe("true");
    expect(page.url()).toContain("tab=negatome");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("heading", { name: "Corpus ingestion" }).waitFor();
  });
});

describe("NLP Database", () => {
  it("ensures the schema, shows health stats that follow ingestion, and reloads the ontologies", async () => {
    await openAdmin("?tab=nlp");
    await page.getByRole("button", { name: "Ensure schema" }).click();
    await page.getByText("Schema ready: lit_documents, lit_passages, lit_mentions, lit_triples.").waitFor();

    await page.getByTestId("nlp-docs").waitFor();
    const docsBefore = await healthCount("docs");
    const ingested = await fetch(`${server.baseUrl}/v1/nlp/ingest/docs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        docs: [{ source: "e2e", external_id: "admin-1", text: "Imatinib inhibits ABL1 in chronic myeloid leukemia." }],
      }),
    });
    expect(ingested.status).toBe(200);
    await page.getByRole("button", { name: "Refresh stats" }).click();
    await page.waitForFunction(
      `Number(document.querySelector('[data-testid="nlp-docs"]').textContent.replaceAll(',', '')) === ${docsBefore + 1}`,
    );
    expect(await healthCount("passages")).toBeGreaterThan(0);
    expect(await healthCount("entities")).toBeGreaterThan(0);

    await page
      .getByRole("form", { name: "Reload ontologies" })
      .getByRole("button", { name: "Reload ontologies" })
      .click();
    await page
      .getByText(
        /^Reloaded \(version \d+\): [\d,]+ genes \([\d,]+ NCBI Gene rows of aliases and names\), [\d,]+ diseases, [\d,]+ drugs\.$/,
      )
      .waitFor({ timeout: 120_000 });
    await page.getByRole("form", { name: "Reload ontologies" }).getByLabel("Directory").fill("../../etc");
    await page
      .getByRole("form", { name: "Reload ontologies" })
      .getByRole("button", { name: "Reload ontologies" })
      .click();
    await page.getByRole("alert").waitFor();
  });

  it("loads a literature corpus from the reference-data list, busy while it runs", async () => {
    await openAdmin("?tab=nlp");
    const loader = page.getByRole("form", { name: "Corpus ingestion" });
    // The dataset list arrives with its own request after the page: read it once it is there.
    await loader.locator("code").first().waitFor();
    expect(await loader.locator("code").allTextContents()).toEqual(["literature:bc5cdr", "literature:biored"]);
    await loader.getByRole("button", { name: "Load selected" }).click();
    await loader.getByText("Choose at least one dataset.").waitFor();
    await loader.getByRole("checkbox", { name: /literature:biored/ }).check();
    await loader.getByRole("button", { name: "Load selected" }).click();
    await loader.getByText(/^Loading literature:biored: \d+ s so far\./).waitFor();
    expect(await loader.getByRole("button", { name: "Loading…" }).isDisabled()).toBe(true);
    await page
      .getByRole("list", { name: "Load results" })
      .getByText(/^literature:biored: [\d,]+ inserted, 0 already present$/)
      .waitFor({ timeout: 170_000 });
    await page.waitForFunction(
      `Number(document.querySelector('[data-testid="nlp-docs"]').textContent.replaceAll(',', '')) > 100`,
    );
  }, 180_000);
});

describe("Negatome Database", () => {
  it("loads the demo set and a negatome dataset, and the stats follow", async () => {
    await openAdmin("?tab=negatome");
    await page.getByTestId("negatome-total").getByText("0").waitFor();
    await page.getByRole("button", { name: "Load demo set" }).click();
    await page.getByText("Demo set loaded: 41 records inserted, 0 already present.").waitFor();
    await page.getByTestId("negatome-total").getByText("41").waitFor();
    expect(await page.getByRole("img", { name: "Records by source" }).locator("desc").textContent()).toBe(
      "demo: 41 records",
    );

    const loader = page.getByRole("form", { name: "Negatome loaders" });
    await loader.getByText("Demo data").waitFor();
    await loader.getByRole("checkbox", { name: /negatome:withdrawn/ }).check();
    await loader.getByRole("button", { name: "Load selected" }).click();
    await page
      .getByRole("list", { name: "Load results" })
      .getByText(/^negatome:withdrawn: [\d,]+ inserted, [\d,]+ already present/)
      .waitFor({ timeout: 120_000 });
    await page
      .getByRole("img", { name: "Records by source" })
      .locator("desc", { hasText: /withdrawn: \d+ records/ })
      .waitFor({ state: "attached" });
    expect(await page.getByTestId("negatome-total").textContent()).not.toBe("41");

    await page.getByRole("button", { name: "Ensure schema" }).click();
    await page.getByText(/^Schema ready: negatome_records/).waitFor();
  });
});

describe("Admin page: help, accessibility and layout", () => {
  it("has a Help drawer describing both tabs, reachable by keyboard", async () => {
    await openAdmin();
    await page.getByRole("button", { name: "Help", exact: true }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Help: Admin" });
    const text = (await drawer.textContent()) ?? "";
    for (const phrase of [
      "NLP Database",
      "Negatome Database",
      "tens of seconds",
      "gives 503 when the database is unavailable",
    ])
      expect(text).toContain(phrase);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll, on both tabs`, async () => {
      const width = VIEWPORTS[viewport].width;
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const [id, ready] of [
        ["nlp", "nlp-docs"],
        ["negatome", "negatome-total"],
      ] as const) {
        await openAdmin(`?tab=${id}`);
        await page.getByTestId(ready).waitFor();
        await page.getByRole("checkbox").first().waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        await screenshot(page, `admin-${id}-${width}`);
      }
    });
  }
});
