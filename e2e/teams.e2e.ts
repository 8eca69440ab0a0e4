import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TARGET_REFERENCE_DATASETS, type AuditEvent, type SignatureList } from "@sieve/contracts";
import {
  accessToken,
  launchBrowser,
  nextAlert,
  openPage,
  screenshot,
  seriousA11yViolations,
  signUpFreshUser,
  startServer,
  uniqueEmail,
  writeFixture,
  type Credentials,
  type SieveServer,
} from "./harness";

let server: SieveServer;
let browser: Browser;
let owner: Page;
let ownerCredentials: Credentials;
/** The story's run, and the invited viewer's page (kept for the project page's test). */
let runId: string;
let viewer: Page;

// The owner's credentials are needed to sign, so the session is set up here rather than by useE2eSession.
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await openPage(browser, server.baseUrl, "/");
  ownerCredentials = await signUpFreshUser(owner, "Teams Lab");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PROJECT = "Shared protease screen";
/** The smallest screen worth the name: two small, rigid drugs docked into 1HSG (HIV-1 protease). */
const TWO_COMPOUNDS = "CC(=O)Nc1ccc(O)cc1 paracetamol\nCn1cnc2c1c(=O)n(C)c(=O)n2C caffeine\n";

/** The owner invites from the Members panel on the Admin page and copies the link shown once. */
async function inviteFromAdmin(email: string, role: "scientist" | "viewer"): Promise<string> {
  await owner.goto("/dashboard/admin");
  const panel = owner.getByRole("region", { name: "Members" });
  const form = panel.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Create Invitation" }).click();
  await panel.getByText(`Invitation for ${email} as ${role}`).waitFor();
  return new URL(await panel.getByLabel("Invitation link").inputValue()).pathname;
}

/** A new person opens the link in their own browser, creates their account and lands on the dashboard. */
async function acceptAsNewMember(link: string, name: string): Promise<Page> {
  const page = await openPage(browser, server.baseUrl, link);
  const form = page.getByRole("form", { name: "Accept invitation" });
  await form.getByText(/^Join Teams Lab as /).waitFor();
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Password").fill("protease inhibitors rule");
  await form.getByRole("button", { name: "Create Account and Join" }).click();
  await page.waitForURL("**/dashboard");
  return page;
}

async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${await accessToken(page)}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Fills the New Job modal for a VHTS of `library` against 1HSG in the shared project. */
async function fillScreen(page: Page, library: () => Promise<void>): Promise<void> {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "New Job" }).click();
  const dialog = page.locator("dialog[open]");
  await dialog.getByLabel("Target Protein").fill("1HSG");
  await library();
  await dialog.getByLabel("Project", { exact: true }).selectOption({ label: PROJECT });
}

describe("a team around one project", () => {
  it(
    "an owner invites a scientist who screens in the shared project, a viewer cannot launch, the owner signs the " +
      "dossier, and the audit trail shows each step",
    // Docking two small compounds takes about a minute on an idle 2-core machine; a loaded one has taken over ten.
    { timeout: 1_500_000, retry: 0 },
    async () => {
      // The owner creates the project the team shares.
      await owner.goto("/dashboard/projects");
      await owner.getByLabel("Name").fill(PROJECT);
      await owner.getByLabel(/research use only/).check();
      await owner.getByRole("button", { name: "Create Project" }).click();
      await owner.getByText(`Project “${PROJECT}” created.`).waitFor();

      const scientistEmail = uniqueEmail();
      const viewerEmail = uniqueEmail();
      const scientist = await acceptAsNewMember(
        await inviteFromAdmin(scientistEmail, "scientist"),
        "Rosalind Franklin",
      );
      viewer = await acceptAsNewMember(await inviteFromAdmin(viewerEmail, "viewer"), "Max Perutz");

      // The scientist sees the owner's project and screens two compounds in it.
      await fillScreen(scientist, async () => {
        await scientist
          .locator('dialog[open] input[data-upload-kind="compound_library"]')
          .setInputFiles(await writeFixture("two.smi", TWO_COMPOUNDS));
        await scientist.locator("dialog[open]").getByText("File uploaded successfully: two.smi").waitFor();
      });
      await scientist.locator("dialog[open]").getByRole("button", { name: "Launch Workflow" }).click();
      await scientist.locator("dialog[open]").waitFor({ state: "detached" });
      await scientist
        .getByRole("table", { name: "Recent runs" })
        .getByRole("row", { name: /Virtual High-Throughput Screening/ })
        .first()
        .getByRole("button", { name: /^Details of run / })
        .click();
      await scientist
        .locator("dialog[open]")
        .getByRole("link", { name: /Open the run page/ })
        .click();
      await scientist.waitForURL(/\/dashboard\/runs\/[0-9a-f-]{36}$/);
      const runPath = new URL(scientist.url()).pathname;
      runId = runPath.split("/").pop()!;
      // The URL changes before the run page replaces the dashboard, whose table and dialog name the project too.
      await scientist.getByRole("heading", { name: "Run", exact: true }).waitFor();
      await scientist.getByText(PROJECT, { exact: true }).waitFor();
      await scientist.locator(".badge", { hasText: "completed" }).first().waitFor({ timeout: 1_200_000 });
      const hits = scientist.getByRole("table", { name: "Hits, best first" });
      expect(await hits.locator("tbody tr").count()).toBe(2);

      // The viewer sees the same project but may not launch: the modal shows the server's refusal, and the API
      // answers 403 forbidden_role.
      await fillScreen(viewer, () =>
        viewer.locator("dialog[open]").getByLabel("Compound Library").fill("s3://lab-bucket/two.smi"),
      );
      const alert = nextAlert(viewer);
      await viewer.locator("dialog[open]").getByRole("button", { name: "Launch Workflow" }).click();
      expect(await alert).toBe(
        "createRun failed: 403 — Your role (viewer) may not do this; it needs one of: owner, admin, scientist",
      );
      const projects = await api<{ projects: { id: number; name: string }[] }>(viewer, "/v1/projects");
      const shared = projects.body.projects.find((project) => project.name === PROJECT)!;
      const refused = await api<{ code: string }>(viewer, `/v1/projects/${shared.id}/runs`, {
        method: "POST",
        body: { workflow: "vhts", inputs: { target_protein: "1HSG" } },
      });
      expect(refused).toMatchObject({ status: 403, body: { code: "forbidden_role" } });
      // Nothing was launched: the project holds the scientist's run only.
      await viewer.goto(runPath);
      await viewer.getByText(PROJECT, { exact: true }).waitFor();

      // The owner opens the scientist's run and approves its dossier, re-entering their password.
      await owner.goto(runPath);
      await owner.locator(".badge", { hasText: "completed" }).first().waitFor();
      const sign = owner.getByRole("form", { name: "Sign this dossier" });
      await sign.getByLabel("Meaning").selectOption("approved");
      await sign.getByLabel("Your password").fill("not my password");
      await sign.getByRole("button", { name: "Sign Dossier" }).click();
      await sign.getByText("The password is not correct: nothing was signed").waitFor();
      await sign.getByLabel("Your password").fill(ownerCredentials.password);
      await sign.getByRole("button", { name: "Sign Dossier" }).click();
      const signatures = owner.getByRole("list", { name: "Signatures of this dossier" });
      await signatures
        .getByText(/^Approved by Ada Lovelace \(.+\) on .+: “I approve the results in this dossier\.”/)
        .waitFor();
      expect(await seriousA11yViolations(owner)).toEqual([]);
      await screenshot(owner, "teams-run-signed");
      const listed = await api<SignatureList>(owner, `/v1/runs/${runId}/signatures`);
      expect(listed.body.signatures).toEqual([
        expect.objectContaining({
          meaning: "approved",
          valid: true,
          signer: expect.objectContaining({ email: ownerCredentials.email }),
        }),
      ]);

      // The audit trail on the Admin page shows each step, by whom, and its chain holds.
      await owner.goto("/dashboard/admin");
      const audit = owner.getByRole("region", { name: "Audit trail" });
      const table = audit.getByRole("table", { name: /^Latest \d+ writes, newest first$/ });
      const row = (who: string, action: string, status: string) =>
        table.getByRole("row").filter({ hasText: who }).filter({ hasText: action }).filter({ hasText: status });
      const steps = [
        [ownerCredentials.email, "POST /v1/projects", "201"],
        [ownerCredentials.email, "POST /v1/orgs/:org_id/invitations", "201"],
        [scientistEmail, "POST /v1/invitations/:token/accept", "200"],
        [viewerEmail, "POST /v1/invitations/:token/accept", "200"],
        [scientistEmail, "POST /v1/projects/:id/runs", "201"],
        [viewerEmail, "POST /v1/projects/:id/runs", "403 refused"],
        [ownerCredentials.email, "POST /v1/runs/:id/signatures", "201"],
      ] as const;
      for (const [who, action, status] of steps) {
        await row(who, action, status).first().waitFor();
      }
      await audit.getByRole("button", { name: "Verify Chain" }).click();
      await audit.getByText(/^The chain holds: \d+ rows/).waitFor();
      await screenshot(owner, "teams-audit-trail");

      // The same from the API, in order: each step once, where a step is a single write.
      const trail = await api<{ items: AuditEvent[] }>(owner, "/v1/audit?limit=200");
      const story = trail.body.items
        .slice()
        .reverse()
        .filter((event) => /runs$|signatures$|accept$/.test(event.action))
        .map((event) => `${event.actor_email} ${event.action} ${event.status}`);
      expect(story).toEqual([
        `${scientistEmail} POST /v1/invitations/:token/accept 200`,
        `${viewerEmail} POST /v1/invitations/:token/accept 200`,
        `${scientistEmail} POST /v1/projects/:id/runs 201`,
        `${viewerEmail} POST /v1/projects/:id/runs 403`,
        `${viewerEmail} POST /v1/projects/:id/runs 403`,
        `${ownerCredentials.email} POST /v1/runs/:id/signatures 201`,
      ]);
      await scientist.context().close();
    },
  );

  it(
    "the project page shows the disease chosen from the ontology, its target shortlist, runs, reports and members",
    // It continues from the story's state (its run, its viewer): a retry would start from a changed project.
    { timeout: 300_000, retry: 0 },
    async () => {
      const load = await api<{ items: { dataset: string }[] }>(owner, "/v1/admin/reference-data/load", {
        method: "POST",
        body: { datasets: TARGET_REFERENCE_DATASETS },
      });
      expect(load.status).toBe(200);

      // From the projects list to the project page.
      await owner.goto("/dashboard/projects");
      await owner.getByRole("table", { name: "All projects" }).getByRole("link", { name: PROJECT }).click();
      await owner.waitForURL(/\/dashboard\/projects\/\d+$/);
      await owner.getByRole("heading", { level: 1, name: PROJECT }).waitFor();

      // The disease is a Disease Ontology term, picked from the suggestions.
      const diseaseForm = owner.getByRole("form", { name: "Choose the project's disease" });
      const disease = diseaseForm.getByRole("combobox", { name: "Choose the disease" });
      await disease.fill("rheumatoid arth");
      await owner.getByRole("listbox", { name: "Disease suggestions" }).getByRole("option").first().waitFor();
      await owner.getByRole("option", { name: /^rheumatoid arthritis DOID:7148/ }).click();
      await diseaseForm.getByText("Chosen: rheumatoid arthritis (DOID:7148).").waitFor();
      await diseaseForm.getByRole("button", { name: "Save Disease" }).click();
      const diseasePanel = owner.getByRole("region", { name: "Disease" });
      await diseasePanel.getByText("DOID:7148", { exact: true }).waitFor();

      // Its target shortlist: the ranking's head for rheumatoid arthritis, as the Targets page ranks it.
      const shortlist = owner.getByRole("table", { name: "Target shortlist for rheumatoid arthritis" });
      await shortlist.waitFor({ timeout: 180_000 });
      const genes = (await shortlist.locator("tbody tr td:nth-child(2)").allTextContents()).map((t) => t.trim());
      console.info(`RA shortlist: ${genes.join(", ")}`);
      expect(genes).toHaveLength(10);
      // Drugs approved for RA act on TNF, the JAKs and IL-6R (DrugCentral): at least one such target leads.
      expect(genes.some((gene) => ["TNF", "JAK1", "JAK2", "JAK3", "IL6R", "PTGS2"].includes(gene))).toBe(true);
      const link = owner.getByRole("link", { name: "All targets for rheumatoid arthritis, with their evidence" });
      expect(await link.getAttribute("href")).toBe("/dashboard/targets?disease=DOID%3A7148");

      // Its runs, with their reports and reviews, and the team.
      const runs = owner.getByRole("table", { name: "Runs of this project" });
      expect(await runs.locator("tbody tr").count()).toBe(1);
      await runs.getByRole("link", { name: `Open run ${runId.slice(0, 8)}` }).waitFor();
      await runs.getByText("0 accepted · 0 rejected").waitFor();
      expect(await runs.locator("thead").textContent()).not.toContain("Project");
      await runs.getByRole("cell", { name: "Virtual High-Throughput Screening" }).waitFor();
      const members = owner.getByRole("table", { name: "Members of your organization" });
      expect(await members.locator("tbody tr").count()).toBe(3);
      expect(await seriousA11yViolations(owner)).toEqual([]);
      await screenshot(owner, "teams-project-page");

      // A viewer reads the same page but may not change the disease.
      await viewer.goto(new URL(owner.url()).pathname);
      await viewer.getByRole("region", { name: "Disease" }).getByText("DOID:7148", { exact: true }).waitFor();
      const viewerForm = viewer.getByRole("form", { name: "Choose the project's disease" });
      await viewerForm.getByRole("combobox", { name: "Change the disease" }).fill("lung canc");
      await viewer.getByRole("option", { name: /^lung cancer DOID:1324/ }).click();
      await viewerForm.getByRole("button", { name: "Save Disease" }).click();
      await viewer
        .getByText("Your role (viewer) may not do this; it needs one of: owner, admin, scientist", { exact: false })
        .waitFor();
      await viewer.context().close();
    },
  );
});
