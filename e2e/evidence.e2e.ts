import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  useE2eSession,
  type ViewportName,
  VIEWPORTS,
  writeFixture,
} from "./harness";

let page: Page;

const ARTICLE =
  "Gefitinib inhibits EGFR in lung carcinoma. Patients whose tumours carried activating mutations responded for longer.";

/** Rheumatoid arthritis abstracts: three name JAK1 (one as "Janus kinase 1 (JAK1)", one negated), one does not. */
const RA_TOFACITINIB =
  "Tofacitinib, an oral inhibitor of Janus kinase 1 (JAK1) and JAK3, reduced disease activity in patients with rheumatoid arthritis (RA).";
const RA_ABSTRACTS = [
  {
    source: "e2e-ra",
    external_id: "tofacitinib",
    title: "Tofacitinib in rheumatoid arthritis",
    year: 2012,
    text: `Tofacitinib in rheumatoid arthritis\n${RA_TOFACITINIB} Serious infections were reported in 2% of patients.`,
  },
  {
    source: "e2e-ra",
    external_id: "synovium",
    title: "JAK1 signalling in RA synovium",
    year: 2019,
    text: "JAK1 signalling in RA synovium\nJAK1 is highly expressed in the synovial tissue of patients with rheumatoid arthritis. Interferon signals through JAK1 in fibroblast-like synoviocytes.",
  },
  {
    source: "e2e-ra",
    external_id: "methotrexate",
    title: "Methotrexate in rheumatoid arthritis",
    year: 2005,
    text: "Methotrexate in rheumatoid arthritis\nMethotrexate remains the anchor drug for rheumatoid arthritis. Patients with RA treated with methotrexate had less radiographic progression.",
  },
  {
    source: "e2e-ra",
    external_id: "ruxolitinib",
    title: "Ruxolitinib in RA fibroblasts",
    year: 2021,
    text: "Ruxolitinib in RA fibroblasts\nIn synovial fibroblasts from patients with rheumatoid arthritis, ruxolitinib did not inhibit JAK1.",
  },
];

useE2eSession((session) => ({ page } = session));

async function openEvidence(mode?: "freeform" | "target" | "ingest"): Promise<void> {
  await page.goto(`/dashboard/evidence${mode ? `?mode=${mode}` : ""}`);
  await page.getByRole("heading", { level: 1, name: "Evidence" }).waitFor();
}

const tab = (name: string) => page.getByRole("tablist", { name: "Evidence modes" }).getByRole("tab", { name });
const uploadForm = () => page.getByRole("form", { name: "Upload a document" });
const jsonlForm = () => page.getByRole("form", { name: "JSONL batch ingest" });
const searchForm = () => page.getByRole("form", { name: "Search the literature" });
const targetForm = () => page.getByRole("form", { name: "Target evidence" });

async function showTarget(symbol: string, disease: string): Promise<void> {
  await targetForm().getByLabel("Gene symbol").fill(symbol);
  await targetForm().getByLabel("Disease").fill(disease);
  await targetForm().getByRole("button", { name: "Show evidence" }).click();
}

describe("modes", () => {
  it("offers Freeform, Target Evidence and Ingest Docs as tabs, by keyboard too, kept in the address", async () => {
    await openEvidence();
    expect(await page.getByRole("tablist", { name: "Evidence modes" }).getByRole("tab").allTextContents()).toEqual([
      "Freeform",
      "Target Evidence",
      "Ingest Docs",
    ]);
    expect(await tab("Freeform").getAttribute("aria-selected")).toBe("true");
    await tab("Freeform").focus();
    await page.keyboard.press("ArrowRight");
    await targetForm().waitFor();
    expect(await tab("Target Evidence").getAttribute("aria-selected")).toBe("true");
    expect(page.url()).toContain("mode=target");
    await page.keyboard.press("End");
    await uploadForm().waitFor();
    await page.reload();
    await uploadForm().waitFor();
  });
});

describe("ingest, search and target evidence", () => {
  it("ingests a text file with its fields, reporting the server's reason when it refuses one", async () => {
    await openEvidence("ingest");
    const empty = await writeFixture("empty.txt", "   \n");
    await uploadForm().getByLabel("Document file").setInputFiles(empty);
    await uploadForm().getByRole("button", { name: "Upload and ingest" }).click();
    await uploadForm()
      .getByRole("alert")
      .getByText(/^Upload ingest failed: .+/)
      .waitFor();

    const wrongType = await writeFixture("notes.docx", "not a pdf");
    await uploadForm().getByLabel("Document file").setInputFiles(wrongType);
    await uploadForm().getByRole("button", { name: "Upload and ingest" }).click();
    await uploadForm().getByText("Only PDF or .txt files can be ingested.").waitFor();

    const article = await writeFixture("gefitinib-egfr.txt", ARTICLE);
    await uploadForm().getByLabel("Document file").setInputFiles(article);
    await uploadForm().getByLabel("Source").fill("e2e");
    await uploadForm().getByLabel("External ID").fill("gef-1");
    await uploadForm().getByLabel("Year").fill("2024");
    await uploadForm().getByLabel("Venue").fill("Journal of End-to-End Tests");
    await uploadForm().getByRole("button", { name: "Upload and ingest" }).click();
    await uploadForm().getByText(`Ingested e2e / gef-1 (${ARTICLE.length} characters of text).`).waitFor();
  });

  it("finds the document by Freeform search, highlighted, with its source, year and venue, and opens it", async () => {
    await openEvidence("freeform");
    await searchForm().getByRole("button", { name: "Search" }).click();
    await searchForm().getByText("Enter words to search for.").waitFor();
    await searchForm().getByLabel("Search").fill("gefitinib");
    expect(await searchForm().getByLabel("Top-K").inputValue()).toBe("10");
    await searchForm().getByLabel("Top-K").fill("1001");
    await searchForm().getByRole("button", { name: "Search" }).click();
    await searchForm().getByText("Top-K must be a whole number from 1 to 1000.").waitFor();
    await searchForm().getByLabel("Top-K").fill("5");
    await searchForm().getByRole("button", { name: "Search" }).click();

    const results = page.getByRole("list", { name: "Search results" });
    const first = results.locator("li").first();
    await first.locator("mark", { hasText: "Gefitinib" }).waitFor();
    expect(await first.locator(".passage__meta").textContent()).toMatch(
      /^e2egef-1Journal of End-to-End Tests2024score \d\.\d{3}$/,
    );

    await first.getByRole("link", { name: "gefitinib-egfr" }).click();
    const dialog = page.getByRole("dialog", { name: "gefitinib-egfr" });
    await dialog.getByText(ARTICLE).waitFor();
    await dialog.getByText(/^Extracted triples \(\d+\)$/).waitFor();
    expect(page.url()).toContain("document=e2e&id=gef-1");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(page.url()).not.toContain("document=");
  });

  it("finds JAK1 in rheumatoid arthritis by its synonyms, one hit per document, with the mechanism triple", async () => {
    await openEvidence("ingest");
    const lines = RA_ABSTRACTS.map((doc) => JSON.stringify(doc)).join("\n");
    await jsonlForm()
      .getByLabel("JSONL file")
      .setInputFiles(await writeFixture("rheumatoid-arthritis.jsonl", lines));
    await jsonlForm().getByRole("button", { name: "Ingest JSONL" }).click();
    await jsonlForm().getByText("Ingested 4 documents in 1 batch: 4 new, 0 already present.").waitFor();

    await tab("Freeform").click();
    await searchForm().getByLabel("Search").fill("JAK1 rheumatoid arthritis");
    await searchForm().getByRole("button", { name: "Search" }).click();
    const results = page.getByRole("list", { name: "Search results" });
    await results.waitFor();
    const hits = results.locator(":scope > li");
    const titles = await hits.locator(".passage__title").allTextContents();
    // One hit per document: each document's title once, its other matching passages folded under it.
    expect(titles.filter((t) => RA_ABSTRACTS.some((doc) => doc.title === t)).sort()).toEqual(
      RA_ABSTRACTS.map((doc) => doc.title).sort(),
    );
    expect(new Set(titles).size).toBe(titles.length);

    const tofacitinib = hits.filter({ hasText: "Tofacitinib in rheumatoid arthritis" });
    // The abstract says "Janus kinase 1" and "RA", not the query's words: marked as the query's entities.
    for (const synonym of ["Janus kinase 1", "RA"])
      await tofacitinib
        .locator(".passage__text mark", { hasText: new RegExp(`^${synonym}$`) })
        .first()
        .waitFor();
    await tofacitinib.getByText("1 more matching passage in this document").waitFor();
    const mechanism = tofacitinib
      .getByRole("list", { name: "Triples in Tofacitinib in rheumatoid arthritis" })
      .locator("li", { hasText: /^tofacitinib inhibits JAK1/ });
    await mechanism.getByText("trigger “inhibitor”").waitFor();
    await mechanism.getByText(/^confidence \d\.\d{3}$/).waitFor();
    await mechanism.getByText("positive").waitFor();
    await page.getByText(/^Triples at the default confidence thresholds/).waitFor();
    await screenshot(page, "evidence-search-jak1-ra");

    // Every triple, low-confidence ones included: the negated one says which words negate it.
    await page.getByLabel("Include low-confidence triples").check();
    await page.getByText("Every triple, whatever its confidence.").waitFor();
    const negated = hits
      .filter({ hasText: "Ruxolitinib in RA fibroblasts" })
      .locator("li", { hasText: /^ruxolitinib inhibits JAK1/ });
    await negated.getByText("negative").waitFor();
    await negated.getByText("negated by “did not”").waitFor();
  });

  it("shows EGFR in lung cancer: prior with its four components, a triple with its sentence and document, and the composite", async () => {
    await openEvidence("target");
    await showTarget("EGFR", "lung cancer");
    await page.getByRole("heading", { name: /^Evidence prior: EGFR in lung cancer/ }).waitFor();
    expect(Number(await page.getByTestId("prior-value").textContent())).toBeGreaterThan(0);
    for (const component of ["Evidence sum", "MoA coverage", "Clinical signal", "Refutation penalty"])
      await page.locator(".prior-components dt", { hasText: component }).waitFor();

    const triples = page.getByRole("list", { name: "Triples" });
    const triple = triples.locator("li").first();
    await triple.getByText("EGFR", { exact: true }).waitFor();
    await triple.getByText("positive").waitFor();
    await triple.getByText(/^confidence \d\.\d{3}$/).waitFor();
    await triple.locator("blockquote", { hasText: "Gefitinib inhibits EGFR in lung carcinoma." }).waitFor();
    expect(await triples.locator("li").count()).toBeLessThanOrEqual(10);
    await triple.getByRole("link", { name: "gefitinib-egfr" }).click();
    const dialog = page.getByRole("dialog", { name: "gefitinib-egfr" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    // While the modal dialog is open the form behind it is inert, so typing into it would be lost.
    await dialog.waitFor({ state: "hidden" });

    const composite = page.getByRole("form", { name: "Composite score" });
    const weights = await Promise.all(
      ["w_lit", "w_omics", "w_drugg", "w_safe", "w_neg"].map((key) =>
        composite.getByRole("spinbutton", { name: new RegExp(`\\(${key}\\), value$`) }).inputValue(),
      ),
    );
    expect(weights).toEqual(["0.3", "0.25", "0.2", "0.15", "0.1"]);
    await composite.getByLabel("Omics", { exact: true }).fill("150");
    await composite.getByRole("button", { name: "Compute composite" }).click();
    await composite.getByText("A number from 0 to 100, or empty.").waitFor();
    await composite.getByLabel("Omics", { exact: true }).fill("80");
    await composite.getByLabel("Druggability", { exact: true }).fill("70");
    await composite.getByLabel("Safety", { exact: true }).fill("60");
    await composite.getByLabel("Negatome risk", { exact: true }).fill("10");
    // Keyboard on the slider: End moves the literature weight to 1.
    await composite.getByRole("slider", { name: /\(w_lit\)$/ }).focus();
    await page.keyboard.press("End");
    expect(await composite.getByRole("spinbutton", { name: /\(w_lit\), value$/ }).inputValue()).toBe("1");
    const request = page.waitForRequest((r) => r.url().endsWith("/v1/nlp/target/composite"));
    await composite.getByRole("button", { name: "Compute composite" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      symbol: "EGFR",
      disease: "lung cancer",
      omics: 80,
      druggability: 70,
      safety: 60,
      negatome_risk: 10,
      weights: { w_lit: 1, w_omics: 0.25 },
    });
    const value = Number(await page.getByTestId("composite-value").textContent());
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThanOrEqual(100);
  });

  it("offers the candidates of an ambiguous disease and searches with the one chosen", async () => {
    await openEvidence("target");
    await showTarget("EGFR", "CML");
    await page.getByText('Ambiguous disease "CML"').waitFor();
    await page
      .getByRole("list", { name: "Candidates" })
      .getByRole("button", { name: "chronic myeloid leukemia (DOID:8552)" })
      .click();
    expect(await targetForm().getByLabel("Disease").inputValue()).toBe("DOID:8552");
    await page.getByRole("heading", { name: /^Evidence prior: EGFR in chronic myeloid leukemia/ }).waitFor();
    await page.getByText("No triple links this gene to this disease yet.", { exact: false }).waitFor();
  });
});

describe("JSONL batch ingest", () => {
  it("reports a malformed line as 'Malformed JSON at line N' and sends nothing", async () => {
    await openEvidence("ingest");
    let sent = 0;
    page.on("request", (request) => request.url().endsWith("/v1/nlp/ingest/docs") && sent++);
    const lines = [
      JSON.stringify({ source: "e2e", external_id: "ok-1", text: "Aspirin inhibits PTGS1." }),
      '{"source": "e2e", "external_id": ',
      JSON.stringify({ source: "e2e", external_id: "ok-3", text: "More text." }),
    ];
    await jsonlForm()
      .getByLabel("JSONL file")
      .setInputFiles(await writeFixture("broken.jsonl", lines.join("\n")));
    await jsonlForm().getByRole("button", { name: "Ingest JSONL" }).click();
    await jsonlForm().getByText("Malformed JSON at line 2").waitFor();
    await jsonlForm().getByText("Nothing was sent").waitFor();

    await jsonlForm()
      .getByLabel("JSONL file")
      .setInputFiles(await writeFixture("empty.jsonl", "\n\n"));
    await jsonlForm().getByRole("button", { name: "Ingest JSONL" }).click();
    await jsonlForm().getByText("The file is empty.").waitFor();
    expect(sent).toBe(0);
  });

  it("sends a valid file in batches of 500 with progress", async () => {
    await openEvidence("ingest");
    const batches: number[] = [];
    page.on(
      "request",
      (request) =>
        request.url().endsWith("/v1/nlp/ingest/docs") &&
        batches.push((request.postDataJSON() as { docs: unknown[] }).docs.length),
    );
    const lines = Array.from({ length: 501 }, (_, i) =>
      JSON.stringify({
        source: "e2e-batch",
        external_id: `doc-${i}`,
        title: `Batch document ${i}`,
        year: 2020,
        text: `Document ${i} reports that imatinib inhibits ABL1.`,
      }),
    );
    await jsonlForm()
      .getByLabel("JSONL file")
      .setInputFiles(await writeFixture("batch.jsonl", `${lines.join("\n")}\n`));
    await jsonlForm().getByRole("button", { name: "Ingest JSONL" }).click();
    await jsonlForm()
      .getByText("Ingested 501 documents in 2 batches: 501 new, 0 already present.")
      .waitFor({ timeout: 120_000 });
    expect(batches).toEqual([500, 1]);
    expect(await jsonlForm().locator("progress").getAttribute("value")).toBe("501");
  });
});

describe("Evidence page: help, accessibility and layout", () => {
  it("has a Help drawer with the rules, reachable by keyboard", async () => {
    await openEvidence();
    await page.getByRole("button", { name: "Help", exact: true }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Help: Evidence" });
    const text = (await drawer.textContent()) ?? "";
    for (const rule of [
      "Malformed JSON at line N",
      "batches of 500",
      "topk 1-1000 (422)",
      "empty_text",
      "pdf_parse_failed_or_dependency_missing",
      "w_lit 0.3, w_omics 0.25, w_drugg 0.2, w_safe 0.15, w_neg 0.1",
    ])
      expect(text).toContain(rule);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll, in every mode`, async () => {
      const width = VIEWPORTS[viewport].width;
      await page.setViewportSize(VIEWPORTS[viewport]);
      await openEvidence("freeform");
      await searchForm().getByLabel("Search").fill("EGFR lung");
      await searchForm().getByRole("button", { name: "Search" }).click();
      await page.getByRole("list", { name: "Search results" }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `evidence-freeform-${width}`);

      await tab("Target Evidence").click();
      await showTarget("EGFR", "lung cancer");
      await page.getByRole("list", { name: "Triples" }).waitFor();
      await page
        .getByRole("form", { name: "Composite score" })
        .getByRole("button", { name: "Compute composite" })
        .click();
      await page.getByTestId("composite-value").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `evidence-${width}`);

      await tab("Ingest Docs").click();
      await uploadForm().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `evidence-ingest-${width}`);
    });
  }
});
