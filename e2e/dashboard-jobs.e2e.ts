import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  chooseNewProject,
  inPage,
  nextAlert,
  proteinFixture,
  screenshot,
  useE2eSession,
  writeFixture,
  type SieveServer,
} from "./harness";

let page: Page;
let server: SieveServer;

useE2eSession((session) => ({ page, server } = session));

/** Runs launched here execute for real (workflows issue); stop them so they do not slow the next tests. */
async function cancelActiveJobs(): Promise<void> {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const { jobs } = (await (await fetch(`${server.baseUrl}/v1/engine/jobs?limit=100`, { headers })).json()) as {
    jobs: { id: string; status: string }[];
  };
  for (const job of jobs.filter((j) => j.status === "queued" || j.status === "running"))
    await fetch(`${server.baseUrl}/v1/engine/jobs/${job.id}`, { method: "DELETE", headers });
}

const dialog = () => page.locator("dialog[open]");
const activeElementInsideDialog = () => inPage<boolean>(page, "!!document.activeElement?.closest('dialog[open]')");

/** Every request to `pattern` from now on, with its JSON body. */
function recordRequests(pattern: RegExp): { requests: Request[]; bodies: () => Record<string, unknown>[] } {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && pattern.test(new URL(request.url()).pathname)) requests.push(request);
  });
  return {
    requests,
    bodies: () => requests.map((request) => JSON.parse(request.postData() ?? "{}") as Record<string, unknown>),
  };
}

/** Picks a file for one upload kind and returns the message the modal shows once the upload settles. */
async function uploadInto(kind: string, path: string): Promise<string> {
  // Choosing a file clears the previous message at once, so a non-empty one belongs to this upload.
  await dialog().locator(`input[data-upload-kind="${kind}"]`).setInputFiles(path);
  await page.waitForFunction("document.querySelector('dialog[open] .upload-status')?.textContent !== ''");
  return (await dialog().locator(".upload-status").textContent()) ?? "";
}

describe("projects and the New Job modal", () => {
  it("creates a project: the name is required and trimmed, research use must be acknowledged", async () => {
    await page.goto("/dashboard/projects");
    const form = page.getByRole("form", { name: "Create a project" });
    await form.getByLabel("Name").fill("   ");
    await form.getByLabel(/research use only/).check();
    await form.getByRole("button", { name: "Create Project" }).click();
    await form.getByText("Name is required.").waitFor();

    const created = recordRequests(/^\/v1\/projects\/?$/);
    await form.getByLabel("Name").fill("  Fibrosis screen  ");
    await form.getByLabel("Disease area").fill("idiopathic pulmonary fibrosis");
    await form.getByLabel("Assay context").fill("primary lung fibroblasts, collagen readout");
    await form.getByRole("button", { name: "Create Project" }).click();
    await form.getByText("Project “Fibrosis screen” created.").waitFor();
    expect(created.bodies()[0]).toMatchObject({
      name: "Fibrosis screen",
      ruo_ack: true,
      disease_area: "idiopathic pulmonary fibrosis",
    });
    expect(typeof created.bodies()[0]?.org_id).toBe("number");
    await page.getByRole("cell", { name: "Fibrosis screen" }).waitFor();
  });

  it("opens, traps focus, closes on Escape and gives focus back, by keyboard alone", async () => {
    await page.goto("/dashboard");
    const newJob = page.getByRole("button", { name: "New Job" });
    await newJob.focus();
    await page.keyboard.press("Enter");
    await dialog().getByRole("heading", { name: "Create New Drug Discovery Job" }).waitFor();
    expect(await activeElementInsideDialog()).toBe(true);
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press(step % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await activeElementInsideDialog(), `after key ${step}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    expect(await inPage(page, "document.activeElement?.textContent")).toBe("New Job");
  });

  it("cannot be cancelled or dismissed while a file uploads", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "New Job" }).click();
    // Hold the upload on its way to the server until the checks below are done.
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    await page.route("**/v1/uploads", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await dialog()
        .locator('input[data-upload-kind="protein"]')
        .setInputFiles(await proteinFixture());
      await dialog().getByRole("button", { name: "Uploading…" }).waitFor();
      expect(await dialog().getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
      expect(await dialog().getByRole("button", { name: "Close" }).isDisabled()).toBe(true);
      await page.keyboard.press("Escape");
    } finally {
      release();
    }
    // The dialog element stays in the page when closed: its message tells when the upload settled.
    await page.waitForFunction(
      "document.querySelector('dialog .upload-status')?.textContent === 'File uploaded successfully: 1HSG.pdb'",
    );
    await page.unroute("**/v1/uploads");
    expect(await page.locator("dialog[open]").count(), "Escape during the upload must not close the dialog").toBe(1);
    expect(await dialog().getByRole("button", { name: "Cancel" }).isEnabled()).toBe(true);
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await dialog().waitFor({ state: "detached" });
  });

  it("uploads real files, launches a VHTS run with the §9 config and lists it", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "New Job" }).click();
    expect(await dialog().getByLabel("Virtual High-Throughput Screening").isChecked()).toBe(true);
    expect(await dialog().getByLabel("Include docking").isChecked()).toBe(true);

    const notAPdb = await writeFixture("empty-structure.pdb", "HEADER    NOTHING HERE\nEND\n");
    expect(await uploadInto("protein", notAPdb)).toContain("File upload failed. Please try again.");
    expect(await dialog().getByLabel("Target Protein").inputValue()).toBe("");

    expect(await uploadInto("protein", await proteinFixture())).toBe("File uploaded successfully: 1HSG.pdb");
    expect(await dialog().getByLabel("Target Protein").inputValue()).toMatch(/^upload:\/\/[0-9a-f-]{36}\/1HSG\.pdb$/);
    const library = await writeFixture(
      "library.smi",
      "CC(=O)Oc1ccccc1C(=O)O aspirin\nCN1C=NC2=C1C(=O)N(C(=O)N2C)C caffeine\n",
    );
    expect(await uploadInto("compound_library", library)).toBe("File uploaded successfully: library.smi");
    expect(await dialog().getByLabel("Compound Library").inputValue()).toMatch(/^upload:\/\/.+\/library\.smi$/);
    await screenshot(page, "new-job-modal-uploaded-1280", { fullPage: false });

    const projects = recordRequests(/^\/v1\/projects\/?$/);
    const runs = recordRequests(/^\/v1\/projects\/\d+\/runs$/);
    // No project is made behind the user's back: one must be chosen, or named with research use acknowledged.
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().getByText("Choose a project, or create one.").waitFor();
    await chooseNewProject(page, "Protease screen");
    await dialog()
      .getByLabel(/research use only/)
      .uncheck();
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().getByText("Acknowledge that the project is for research use only.").waitFor();
    expect(projects.requests.length + runs.requests.length).toBe(0);
    await dialog()
      .getByLabel(/research use only/)
      .check();
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().waitFor({ state: "detached" });

    expect(projects.bodies()).toEqual([expect.objectContaining({ name: "Protease screen", ruo_ack: true })]);
    expect(runs.requests[0]?.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(runs.bodies()[0]).toMatchObject({
      workflow: "vhts",
      inputs: {
        include_docking: true,
        target_protein: expect.stringMatching(/^upload:\/\//),
        compound_library: expect.stringMatching(/^upload:\/\//),
      },
      search_space: { type: "continuous", dimension: 8, bounds: [-1, 1] },
      objectives: [
        { name: "activity", direction: "maximize", weight: 1 },
        { name: "interaction_similarity", direction: "maximize", weight: 1 },
        { name: "synthetic_accessibility", direction: "minimize", weight: 0.5 },
      ],
      budget: { max_evaluations: 800, wallclock_limit_s: 0 },
      seed: 42,
      modules: [{ name: "BatchDiversity" }],
    });

    const runsTable = page.getByRole("table", { name: "Recent runs" });
    await runsTable.locator(".badge").first().waitFor();
    expect(await runsTable.locator("tbody tr").count()).toBe(1);
    // The run executes as an engine job at once (queued, then running); e2e/workflows.e2e.ts follows one to its hits.
    expect(["queued", "running", "completed"]).toContain(await runsTable.locator(".badge").first().textContent());
    // A short id is one word: it never breaks across lines, whatever the other columns need.
    expect(
      await runsTable
        .locator("tbody code")
        .first()
        .evaluate((code) => code.getClientRects().length),
      "run id on one line",
    ).toBe(1);
    await cancelActiveJobs();
  });

  it("reuses the first job's project, resets to VHTS after success and sends lead optimization with budget 400", async () => {
    const projects = recordRequests(/^\/v1\/projects\/?$/);
    const runs = recordRequests(/^\/v1\/projects\/\d+\/runs$/);
    await page.getByRole("button", { name: "New Job" }).click();
    await dialog().getByLabel("Lead Optimization").check();
    await dialog().getByLabel("Target Protein").fill("1HSG");
    await dialog().getByLabel("Hit Compounds").fill("CCO\nCCN\n");
    expect(await dialog().getByLabel("Analog Generation Strategy").inputValue()).toBe("generate_simple_analogs");
    expect(
      await dialog()
        .getByLabel("Analog Generation Strategy")
        .locator("option")
        .evaluateAll((options) => options.map((option) => option.getAttribute("value"))),
    ).toEqual(["generate_simple_analogs", "generate_diverse_analogs", "generate_bioisosteres", "upload_custom"]);
    // How analogs are docked is a visible option: on their parent's pose by default, or a full search like the hits.
    const analogDocking = dialog().getByRole("group", { name: "Screening filters" }).getByLabel("Analog docking");
    expect(await analogDocking.inputValue()).toBe("tethered");
    // So is the share of its parent a generated analog keeps, below which it is dropped as a new scaffold.
    const sharedCore = dialog()
      .getByRole("group", { name: "Screening filters" })
      .getByLabel("Minimum core shared with the parent");
    expect(await sharedCore.inputValue()).toBe("0.5");
    await analogDocking.scrollIntoViewIfNeeded();
    await screenshot(page, "new-job-lead-opt-analog-docking", { fullPage: false });
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().waitFor({ state: "detached" });
    expect(projects.requests).toHaveLength(0);
    expect(runs.bodies()[0]).toMatchObject({
      workflow: "lead_opt",
      inputs: { hit_compounds: "CCO\nCCN", analogs_strategy: "generate_simple_analogs" },
      budget: { max_evaluations: 400 },
      filters: { analog_docking: "tethered", min_analog_shared_core: 0.5, drop_analogs_with_new_alerts: true },
    });
    await page.getByRole("table", { name: "Recent runs" }).getByText("Lead Optimization").first().waitFor();
    await cancelActiveJobs();

    await page.getByRole("button", { name: "New Job" }).click();
    expect(await dialog().getByLabel("Virtual High-Throughput Screening").isChecked()).toBe(true);
    expect(await dialog().getByLabel("Target Protein").inputValue()).toBe("");
    await page.keyboard.press("Escape");
  });

  it("requires the custom description, and alerts the server's message when a launch fails", async () => {
    const runs = recordRequests(/^\/v1\/projects\/\d+\/runs$/);
    await page.getByRole("button", { name: "New Job" }).click();
    await dialog().getByLabel("Custom Workflow").check();
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await page.waitForTimeout(200);
    expect(runs.requests).toHaveLength(0);

    await page.route("**/v1/projects/*/runs", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: '{"error":"inputs.custom_message: Custom Workflow Description is required for this workflow","code":"validation_failed"}',
      }),
    );
    await dialog().getByLabel("Custom Workflow Description").fill("Dock the top 100 hits against both chains");
    const alert = nextAlert(page);
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    // §8's 'createRun failed: {status}', then the server's own message (issue 3, item 11).
    expect(await alert).toBe(
      "createRun failed: 422 — inputs.custom_message: Custom Workflow Description is required for this workflow",
    );
    expect(await dialog().isVisible()).toBe(true);
    await page.unroute("**/v1/projects/*/runs");
    await page.keyboard.press("Escape");
  });

  it("counts the organization's projects and analyses", async () => {
    await page.goto("/dashboard");
    const tiles = page.getByRole("list", { name: "Counts" });
    await tiles.getByText("Projects").waitFor();
    await page.waitForFunction("document.querySelectorAll('.stat-tile__value')[1]?.textContent === '2'");
    // Nothing assigned to this user for review yet.
    await page.waitForFunction("document.querySelectorAll('.stat-tile__value')[2]?.textContent === '0'");
    expect(await tiles.locator(".stat-tile__value").allTextContents()).toEqual(["2", "2", "0"]);
    const recent = page.getByRole("table", { name: "Recent projects" }).locator("tbody tr");
    await recent.nth(1).waitFor();
    expect(await recent.count()).toBe(2);
  });

  it("offers the organization's own workers once it has one, and sends a VHTS run to them in shards", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "New Job" }).click();
    await dialog().getByLabel("Output Location").waitFor();
    expect(await dialog().getByLabel("Runs on").count(), "no worker registered: no choice").toBe(0);
    await page.keyboard.press("Escape");

    // Registering a real worker takes the mutual-TLS port (apps/api/test/remote-worker.test.ts does); here the list
    // stands in.
    const seen = new Date().toISOString();
    await page.route("**/v1/engine/workers", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          workers: [{ id: "w1", name: "lab-gpu-01", registered_at: seen, last_seen_at: seen, live: true }],
        }),
      }),
    );
    const runs = recordRequests(/^\/v1\/projects\/\d+\/runs$/);
    await page.getByRole("button", { name: "New Job" }).click();
    const runsOn = dialog().getByLabel("Runs on");
    expect(await runsOn.inputValue()).toBe("embedded");
    await runsOn.selectOption("remote");
    expect(await dialog().getByText("Live: lab-gpu-01.").count()).toBe(1);
    await dialog().getByLabel("Shards").fill("3");
    await dialog().getByLabel("Target Protein").fill("P23219");
    await dialog().getByLabel("Compound Library").fill("CCO ethanol");
    await dialog().getByLabel("Project", { exact: true }).selectOption({ label: "Protease screen" });
    await screenshot(page, "new-job-modal-remote-1280", { fullPage: false });
    await dialog().getByRole("button", { name: "Launch Workflow" }).click();
    await dialog().waitFor({ state: "detached" });
    expect(runs.bodies()[0]?.modules).toEqual([
      { name: "BatchDiversity", params: {} },
      { name: "RemoteExecution", params: { shards: 3 } },
    ]);
    await page.unroute("**/v1/engine/workers");
    await cancelActiveJobs();
  });
});
