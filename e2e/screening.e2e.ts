import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readSharedData, requireSharedData } from "@sieve/testing";
import { chooseNewProject, screenshot, seriousA11yViolations, useE2eSession, writeFixture } from "./harness";

let page: Page;

useE2eSession((session) => ({ page } = session));

requireSharedData("drugcentral/structures.smiles.tsv");
/** DrugCentral's structure of each drug, by INN. */
function drugs(...names: string[]): string {
  const rows = readSharedData("drugcentral/structures.smiles.tsv").split("\n");
  return names
    .map((name) => {
      const row = rows.find((line) => line.split("\t")[4] === name);
      if (!row) throw new Error(`${name} is not in DrugCentral's structures`);
      return `${row.split("\t")[0]} ${name}`;
    })
    .join("\n");
}

const dialog = () => page.locator("dialog[open]");

describe("screening 1HSG (HIV-1 protease) with its inhibitors among decoys", () => {
  it(
    "keeps indinavir and ranks it, shows every filter with its value, and lists each compound not ranked with the reason",
    {
      timeout: 1_800_000,
      retry: 0,
    },
    async () => {
      // Indinavir (1HSG's co-crystal ligand, 614 Da) and amprenavir, three drugs that do not act on the protease, a
      // glycopeptide too large to dock (vancomycin, 101 heavy atoms) and a line that is no SMILES.
      const library = `${drugs("indinavir", "amprenavir", "ibuprofen", "metoprolol", "loratadine", "vancomycin")}\nnot-a-smiles broken\n`;
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "New Job" }).click();
      await dialog().getByLabel("Target Protein").fill("1HSG");
      await dialog()
        .locator('input[data-upload-kind="compound_library"]')
        .setInputFiles(await writeFixture("pis.smi", library));
      await dialog().getByText("File uploaded successfully: pis.smi").waitFor();

      // Every filter is in the dialog with its default; the drug-likeness rule (MW < 600) is off.
      const filters = dialog().getByRole("group", { name: "Screening filters" });
      expect(await filters.getByLabel(/Drug-likeness rule/).isChecked()).toBe(false);
      expect(await filters.getByLabel("Maximum heavy atoms").inputValue()).toBe("80");
      expect(await filters.getByLabel("Maximum negatome risk").inputValue()).toBe("0.7");
      await filters.getByLabel("Time limit per docking step (s)").fill("600");
      await screenshot(page, "new-job-screening-filters", { fullPage: false });
      await chooseNewProject(page, "Protease inhibitor screen");
      await dialog().getByRole("button", { name: "Launch Workflow" }).click();
      await dialog().waitFor({ state: "detached" });

      await page
        .getByRole("table", { name: "Recent runs" })
        .getByRole("row", { name: /Virtual High-Throughput Screening/ })
        .first()
        .getByRole("button", { name: /^Details of run / })
        .click();
      await dialog()
        .getByRole("link", { name: /Open the run page/ })
        .click();
      await page.waitForURL(/\/dashboard\/runs\/[0-9a-f-]{36}$/);
      await page
        .getByText(
          "drug-likeness rule off · at most 80 heavy atoms · negatome risk at most 0.7 · time limit per docking step 600 s + 30 s per rotatable bond",
        )
        .waitFor();

      const hits = page.getByRole("table", { name: "Hits, best first" });
      await page.locator(".badge", { hasText: "completed" }).first().waitFor({ timeout: 1_700_000 });
      const ranked = (await hits.locator("tbody tr td:nth-child(3) strong").allTextContents()).map((t) => t.trim());
      const notRanked = page.getByRole("table", { name: "Compounds not ranked, with the reason" });
      const rows = await notRanked
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")),
        );
      console.info(`not ranked: ${JSON.stringify(rows)}`);
      console.info(`ranked: ${ranked.join(", ")}`);
      await screenshot(page, "run-screening-1hsg-not-ranked");
      // Indinavir is kept and ranked above the small decoys. Under the spec's default objectives (activity, and SA at
      // half weight) loratadine's easier synthesis can tie it: their fitness differs by less than the spread of
      // Vina's score across Open Babel's unseeded conformers, so first place is not asserted (issue 20).
      expect(ranked.indexOf("indinavir")).toBeGreaterThanOrEqual(0);
      for (const decoy of ["ibuprofen", "metoprolol"])
        expect(ranked.indexOf("indinavir"), decoy).toBeLessThan(ranked.indexOf(decoy));
      expect(ranked).not.toContain("vancomycin");

      const row = (name: string) => rows.find((cells) => cells[1]?.startsWith(name));
      expect(row("not-a-smiles")?.slice(2)).toEqual(["Unreadable line", "RDKit could not read this structure"]);
      expect(row("vancomycin")?.slice(2)).toEqual(["Filtered", "101 heavy atoms is more than the limit of 80"]);
      // Open Babel 3.1.1's builder gives up on amprenavir; distance geometry builds it, slowly. Should that run past
      // the limit, the run says so.
      if (!ranked.includes("amprenavir")) {
        expect(row("amprenavir")?.[2]).toBe("Failed to score");
        expect(row("amprenavir")?.[3]).toMatch(
          /^3D build \(Open Babel --gen3d\): Open Babel could not build 3D coordinates|^3D build \(Open Babel --gen3d\) timed out after \d+ s \(the limit for this ligand: 600 s \+ 30 s × \d+ rotatable bonds\)$/,
        );
      } else expect(ranked.indexOf("amprenavir")).toBeLessThan(ranked.indexOf("ibuprofen"));
      expect(rows).toHaveLength(ranked.includes("amprenavir") ? 2 : 3);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
  );
});
