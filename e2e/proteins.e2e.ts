import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  inPage,
  proteinFixture,
  readDownload,
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

const FASTA = [
  ">sp|P01308|INS_HUMAN insulin B chain",
  "FVNQHLCGSHLVEALYLVCGERGFFYTPKT",
  ">lysozyme fragment",
  "KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAK",
  ">not a protein",
  "XXXXBZ",
].join("\n");

useE2eSession((session) => ({ server, page } = session));

const resultsTable = () => page.getByRole("table", { name: "Protein analysis results" });
const resultRows = () => resultsTable().locator("tbody tr");
const uploadForm = () => page.getByRole("form", { name: "Upload a file" });

async function openProteins(): Promise<void> {
  await page.goto("/dashboard/proteins");
  await page.getByRole("heading", { level: 1, name: "Proteins" }).waitFor();
}

async function analyse(text: string): Promise<void> {
  const form = page.getByRole("form", { name: "Paste sequence" });
  await form.getByLabel("Sequences (one per line, or FASTA)").fill(text);
  await form.getByRole("button", { name: "Analyze" }).click();
}

/** The text of one column's cells, top to bottom. */
function column(header: string): Promise<string[]> {
  return inPage(
    page,
    `(() => {
      const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent === 'Protein analysis results');
      return [...table.querySelectorAll('tbody td')].filter((td) => td.dataset.label === ${JSON.stringify(header)}).map((td) => td.textContent.trim());
    })()`,
  );
}

describe("protein analysis", () => {
  it("analyses a pasted FASTA: the server's MW and pI, stability, composition, a per-row error and CSV export", async () => {
    await openProteins();
    await analyse(FASTA);
    await page.getByText("3 sequences analysed, 1 could not be read.").waitFor();
    expect(await resultRows().count()).toBe(3);

    // The cells hold the server's computed values, not the §9 rules of thumb (length × 110, (1 − charged) × 7).
    const response = await fetch(`${server.baseUrl}/v1/proteins/analyze`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sequences: [FASTA] }),
    });
    const { results } = (await response.json()) as {
      results: {
        ok: boolean;
        length?: number;
        molecular_weight?: number;
        isoelectric_point?: number;
        charged_fraction?: number;
      }[];
    };
    expect(await column("MW (Da)")).toEqual(results.map((r) => (r.ok ? r.molecular_weight!.toFixed(1) : "—")));
    expect(await column("pI")).toEqual(results.map((r) => (r.ok ? r.isoelectric_point!.toFixed(2) : "—")));
    expect(results[0]!.molecular_weight!.toFixed(1)).not.toBe((results[0]!.length! * 110).toFixed(1));

    const insulin = resultRows().nth(0);
    await insulin.getByText("sp|P01308|INS_HUMAN insulin B chain").waitFor();
    expect(await column("Length")).toEqual(["30", "33", "—"]);
    await insulin.getByText(/^(stable|unstable)$/).waitFor();

    // Composition opens per row, by keyboard; the quick estimates appear only there, labelled as such.
    await insulin.getByText("Composition").focus();
    await page.keyboard.press("Enter");
    await insulin.locator(".composition").getByText("G", { exact: true }).waitFor();
    await insulin
      .getByText(/^Quick estimates \(rules of thumb, not the computed values above\): pI ≈ \d+\.\d\d, MW ≈ 3,300 Da\.$/)
      .waitFor();

    const failed = resultRows().nth(2);
    await failed.getByText("not a protein").waitFor();
    expect(await failed.locator(".row-error").textContent()).toMatch(/^Not analysed: .+/);

    const csv = await readDownload(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    expect(csv.name).toBe("protein-analysis.csv");
    const [header, ...lines] = csv.text.trimEnd().split("\r\n");
    expect(header?.split(",").slice(0, 9)).toEqual([
      "id",
      "chain",
      "sequence",
      "ok",
      "error",
      "length",
      "molecular_weight",
      "isoelectric_point",
      "gravy",
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(
      `sp|P01308|INS_HUMAN insulin B chain,,FVNQHLCGSHLVEALYLVCGERGFFYTPKT,true,,30,${results[0]!.molecular_weight}`,
    );
    expect(lines[2]).toMatch(/^not a protein,,XXXXBZ,false,/);
  });

  it("takes plain sequences one per line, trimmed, blank lines dropped", async () => {
    await openProteins();
    await analyse("  MKTAYIAKQRQISFVKSHFSRQ  \n\n\nGSHMWWCC\n");
    await page.getByText("2 sequences analysed.").waitFor();
    expect(await column("Length")).toEqual(["22", "8"]);
  });

  it("uploads 1HSG.pdb: one row per chain and the structure in 3D", async () => {
    const pdb = await proteinFixture();
    await openProteins();
    await uploadForm().getByLabel("File").setInputFiles(pdb);
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await resultsTable().waitFor();
    // HIV-1 protease: a homodimer of two 99-residue chains.
    expect(await column("Length")).toEqual(["99", "99"]);
    await resultRows().nth(0).getByText("chain A").waitFor();
    await resultRows().nth(1).getByText("chain B").waitFor();
    const viewer = page.getByRole("img", { name: "3D view of 1HSG.pdb" });
    await page.locator('.structure-viewer[data-state="ready"]').waitFor();
    const canvas = viewer.locator("canvas");
    await canvas.waitFor();
    const size = await canvas.boundingBox();
    expect(size!.width).toBeGreaterThan(200);
    expect(size!.height).toBeGreaterThan(200);
    await page.getByRole("button", { name: "Spin" }).click();
    expect(await page.getByRole("button", { name: "Spin" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Spin" }).click();
    await screenshot(page, "proteins-structure-1280", { fullPage: false });
  });

  it("shows the server's 422 for a file it cannot read", async () => {
    await openProteins();
    await uploadForm()
      .getByLabel("File")
      .setInputFiles(await writeFixture("structure.cif", "data_1HSG\n"));
    await uploadForm().getByRole("button", { name: "Analyze file" }).click();
    await page
      .getByRole("alert")
      .getByText(/^file: the file must end in \.fasta, \.fa, \.faa, \.txt, \.seq, \.pdb, \.ent$/)
      .waitFor();
  });
});

describe("Proteins page: help, accessibility and layout", () => {
  it("has a Help drawer with the page's rules", async () => {
    await openProteins();
    await page.getByRole("button", { name: "Help", exact: true }).click();
    const text = (await page.getByRole("dialog", { name: "Help: Proteins" }).textContent()) ?? "";
    for (const rule of [
      "one per line (trimmed, blank lines dropped)",
      "at most 10,000 sequences per request, otherwise 413",
      "hydrophobic and charged fractions",
    ])
      expect(text).toContain(rule);
    await page.keyboard.press("Escape");
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await openProteins();
      await uploadForm()
        .getByLabel("File")
        .setInputFiles(await proteinFixture());
      await uploadForm().getByRole("button", { name: "Analyze file" }).click();
      await page.locator('.structure-viewer[data-state="ready"]').waitFor();
      await resultRows().first().getByText("Composition").click();
      await screenshot(page, `proteins-${VIEWPORTS[viewport].width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
    });
  }
});
