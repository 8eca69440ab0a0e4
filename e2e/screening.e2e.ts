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
    "ranks indinavir and amprenavir above the three decoys, shows every filter and the fitness terms with their values, and lists each compound not ranked with the reason",
    {
      timeout: 2_700_000,
      retry: 0,
    },
    async () => {
      // Indinavir (1HSG's co-crystal ligand, 614 Da) and amprenavir, three approved drugs that do not act on the protease
      // (ibuprofen, metoprolol, loratadine), a glycopeptide too large to dock (vancomycin, 101 heavy atoms) and a line
      // that is no SMILES. Docking uses the product's defaults (exhaustiveness 2, Vina seed 42); each ligand's 3D
      // conformer is RDKit ETKDG with a fixed seed after Open Babel's pH 7.4 protonation, so the scores and the order
      // are the same on every run on the same Vina and Open Babel builds.
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
      // Docking indinavir or amprenavir (11 rotatable bonds) takes about 2 min of one core at exhaustiveness 2, but a
      // 2-core machine shared with other work took over 930 s of wall time for it (the limit at 600 s); a longer limit
      // keeps a slow run from failing them. It costs nothing when the machine is free.
      await filters.getByLabel("Time limit per docking step (s)").fill("1200");
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
          "drug-likeness rule off · at most 80 heavy atoms · negatome risk at most 0.7 · time limit per docking step 1200 s + 30 s per rotatable bond · docking from at most 2 start conformers per ligand, best pose kept",
        )
        .waitFor();

      const hits = page.getByRole("table", { name: "Hits, best first" });
      await page.locator(".badge", { hasText: "completed" }).first().waitFor({ timeout: 2_600_000 });
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
      // Both inhibitors lead every decoy. Vina alone does not put amprenavir (−8.83 kcal/mol) above loratadine (−9.06,
      // bench/results/workflows-e2e-library.md) at exhaustiveness 2, 4 or 8; the default fitness adds how alike the
      // pose's interactions are to indinavir's in the crystal: amprenavir's hydroxyl sits between the catalytic
      // aspartates as indinavir's does, while loratadine, with no hydrogen-bond donor, only fills the pocket.
      expect([...ranked].sort()).toEqual(["amprenavir", "ibuprofen", "indinavir", "loratadine", "metoprolol"]);
      for (const inhibitor of ["indinavir", "amprenavir"])
        for (const decoy of ["ibuprofen", "metoprolol", "loratadine"])
          expect(ranked.indexOf(inhibitor), `${inhibitor} above ${decoy}`).toBeLessThan(ranked.indexOf(decoy));

      // How SA and the interaction similarity entered the fitness is on the page, with the bounds and the reference.
      const terms = page.getByRole("list", { name: "Fitness terms" });
      await terms
        .getByText(
          "(minimize, weight 0.5): 1 up to SA 4 (easy to make: no preference among such molecules), 0 from SA 6 (hard to make), linear between.",
        )
        .waitFor();
      await terms.getByText(/interactions per residue .*; reference ligand MK1:B:902\.$/).waitFor();
      expect(await hits.getByRole("columnheader", { name: /IFP similarity/ }).count()).toBe(1);
      expect(await hits.locator("tbody tr td:nth-child(4)").first().textContent()).toMatch(/^-11\.\d+IFP 0\.\d+$/);

      // Every compound not ranked is listed with its reason; nothing else is missing (5 ranked + 2 listed = 7 lines).
      const row = (name: string) => rows.find((cells) => cells[1]?.startsWith(name));
      expect(row("not-a-smiles")?.slice(2)).toEqual(["Unreadable line", "RDKit could not read this structure"]);
      expect(row("vancomycin")?.slice(2)).toEqual(["Filtered", "101 heavy atoms is more than the limit of 80"]);
      expect(rows).toHaveLength(2);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
  );
});
