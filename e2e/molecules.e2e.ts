import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  inPage,
  readDownload,
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  useE2eSession,
  type ViewportName,
  VIEWPORTS,
  writeFixture,
} from "./harness";

let page: Page;

const ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O";
const CAFFEINE = "Cn1cnc2c1c(=O)n(C)c(=O)n2C";

useE2eSession((session) => ({ page } = session));

const resultsTable = () => page.getByRole("table", { name: "Molecule analysis results" });
const resultRows = () => resultsTable().locator("tbody tr");
const pasteForm = () => page.getByRole("form", { name: "Paste SMILES" });
const uploadForm = () => page.getByRole("form", { name: "Upload a file" });
const jobsTable = () => page.getByRole("table", { name: "Optimization jobs" });
const details = () => page.getByRole("region", { name: /^Job / });

async function openMolecules(): Promise<void> {
  await page.goto("/dashboard/molecules");
  await page.getByRole("heading", { level: 1, name: "Molecular Optimization" }).waitFor();
}

async function analyse(text: string): Promise<void> {
  await pasteForm().getByLabel("SMILES (one per line)").fill(text);
  await pasteForm().getByRole("button", { name: "Analyze" }).click();
}

/** The formula cell of each result row, top to bottom ("" for a failed row). */
function formulas(): Promise<string[]> {
  return inPage(
    page,
    `Array.from(document.querySelectorAll('table')).find((table) => table.caption?.textContent === 'Molecule analysis results')
      .querySelectorAll('tbody tr').values().map((row) => row.querySelector('.identity > span')?.textContent ?? '').toArray()`,
  );
}

describe("molecule analysis", () => {
  it("analyses pasted SMILES: drawings, drug-likeness, formula and InChIKey, a per-row error, sorting and CSV export", async () => {
    await openMolecules();
    await pasteForm().getByRole("button", { name: "Analyze" }).click();
    await pasteForm().getByText("Enter at least one SMILES.").waitFor();

    // §5: trimmed, blank lines dropped.
    await analyse(`  ${ASPIRIN}  \n\n${CAFFEINE}\nnot_a_smiles\n   \n`);
    await page.getByText("3 molecules analysed, 1 could not be read.").waitFor();
    expect(await resultRows().count()).toBe(3);

    const drawings = resultsTable().getByRole("img", { name: /^Structure of / });
    expect(await drawings.count()).toBe(2);
    expect(
      await inPage(
        page,
        "[...document.querySelectorAll('img.molecule-drawing')].every((img) => img.complete && img.naturalWidth > 0)",
      ),
    ).toBe(true);
    expect(
      await inPage(
        page,
        "[...document.querySelectorAll('img.molecule-drawing')].every((img) => img.src.startsWith('data:image/svg+xml'))",
      ),
    ).toBe(true);

    const aspirinRow = resultRows().nth(0);
    await aspirinRow.getByText("C9H8O4").waitFor();
    await aspirinRow.getByText("BSYNRYMUTXBXSQ-UHFFFAOYSA-N").waitFor();
    await aspirinRow.getByText("drug-like", { exact: true }).waitFor();
    await aspirinRow.getByText("Lipinski: 0 violations").waitFor();
    await aspirinRow.getByText("Veber: pass").waitFor();
    expect(await resultsTable().getByText("drug-like", { exact: true }).count()).toBe(2);

    const failedRow = resultRows().nth(2);
    await failedRow.getByText("not_a_smiles", { exact: true }).waitFor();
    expect(await failedRow.locator(".row-error").textContent()).toMatch(
      /^Not analysed: Invalid SMILES: SMILES Parse Error/,
    );

    // Sort by MW with the keyboard: aspirin (180) before caffeine (194), the failed row stays last.
    const mwHeader = resultsTable().getByRole("columnheader", { name: /^MW/ });
    await mwHeader.getByRole("button").focus();
    await page.keyboard.press("Enter");
    expect(await mwHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(await formulas()).toEqual(["C9H8O4", "C8H10N4O2", ""]);
    await page.keyboard.press("Enter");
    expect(await mwHeader.getAttribute("aria-sort")).toBe("descending");
    expect(await formulas()).toEqual(["C8H10N4O2", "C9H8O4", ""]);

    const csv = await readDownload(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    expect(csv.name).toBe("molecule-analysis.csv");
    const [header, ...lines] = csv.text.trimEnd().split("\r\n");
    expect(header).toBe(
      "input,smiles,ok,error,formula,inchikey,mw,exact_mw,logp,tpsa,hbd,hba,rotatable_bonds,rings,aromatic_rings,heavy_atoms,fraction_csp3,qed,sa_score,drug_like_mw_under_600,lipinski_violations,veber_pass",
    );
    expect(lines).toHaveLength(3);
    // The export follows the on-screen order (MW descending) with full-precision values.
    expect(lines[0]).toMatch(
      /^Cn1cnc2c1c\(=O\)n\(C\)c\(=O\)n2C,.*,true,,C8H10N4O2,RYYVLZVUVIJVGH-UHFFFAOYSA-N,194\.19\d*,/,
    );
    expect(lines[1]).toMatch(
      /^CC\(=O\)Oc1ccccc1C\(=O\)O,.*,true,,C9H8O4,BSYNRYMUTXBXSQ-UHFFFAOYSA-N,180\.15\d*,.*,true,0,true$/,
    );
    expect(lines[2]).toMatch(/^not_a_smiles,,false,"?Invalid SMILES/);
  });

  it("uploads a .smi file, a .csv with its SMILES column named or detected, and an .sdf", async () => {
    await openMolecules();
    const smi = await writeFixture("library.smi", `${ASPIRIN} aspirin\n# a comment\n${CAFFEINE} caffeine\n`);
    await uploadForm().getByLabel("File").setInputFiles(smi);
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await page.getByText("2 molecules analysed.").waitFor();
    expect(await formulas()).toEqual(["C9H8O4", "C8H10N4O2"]);
    expect(
      await resultsTable()
        .getByRole("img", { name: /^Structure of / })
        .count(),
    ).toBe(2);

    const csv = await writeFixture("library.csv", `compound,structure\nethanol,CCO\nbroken,C1CC\n`);
    await uploadForm().getByLabel("SMILES column").fill("structure");
    await uploadForm().getByLabel("File").setInputFiles(csv);
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await page.getByText("2 molecules analysed, 1 could not be read.").waitFor();
    expect(await formulas()).toEqual(["C2H6O", ""]);

    // Left empty, the column is detected from a header containing "smiles".
    await uploadForm().getByLabel("SMILES column").fill("");
    await uploadForm()
      .getByLabel("File")
      .setInputFiles(await writeFixture("detected.csv", `name,canonical_smiles\naspirin,${ASPIRIN}\n`));
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await page.getByText("1 molecule analysed.").waitFor();
    expect(await formulas()).toEqual(["C9H8O4"]);

    const molblock = ["ethanol", "  hand-written", "", "  3  2  0  0  0  0  0  0  0  0999 V2000"]
      .concat(
        ["C", "C", "O"].map(
          (element, i) =>
            `${(i * 1.3).toFixed(4).padStart(10)}    0.0000    0.0000 ${element}   0  0  0  0  0  0  0  0  0  0  0  0`,
        ),
      )
      .concat(["  1  2  1  0", "  2  3  1  0", "M  END", "$$$$", ""]);
    await uploadForm()
      .getByLabel("File")
      .setInputFiles(await writeFixture("ethanol.sdf", molblock.join("\n")));
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    // The count reads the same as for the CSV before, so wait for the new row itself.
    await expect.poll(formulas, { timeout: 10_000 }).toEqual(["C2H6O"]);
  });

  it("shows a long result 100 rows at a time", async () => {
    await openMolecules();
    await analyse(Array.from({ length: 130 }, (_, index) => "C".repeat(index + 1)).join("\n"));
    await page.getByText("Showing 100 of 130 rows.").waitFor();
    expect(await resultRows().count()).toBe(100);
    await page.getByRole("button", { name: "Show 30 more" }).click();
    expect(await resultRows().count()).toBe(130);
  });

  it("shows the server's 413 and 422 messages instead of a blank table", async () => {
    await openMolecules();
    // fill() types 10,001 lines too slowly; set the value as React's own input handling would receive it.
    const tooManyLines = JSON.stringify(Array.from({ length: 10_001 }, () => "C").join("\n"));
    await inPage(
      page,
      `(() => {
        const textarea = document.querySelector('form[aria-label="Paste SMILES"] textarea');
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(textarea, ${tooManyLines});
        textarea.dispatchEvent(new Event("input", { bubbles: true }));
      })()`,
    );
    await pasteForm().getByRole("button", { name: "Analyze" }).click();
    const tooMany = page.getByRole("alert");
    await tooMany.waitFor();
    expect(await tooMany.textContent()).toBe(
      "Too many molecules: 10001 given, at most 10000 per request. Split the list into several requests.",
    );

    const wrongType = await writeFixture("notes.pdf", "%PDF-1.4");
    await uploadForm().getByLabel("File").setInputFiles(wrongType);
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await page.getByRole("alert").getByText("file: the file must end in .smi, .txt, .csv, .sdf, .sd").waitFor();
    expect(await resultsTable().count()).toBe(0);
  });
});

describe("molecular optimization", () => {
  const form = () => page.getByRole("form", { name: "Start an optimization run" });

  /** Fills the form for a run in the project named, an existing one unless `create` (then made inline). */
  async function fillRun(
    projectName: string,
    population: number,
    generations: number,
    { create = false } = {},
  ): Promise<void> {
    if (create) {
      await form().getByLabel("Project", { exact: true }).selectOption("new");
      await form().getByLabel("New project name").fill(projectName);
      await form()
        .getByLabel(/research use only/)
        .check();
    } else await form().getByLabel("Project", { exact: true }).selectOption({ label: projectName });
    await form().getByLabel("Starting SMILES (one per line)").fill(`${ASPIRIN}\n\n ${CAFFEINE} \n`);
    await form().getByLabel("Population").fill(String(population));
    await form().getByLabel("Generations").fill(String(generations));
  }

  /** Starts the filled-in run and returns its engine job id from the server's answer. */
  async function startRun(): Promise<string> {
    const answer = page.waitForResponse(
      (response) => /\/runs\/molecular$/.test(response.url()) && response.request().method() === "POST",
    );
    await form().getByRole("button", { name: "Start Optimization" }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it("starts from the §9 defaults and refuses a run without project or SMILES (§5 messages)", async () => {
    // With no worker connected the page says jobs will wait queued.
    await page.route("**/health", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: '{"status":"ok","db":"pglite","version":"0","workers":{"embedded":0,"remote":0}}',
      }),
    );
    await openMolecules();
    await page.getByText("No worker is connected: new jobs will wait queued until one connects.").waitFor();
    await page.unroute("**/health");
    const values = await Promise.all(
      [
        "Target logP",
        "Target MW",
        "Target TPSA",
        "Target QED",
        "logP weight",
        "MW weight",
        "TPSA weight",
        "QED weight",
        "Dimension",
        "Generations",
        "Population",
      ].map((label) => form().getByLabel(label, { exact: true }).inputValue()),
    );
    expect(values).toEqual(["3", "400", "60", "0.8", "1", "1", "1", "2", "10", "50", "80"]);
    await form().getByLabel("Target QED").fill("1.5");
    await form().getByRole("button", { name: "Start Optimization" }).click();
    await form().getByText("Please select a project to associate this run with").waitFor();
    await form().getByText("Please provide at least one SMILES string to optimize").waitFor();
    await form().getByText("Target QED must be a number from 0 to 1.").waitFor();
  });

  it("runs a small optimization: submitted, listed after the 0.5 s reload, live progress, then curves and best molecules", async () => {
    // The project is created from the form itself, named and acknowledged research-use-only (issue 22).
    await openMolecules();
    await fillRun("GA smoke test", 20, 10, { create: true });
    // Hold the request briefly so the client's own 'submitted' state can be seen.
    await page.route("**/runs/molecular", async (route) => {
      await new Promise((wake) => setTimeout(wake, 400));
      await route.fallback();
    });
    const listReloads: number[] = [];
    page.on(
      "request",
      (request) => request.url().includes("/v1/engine/jobs?domain=molecular") && listReloads.push(Date.now()),
    );
    const started = startRun();
    await form().getByText("submitted", { exact: true }).waitFor();
    const jobId = await started;
    const answeredAt = Date.now();
    await page.unroute("**/runs/molecular");
    await form().getByText("queued", { exact: true }).waitFor();

    const row = jobsTable().locator("tr", {
      has: page.getByRole("button", { name: `Show job ${jobId.split("-")[0]}` }),
    });
    await row.waitFor();
    expect(listReloads.some((at) => at - answeredAt >= 400)).toBe(true);
    // The new project is now the form's choice: the next run goes to it, and no second one is made.
    expect(await form().getByLabel("Project", { exact: true }).locator("option:checked").textContent()).toBe(
      "GA smoke test",
    );

    // The started job is followed through the event stream.
    await details().getByText("Following live through the event stream.").waitFor();
    await details()
      .getByTestId("job-progress")
      .getByText(/^Generation \d+ \/ 10, best fitness \d\.\d{4}$/)
      .waitFor();
    await details().getByRole("heading").getByText("completed").waitFor({ timeout: 120_000 });
    await row.getByText("completed").waitFor();
    expect(await row.getByRole("button", { name: /^Cancel job/ }).count()).toBe(0);
    await details()
      .getByTestId("job-progress")
      .getByText(/^Generation 10 \/ 10/)
      .waitFor();

    const chart = details().getByRole("img", { name: "Fitness and diversity by generation" });
    await chart.waitFor();
    expect(await chart.locator("polyline").count()).toBe(4);
    const legend = (await details().locator(".chart__legend").textContent()) ?? "";
    for (const label of ["Best fitness", "Mean fitness", "Top-10 mean", "Diversity"]) expect(legend).toContain(label);
    // Generations 0 to 10: eleven points per curve.
    expect(await chart.locator("polyline").first().getAttribute("points")).toMatch(/^(\S+ ){10}\S+$/);

    const best = details().getByRole("list", { name: "Best molecules" });
    await best
      .getByRole("img", { name: /^Structure of / })
      .first()
      .waitFor();
    expect(await best.locator("li").count()).toBe(10);
    await best
      .locator("li")
      .first()
      .getByText(/^#1 · fitness \d\.\d{4}$/)
      .waitFor();
    await page.waitForFunction(
      "[...document.querySelectorAll('.best-molecules img')].filter((img) => img.complete && img.naturalWidth > 0).length === 10",
    );
  });

  it("falls back to polling the job and its curves when the event stream fails", async () => {
    await page.route("**/events", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":"unavailable","code":"unavailable"}',
      }),
    );
    await openMolecules();
    await fillRun("GA smoke test", 20, 10);
    await startRun();
    await details().getByText("The event stream is unavailable; checking every second.").waitFor();
    await details().getByRole("heading").getByText("completed").waitFor({ timeout: 120_000 });
    expect(
      await details().getByRole("img", { name: "Fitness and diversity by generation" }).locator("polyline").count(),
    ).toBe(4);
    await details().getByRole("list", { name: "Best molecules" }).waitFor();
    await page.unroute("**/events");
  });

  it("cancels a big run, and reports a refused cancel with the §8 message", async () => {
    await openMolecules();
    await fillRun("GA smoke test", 200, 200);
    const jobId = await startRun();
    const shortJobId = jobId.split("-")[0]!;
    const cancelButton = jobsTable().getByRole("button", { name: `Cancel job ${shortJobId}` });
    await cancelButton.waitFor();

    await page.route(`**/v1/engine/jobs/${jobId}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({
            status: 501,
            contentType: "application/json",
            body: '{"error":"Cancelling is not supported here","code":"not_implemented"}',
          })
        : route.fallback(),
    );
    await cancelButton.click();
    await page
      .getByRole("alert")
      .getByText(`Failed to cancel job ${jobId}: Cancelling is not supported here`)
      .waitFor();
    await page.unroute(`**/v1/engine/jobs/${jobId}`);

    await cancelButton.click();
    const row = jobsTable().locator("tr", { has: page.getByRole("button", { name: `Show job ${shortJobId}` }) });
    await row.getByText("cancelled", { exact: true }).waitFor();
    await cancelButton.waitFor({ state: "detached" });
    await details().getByRole("heading").getByText("cancelled").waitFor();
  });
});

describe("Molecules page: help, accessibility and layout", () => {
  it("has a Help drawer with the page's rules, reachable by keyboard", async () => {
    await openMolecules();
    await page.getByRole("button", { name: "Help", exact: true }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Help: Molecular Optimization" });
    const text = (await drawer.textContent()) ?? "";
    for (const rule of [
      "at most 10,000 molecules per request, otherwise 413",
      "Ranges: dimensions 1-50, generations 10-200, population 20-200, QED target 0-1",
      "approximate MW under 600",
    ])
      expect(text).toContain(rule);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await openMolecules();
      await analyse(`${ASPIRIN}\n${CAFFEINE}\nnot_a_smiles`);
      await resultsTable().waitFor();
      await jobsTable()
        .locator("tr", { hasText: "completed" })
        .first()
        .getByRole("button", { name: /^Show job/ })
        .click();
      await details().getByRole("list", { name: "Best molecules" }).getByRole("img").first().waitFor();
      await page.waitForLoadState("networkidle");
      await screenshot(page, `molecules-${VIEWPORTS[viewport].width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
    });
  }
});
