import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { buildPeptideSystem, mdAvailability } from "@sieve/workflows";
import {
  chooseNewProject,
  ARTIFACTS_DIR,
  inPage,
  proteinFixture,
  screenshot,
  scrollsSideways,
  seriousA11yViolations,
  useE2eSession,
  VIEWPORTS,
  writeFixture,
} from "./harness";
import { readSharedData } from "@sieve/testing";

let page: Page;

useE2eSession((session) => ({ page } = session));

const dialog = () => page.locator("dialog[open]");
const FIVE_COMPOUNDS = [
  "CC(=O)Oc1ccccc1C(=O)O aspirin",
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
  "CC(=O)Nc1ccc(O)cc1 paracetamol",
  "OC(=O)c1ccccc1O salicylic-acid",
  "Cn1cnc2c1c(=O)n(C)c(=O)n2C caffeine",
].join("\n");

interface HitsLayout {
  viewport: number;
  wrapLeft: number;
  wrapRight: number;
  scrollWidth: number;
  clientWidth: number;
  cells: { left: number; right: number }[];
  drawings: { left: number; right: number }[];
  minContent: number;
}

/**
 * Where the hits table's block, its first row's first two cells and its drawings sit on screen, and the table's
 * narrowest width.
 */
function hitsLayout(caption: string): Promise<HitsLayout> {
  return inPage(
    page,
    `(() => {
      const table = [...document.querySelectorAll("table")].find((t) => t.caption && t.caption.textContent === ${JSON.stringify(caption)});
      const wrap = table.closest(".table-wrap");
      const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; };
      const first = table.querySelector("tbody tr");
      return {
        viewport: document.documentElement.clientWidth,
        wrapLeft: wrap.getBoundingClientRect().left,
        wrapRight: wrap.getBoundingClientRect().right,
        scrollWidth: wrap.scrollWidth,
        clientWidth: wrap.clientWidth,
        cells: [...first.children].slice(0, 2).map(box),
        drawings: [...table.querySelectorAll("img.molecule-drawing")].map(box),
        minContent: (() => { const width = table.style.width; table.style.width = "min-content"; const narrowest = table.getBoundingClientRect().width; table.style.width = width; return Math.round(narrowest); })(),
      };
    })()`,
  );
}

/** The first columns and every drawing lie inside the table's block and the viewport (nothing clipped at the left). */
function expectFirstColumnsVisible(layout: HitsLayout): void {
  for (const box of [...layout.cells, ...layout.drawings]) {
    expect(box.left).toBeGreaterThanOrEqual(Math.max(0, layout.wrapLeft) - 0.5);
    expect(box.right).toBeLessThanOrEqual(Math.min(layout.viewport, layout.wrapRight) + 0.5);
  }
}

/**
 * Pixels of a PNG (an element's screenshot), decoded in the page's own 2D canvas: green (carbon sticks) and grey
 * (cartoon).
 */
function colourCounts(png: Buffer): Promise<{ green: number; grey: number; total: number }> {
  return inPage(
    page,
    `(async () => {
      const image = new Image();
      image.src = "data:image/png;base64,${png.toString("base64")}";
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let green = 0, grey = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i], g = data[i + 1], b = data[i + 2];
        if (g > 100 && g > r + 50 && g > b + 50) green++;
        else if (Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r > 80 && r < 235) grey++;
      }
      return { green, grey, total: data.length / 4 };
    })()`,
  );
}

async function uploadInto(kind: string, path: string): Promise<string> {
  await dialog().locator(`input[data-upload-kind="${kind}"]`).setInputFiles(path);
  await page.waitForFunction("document.querySelector('dialog[open] .upload-status')?.textContent !== ''");
  return (await dialog().locator(".upload-status").textContent()) ?? "";
}

describe("virtual screening with docking from the New Job modal", () => {
  it("uploads 1HSG and a five-compound library, launches VHTS with docking and shows docked hits with affinities and a pose", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "New Job" }).click();
    expect(await uploadInto("protein", await proteinFixture())).toBe("File uploaded successfully: 1HSG.pdb");
    expect(await uploadInto("compound_library", await writeFixture("five.smi", `${FIVE_COMPOUNDS}\n`))).toBe(
      "File uploaded successfully: five.smi",
    );
    expect(await dialog().getByLabel("Include docking").isChecked()).toBe(true);
    await chooseNewProject(page, "HIV protease docking");
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().waitFor({ state: "detached" });

    // From the recent runs table, through the run's details, to its page.
    const runsTable = page.getByRole("table", { name: "Recent runs" });
    // Newest first: a retried attempt's earlier run is further down.
    await runsTable
      .getByRole("row", { name: /Virtual High-Throughput Screening/ })
      .first()
      .getByRole("button", { name: /^Details of run / })
      .click();
    await dialog()
      .getByRole("link", { name: /Open the run page/ })
      .click();
    await page.waitForURL(/\/dashboard\/runs\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: /Virtual High-Throughput Screening — run/ }).waitFor();

    // Live progress while it docks, then the ranked hits.
    const hits = page.getByRole("table", { name: "Hits, best first" });
    await hits.waitFor({ timeout: 150_000 });
    await page.locator(".badge", { hasText: "completed" }).first().waitFor({ timeout: 150_000 });
    expect(await hits.locator("tbody tr").count()).toBe(5);
    const affinities = await hits.locator("tbody tr td:nth-child(4) .hits-table__affinity").allTextContents();
    for (const value of affinities) expect(Number(value)).toBeLessThan(0);
    expect(await page.getByText(/AutoDock Vina best binding affinity/).count()).toBe(1);
    expect(await hits.locator("img.molecule-drawing").count()).toBe(5);

    // The table fits its panel at 1280 px: no column is scrolled out of its block, the structures included.
    const fitted = await hitsLayout("Hits, best first");
    console.info(
      `hits table at 1280 px: block ${fitted.clientWidth} px, table ${fitted.scrollWidth} px (${fitted.minContent} px at its narrowest)`,
    );
    expect(fitted.scrollWidth).toBeLessThanOrEqual(fitted.clientWidth);
    expect(fitted.drawings).toHaveLength(5);
    expectFirstColumnsVisible(fitted);

    // Ibuprofen's pose: every heavy atom of Vina's PDBQT (15), not only its rigid root, drawn as green sticks in the
    // grey cartoon.
    await hits.getByRole("button", { name: "View pose of ibuprofen" }).click();
    await page.locator('.structure-viewer[data-state="ready"], .structure-viewer[data-state="failed"]').waitFor();
    const viewer = page.locator('.structure-viewer[data-state="ready"]');
    expect(await viewer.count()).toBe(1);
    expect(await viewer.getAttribute("data-ligand-atoms")).toBe("15");
    const canvas = viewer.locator("canvas");
    await canvas.waitFor();
    expectFirstColumnsVisible(await hitsLayout("Hits, best first"));
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "workflow-run-vhts-docking-1280");
    const pixels = await colourCounts(
      await canvas.screenshot({ path: join(ARTIFACTS_DIR, "screenshots", "workflow-run-vhts-pose-1280.png") }),
    );
    expect(pixels.green).toBeGreaterThan(pixels.total * 0.002);
    expect(pixels.grey).toBeGreaterThan(pixels.total * 0.05);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Narrower (1024 px, beside the sidebar) the table scrolls inside its block, and scrolled to its end it keeps the
    // structures in view.
    try {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.waitForFunction("document.documentElement.clientWidth <= 1024");
      await inPage(
        page,
        `[...document.querySelectorAll("table")].find((t) => t.caption && t.caption.textContent === "Hits, best first").closest(".table-wrap").scrollLeft = 10000`,
      );
      const scrolled = await hitsLayout("Hits, best first");
      console.info(`hits table at 1024 px: block ${scrolled.clientWidth} px, table ${scrolled.scrollWidth} px`);
      for (const box of scrolled.drawings) expect(box.left).toBeGreaterThanOrEqual(scrolled.wrapLeft - 0.5);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, "workflow-run-vhts-docking-1024-scrolled");
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }

    // At 375 px the hits are cards whose drawings fit the screen, and the page does not scroll sideways.
    try {
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.waitForFunction(`document.documentElement.clientWidth <= ${VIEWPORTS.mobile.width}`);
      const narrow = await hitsLayout("Hits, best first");
      expect(narrow.scrollWidth).toBeLessThanOrEqual(narrow.clientWidth);
      expectFirstColumnsVisible(narrow);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, "workflow-run-vhts-docking-375");
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });
});

describe("custom workflow plan", () => {
  it("reads the description back as a plan, lists what it did not understand, and runs once confirmed", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "New Job" }).click();
    await dialog().getByLabel("Custom Workflow").check();
    await dialog()
      .getByLabel("Custom Workflow Description")
      .fill("start from CCOc1ccccc1C(=O)O; logP below 3; budget 12; paint it blue");
    await chooseNewProject(page, "Aspirin analogues");
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().waitFor({ state: "detached" });
    // The list refreshes after the launch: pick the custom run's row, not whatever was first before.
    await page
      .getByRole("table", { name: "Recent runs" })
      .getByRole("row", { name: /Custom Workflow/ })
      .getByRole("button", { name: /^Details of run / })
      .click();
    await dialog()
      .getByRole("link", { name: /Open the run page/ })
      .click();

    const review = page.getByRole("region", { name: "Confirm the workflow plan" });
    await review.getByText("Constraint: logP below 3").waitFor();
    await review.getByText("Not understood, will not be applied: paint it blue").waitFor();
    await review.getByText("Budget: 12").waitFor();
    await review.getByRole("button", { name: "Confirm plan and run" }).click();
    await page.getByRole("table", { name: "Analogs, best first" }).waitFor({ timeout: 60_000 });
    await page.locator(".badge", { hasText: "completed" }).first().waitFor({ timeout: 60_000 });
    await page.getByText("Not understood (not applied): paint it blue").waitFor();
  });
});

describe("negatome docking oracle", () => {
  it("docks SMILES into a reference structure from the Negatome page and registers the weak binders as negatives", async () => {
    await page.goto("/dashboard/negatome");
    const panel = page.getByRole("region", { name: "Synthetic docking oracle" });
    await panel.getByLabel("Receptor").fill("1HSG");
    await panel.getByLabel("SMILES to dock").fill("CC(=O)Oc1ccccc1C(=O)O");
    await panel.getByLabel("Exhaustiveness").fill("1");
    await panel.getByRole("button", { name: "Dock" }).click();
    await panel.locator(".badge", { hasText: "completed" }).waitFor({ timeout: 90_000 });
    const affinity = await panel
      .getByRole("table", { name: "Docking oracle results" })
      .locator("tbody tr td:nth-child(2)")
      .textContent();
    expect(Number(affinity)).toBeLessThan(0);
    await panel.getByLabel("Weaker than (kcal/mol)").fill("-20");
    await panel.getByRole("button", { name: "Register weak binders as negatives" }).click();
    await panel.getByText(/1 weak binder\(s\) found; 1 negatome record\(s\) registered/).waitFor();
  });
});

// The one environmental skip: Debian's mdrun needs a CPU with rdtscp (npm test names the skipped test).
const md = await mdAvailability();
const canRunMd = md.available;
if (!canRunMd) console.warn(`skipping the MD oracle page test: ${md.reason}`);

describe("negatome MD oracle", () => {
  it.skipIf(!canRunMd)(
    "uploads a GROMACS system on the Negatome page, runs minimisation and NVT, shows the RMSD curve and registers the run as unstable",
    async () => {
      // HIV protease chain A residues 1–4 in water.
      const pdb = readSharedData("structures/1HSG.pdb");
      const system = await buildPeptideSystem(pdb, { chain: "A", first: 1, last: 4, padNm: 0.6 });
      await page.goto("/dashboard/negatome");
      const panel = page.getByRole("region", { name: "Synthetic MD oracle" });
      await panel.getByLabel("GROMACS system").setInputFiles(await writeFixture("pqit.tar", system));
      await panel.getByText("File uploaded successfully: pqit.tar").waitFor();
      await panel.getByLabel("Simulated time (ns)").fill("0.001");
      await panel
        .getByLabel("Ligand SMILES (optional)")
        .fill("O=C(O)[C@@H](NC(=O)[C@@H](NC(=O)[C@H](CCC(N)=O)NC(=O)[C@@H]1CCCN1)[C@@H](C)CC)[C@@H](C)O");
      await panel.getByRole("button", { name: "Run MD" }).click();
      await panel.locator(".badge", { hasText: "completed" }).waitFor({ timeout: 240_000 });
      await panel.getByText("Stable over the run.").waitFor();
      await panel.getByRole("img", { name: /RMSD over time/ }).waitFor();
      await screenshot(page, "negatome-md-oracle");
      await panel.getByLabel("Unstable above RMSD (nm)").fill("0.001");
      await panel.getByRole("button", { name: "Register if unstable" }).click();
      await panel.getByText("1 negatome record(s) registered, 0 already known.").waitFor();
    },
  );
});
