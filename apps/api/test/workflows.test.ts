import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREEN_FILTER_DEFAULTS } from "@sieve/contracts";
import { binaryAvailability, buildPeptideSystem, DEFAULT_SCREENING_FILTERS, mdAvailability } from "@sieve/workflows";
import { readZip } from "../src/modules/reports/archive";
import { missingActivityReason } from "../src/modules/workflows/inputs";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";
import { requirePrograms, requireSharedData, sharedDataFile } from "@sieve/testing";

const PDB = sharedDataFile("structures/1HSG.pdb");
requireSharedData("structures/1HSG.pdb");
requirePrograms("autodock-vina openbabel", "vina", "obabel");
const hasDocking = (await binaryAvailability("vina")).available && (await binaryAvailability("obabel")).available;
// The one environmental skip: Debian's mdrun needs a CPU with rdtscp (npm test names the skipped test).
const md = await mdAvailability();
if (!md.available) console.warn(`skipping MD oracle runs: ${md.reason}`);

const LIBRARY = [
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
  "CC(=O)Oc1ccccc1C(=O)O aspirin",
  "this-is-not-smiles bad",
  "CC(=O)Nc1ccc(O)cc1 paracetamol",
  "OC(=O)c1ccccc1O salicylic",
].join("\n");
const FAST_DOCKING = [
  { name: "BatchDiversity" },
  { name: "Docking", params: { exhaustiveness: 1, box_size: 16, num_modes: 3 } },
];

let ctx: TestContext;
let token: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup()).token;
  projectId = (
    await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "Workflows", ruo_ack: true } })
  ).json().id;
});
afterAll(async () => ctx?.close());

async function upload(kind: string, name: string, content: string, as = token): Promise<string> {
  const { payload, headers } = multipartUpload({ kind }, { name, content });
  const response = await ctx.call({ method: "POST", url: "/v1/uploads", token: as, payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().uri;
}

async function waitForRun(
  runId: string,
  done: (detail: { run: { status: string }; job: { status: string } | null }) => boolean,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const detail = (await ctx.call({ method: "GET", url: `/v1/workflows/runs/${runId}`, token })).json();
    if (done(detail)) return detail;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${detail.run.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const finished = (d: { job: { status: string } | null }) =>
  ["completed", "failed", "cancelled"].includes(d.job?.status ?? "");

describe("VHTS runs from the New Job modal", () => {
  it(
    "docks the library into an uploaded 1HSG: ranked hits with affinities and poses, bad lines reported, run mirrors the job",
    { timeout: 180_000 },
    async () => {
      const receptor = await upload("protein", "1HSG.pdb", readFileSync(PDB, "utf8"));
      const library = await upload("compound_library", "five.smi", LIBRARY);
      const created = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: {
          workflow: "vhts",
          inputs: { target_protein: receptor, compound_library: library, include_docking: true },
          modules: FAST_DOCKING,
        },
      });
      expect(created.statusCode).toBe(201);
      const detail = await waitForRun(created.json().id, finished);
      expect(detail.job.status, detail.job.error_message).toBe("completed");
      expect(detail.run.status).toBe("completed");
      const metrics = detail.job.result.final_metrics;
      expect(metrics.activity_kind).toBe("docking");
      expect(metrics.invalid).toEqual([expect.objectContaining({ position: 3, input: "this-is-not-smiles" })]);
      expect(metrics.counts).toMatchObject({ valid: 4, invalid: 1, evaluated: 4 });
      expect(metrics.hits).toHaveLength(4);
      for (const hit of metrics.hits) {
        expect(hit.affinity).toBeLessThan(0);
        expect(hit.pose_pdbqt).toMatch(/^MODEL 1/);
        expect(hit.modes.length).toBeGreaterThan(0);
        // The winning start conformer is named, with each conformer's score (the best is the hit's).
        expect(hit.conformer.of).toBeLessThanOrEqual(SCREEN_FILTER_DEFAULTS.start_conformers);
        expect(hit.conformer.affinities[hit.conformer.index - 1]).toBe(hit.affinity);
        // The box is drawn around 1HSG's indinavir: each pose is compared with its interactions.
        expect(hit.interaction_similarity).toBeGreaterThanOrEqual(0);
        expect(hit.interaction_similarity).toBeLessThanOrEqual(1);
      }
      expect(metrics.interaction_reference).toBe("MK1:B:902");
      expect(metrics.objectives_not_scored).toEqual([]);
      expect(metrics.oracles.map((o: { name: string }) => o.name)).toEqual(["docking", "synthetic_accessibility"]);
      // How the default objectives entered the fitness, with their bounds: SA counts only above 4 (issue 20).
      expect(metrics.fitness_terms).toEqual([
        expect.objectContaining({ name: "activity", direction: "maximize", weight: 1 }),
        expect.objectContaining({ name: "interaction_similarity", direction: "maximize", weight: 1 }),
        expect.objectContaining({
          name: "synthetic_accessibility",
          direction: "minimize",
          weight: 0.5,
          desirability: expect.stringMatching(/^1 up to SA 4 .*0 from SA 6/),
        }),
      ]);
      expect(metrics.box.size).toEqual([16, 16, 16]);
      // Every docking setting that changed the result is in it (issue 20).
      expect(metrics.docking).toEqual({
        exhaustiveness: 1,
        num_modes: 3,
        seed: 42,
        box: { kind: "ligand", residue_name: null, size: 16 },
      });
      expect(detail.job.result.best_fitness).toBe(metrics.hits[0].fitness);
      const curves = (await ctx.call({ method: "GET", url: `/v1/runs/${detail.run.id}/curves`, token })).json().curves;
      expect(curves.map((c: { name: string }) => c.name)).toEqual(["best_fitness", "best_affinity"]);
      const receptorText = await ctx.call({
        method: "GET",
        url: `/v1/workflows/runs/${detail.run.id}/receptor`,
        token,
      });
      expect(receptorText.statusCode).toBe(200);
      expect(receptorText.body).toMatch(/^ATOM/m);
      expect(receptorText.body).not.toMatch(/HOH|MK1/);

      // Another organization sees none of it.
      const other = (await ctx.signup()).token;
      for (const url of [
        `/v1/workflows/runs/${detail.run.id}`,
        `/v1/workflows/runs/${detail.run.id}/receptor`,
        `/v1/engine/jobs/${detail.job.id}`,
        `/v1/runs/${detail.run.id}`,
      ]) {
        expect((await ctx.call({ method: "GET", url, token: other })).statusCode, url).toBe(404);
      }
    },
  );

  it("scores by similarity to the hit compounds when docking is off, reported as ligand similarity", async () => {
    const library = await upload("compound_library", "lib.smi", LIBRARY);
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "vhts",
        inputs: {
          target_protein: "P23219",
          compound_library: library,
          include_docking: false,
          hit_compounds: "CC(=O)Oc1ccccc1C(=O)O",
        },
      },
    });
    const detail = await waitForRun(created.json().id, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    const metrics = detail.job.result.final_metrics;
    expect(metrics.activity_kind).toBe("ligand_similarity");
    expect(metrics.oracles[0].description).toMatch(/ligand-based proxy/);
    expect(metrics.hits[0]).toMatchObject({ name: "aspirin", activity: 1, affinity: null });
    expect(metrics.known_actives).toBeGreaterThanOrEqual(1);
  });

  it("makes every filter a run option: defaults in the OpenAPI document and the run, bad values 422, drops listed with the reason", async () => {
    expect(DEFAULT_SCREENING_FILTERS).toEqual(SCREEN_FILTER_DEFAULTS);
    const document = (await ctx.call({ method: "GET", url: "/docs/json" })).json();
    const body = document.paths["/v1/projects/{id}/runs"].post.requestBody.content["application/json"].schema;
    const filters = body.properties.filters.properties;
    expect(filters.drug_likeness.default).toBe(false);
    expect(filters.max_heavy_atoms.default).toBe(80);
    expect(filters.max_negatome_risk.default).toBe(0.7);
    expect(filters.time_limit_per_rotatable_bond_s.default).toBe(
      SCREEN_FILTER_DEFAULTS.time_limit_per_rotatable_bond_s,
    );
    expect(filters.start_conformers.default).toBe(SCREEN_FILTER_DEFAULTS.start_conformers);

    for (const bad of [{ max_negatome_risk: 1.5 }, { max_heavy_atoms: 0 }, { drug_likeness: "yes" }]) {
      const refused = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: { workflow: "vhts", inputs: { target_protein: "P23219", compound_library: "x" }, filters: bad },
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      expect(refused.json().detail.fields[0].path).toBe(`filters.${Object.keys(bad)[0]}`);
    }

    const library = await upload("compound_library", "lib.smi", LIBRARY);
    const inputs = {
      target_protein: "P23219",
      compound_library: library,
      include_docking: false,
      hit_compounds: "CC(=O)Oc1ccccc1C(=O)O",
    };
    const defaults = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: { workflow: "vhts", inputs },
    });
    expect(defaults.json().config.filters).toEqual(SCREEN_FILTER_DEFAULTS);
    const tight = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: { workflow: "vhts", inputs, filters: { max_heavy_atoms: 12 } },
    });
    expect(tight.json().config.filters).toEqual({ ...SCREEN_FILTER_DEFAULTS, max_heavy_atoms: 12 });
    const detail = await waitForRun(tight.json().id, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    const metrics = detail.job.result.final_metrics;
    expect(metrics.filters.max_heavy_atoms).toBe(12);
    expect(metrics.filtered).toEqual([
      expect.objectContaining({ name: "ibuprofen", reason: "15 heavy atoms is more than the limit of 12" }),
      expect.objectContaining({ name: "aspirin", reason: "13 heavy atoms is more than the limit of 12" }),
    ]);
    expect(metrics.hits.map((h: { name: string }) => h.name).sort()).toEqual(["paracetamol", "salicylic"]);

    // The dossier lists them too, with the filters, and draws each unit on its own chart.
    const dossier = await ctx.call({ method: "GET", url: `/v1/runs/${tight.json().id}/artifacts/dossier`, token });
    expect(dossier.statusCode).toBe(200);
    const files = readZip(dossier.rawPayload);
    expect(files.get("molecules/not-ranked.csv")!.toString()).toBe(
      [
        "line,compound,smiles,outcome,reason",
        "3,this-is-not-smiles,,invalid,RDKit could not read this structure",
        "1,ibuprofen,CC(C)Cc1ccc(C(C)C(=O)O)cc1,filtered,15 heavy atoms is more than the limit of 12",
        "2,aspirin,CC(=O)Oc1ccccc1C(=O)O,filtered,13 heavy atoms is more than the limit of 12",
        "",
      ].join("\n"),
    );
    const html = files.get("report.html")!.toString();
    expect(html).toContain("<h2>Not ranked (3)</h2><p>Filters: drug-likeness rule off · at most 12 heavy atoms");
    expect([...files.keys()].filter((name) => name.startsWith("curves/")).sort()).toEqual([
      "curves/curves.csv",
      "curves/optimization-curves.svg",
    ]);
  });

  it("screens the library against the negatome: a withdrawn drug is filtered out with the reason, the rest carry their risk", async () => {
    expect((await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token })).statusCode).toBe(200);
    const rofecoxib = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
    const library = await upload(
      "compound_library",
      "coxibs.smi",
      [
        `${rofecoxib} rofecoxib`,
        "Cc1ccc(cc1)-c1cc(nn1-c1ccc(cc1)S(N)(=O)=O)C(F)(F)F celecoxib",
        "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
      ].join("\n"),
    );
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "vhts",
        inputs: {
          target_protein: "P35354",
          compound_library: library,
          include_docking: false,
          hit_compounds: "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
        },
      },
    });
    const detail = await waitForRun(created.json().id, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    const metrics = detail.job.result.final_metrics;
    const filtered = metrics.filtered.find((f: { name: string }) => f.name === "rofecoxib");
    // Filtered by the reconciled verdict, with its reason: rofecoxib's dated withdrawal (demo set).
    expect(filtered.reason).toMatch(
      /^negatome: reconciled negatome risk 0\.9\d \(red\) is above 0\.7: Approved \(.*\), then withdrawn worldwide in 2004/,
    );
    expect(metrics.hits.map((h: { name: string }) => h.name).sort()).toEqual(["celecoxib", "ibuprofen"]);
    for (const hit of metrics.hits) expect(hit.negatome_risk).toBeGreaterThanOrEqual(0);
    const celecoxib = metrics.hits.find((h: { name: string }) => h.name === "celecoxib");
    // PTGS2 has withdrawn inhibitors in the demo set: the target's history is part of every hit's risk.
    expect(celecoxib.warnings.some((w: string) => /^Negatome: Target P35354 has \d+ recorded failure/.test(w))).toBe(
      true,
    );

    // At a 0.3 limit celecoxib (approved; amber for its boxed warning and flags) is above it, yet kept and flagged.
    const strict = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "vhts",
        inputs: {
          target_protein: "P35354",
          compound_library: library,
          include_docking: false,
          hit_compounds: "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
        },
        filters: { max_negatome_risk: 0.3 },
      },
    });
    const strictDetail = await waitForRun(strict.json().id, finished);
    const strictMetrics = strictDetail.job.result.final_metrics;
    expect(strictMetrics.filtered.map((f: { name: string }) => f.name)).toEqual(["rofecoxib"]);
    const kept = strictMetrics.hits.find((h: { name: string }) => h.name === "celecoxib");
    expect(kept.negatome_risk).toBeGreaterThan(0.3);
    expect(kept.warnings).toContainEqual(
      expect.stringMatching(/^Negatome: kept: approved drug, never filtered; reconciled negatome risk 0\.\d+/),
    );
  });

  it("writes the result files to the Output Location: a folder under DATA_DIR or a new upload, never outside", async () => {
    const library = await upload("compound_library", "lib.smi", LIBRARY);
    const inputs = {
      target_protein: "P23219",
      compound_library: library,
      include_docking: false,
      hit_compounds: "CC(=O)Oc1ccccc1C(=O)O",
    };
    const launch = async (output_location: string) => {
      const created = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: { workflow: "vhts", inputs: { ...inputs, output_location } },
      });
      return (await waitForRun(created.json().id, finished)).job.result.final_metrics.output;
    };
    const folder = await launch("screens/cox");
    expect(folder.files.map((f: string) => f.split("/").at(-1))).toEqual(["hits.csv", "not_ranked.csv", "result.json"]);
    expect(folder.files[0].startsWith(join(ctx.config.dataDir, "screens", "cox"))).toBe(true);
    const csv = readFileSync(folder.files[0], "utf8");
    expect(csv.split("\n")[0]).toBe(
      "rank,name,smiles,fitness,activity,activity_kind,affinity_kcal_mol,interaction_similarity,search_affinity_kcal_mol,best_start_conformer,start_conformer_affinities_kcal_mol,pose_placement,sa_score,qed,logp,mw,warnings",
    );
    expect(csv).toContain("aspirin");
    expect(readFileSync(folder.files[1], "utf8")).toBe(
      "line,compound,smiles,outcome,reason\n3,this-is-not-smiles,,invalid,RDKit could not read this structure\n",
    );
    const uploaded = await launch("upload://results");
    expect(uploaded.files[0]).toMatch(/^upload:\/\/[0-9a-f-]{36}\/[0-9a-f]{8}-hits\.csv$/);
    const id = uploaded.files[0].slice("upload://".length, "upload://".length + 36);
    expect((await ctx.call({ method: "GET", url: `/v1/uploads/${id}`, token })).json()).toMatchObject({
      kind: "hit_compounds",
    });
    expect((await launch("../../outside")).error).toMatch(/outside the data folder/);
  });

  it("refuses a docking run before queueing it: receptor without protein atoms, no ligand for the box, box off the protein", async () => {
    const library = await upload("compound_library", "lib.smi", LIBRARY);
    const post = (target_protein: string, modules?: unknown) =>
      ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: {
          workflow: "vhts",
          inputs: { target_protein, compound_library: library },
          ...(modules ? { modules } : {}),
        },
      });
    const runsBefore = (await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token })).json().runs.length;
    const waters = await upload(
      "protein",
      "waters.pdb",
      readFileSync(PDB, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("HETATM"))
        .join("\n"),
    );
    const noProtein = await post(waters);
    expect(noProtein.statusCode).toBe(422);
    expect(noProtein.json().detail.fields).toEqual([
      { path: "inputs.target_protein", message: "waters.pdb has no protein atoms (ATOM records) to dock into" },
    ]);
    const apo = await upload(
      "protein",
      "apo.pdb",
      readFileSync(PDB, "utf8")
        .split("\n")
        .filter((line) => !line.startsWith("HETATM"))
        .join("\n"),
    );
    expect((await post(apo)).json().detail.fields[0].message).toMatch(
      /^apo\.pdb: The structure has no co-crystallised ligand/,
    );
    // An exhaustiveness out of range is refused, not replaced by the screening default of 2.
    const exhaustive = await post("1HSG", [{ name: "Docking", params: { exhaustiveness: 100 } }]);
    expect(exhaustive.statusCode).toBe(422);
    expect(exhaustive.json().detail.fields).toEqual([
      {
        path: "modules.Docking.params.exhaustiveness",
        message: "exhaustiveness must be a whole number from 1 to 32; got 100",
      },
    ]);
    const far = await post("1HSG", [{ name: "Docking", params: { center: [100, 100, 100], size: [20, 20, 20] } }]);
    expect(far.statusCode).toBe(422);
    expect(far.json().detail.fields[0].message).toMatch(
      /^The docking box centre \(100, 100, 100\) is \d+\.\d Å from the nearest protein atom of 1HSG\.pdb; it must be within 8 Å$/,
    );
    expect((await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token })).json().runs.length).toBe(runsBefore);
  });

  it("refuses a screen before queueing it when its library or target cannot be read, naming which (issue 20)", async () => {
    const library = await upload("compound_library", "lib.smi", LIBRARY);
    const post = (inputs: Record<string, unknown>) =>
      ctx.call({ method: "POST", url: `/v1/projects/${projectId}/runs`, token, payload: { workflow: "vhts", inputs } });
    const refusal = async (inputs: Record<string, unknown>) => {
      const response = await post(inputs);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().detail.fields;
    };
    const runsBefore = (await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token })).json().runs.length;
    expect(await refusal({ target_protein: "1HSG", compound_library: "s3://bucket/library.smi" })).toEqual([
      {
        path: "inputs.compound_library",
        message:
          "Compound Library s3://bucket/library.smi: s3:// addresses are not read; upload the file (upload://…) or type SMILES lines into the field",
      },
    ]);
    expect(
      await refusal({ target_protein: "1HSG", compound_library: library, output_location: "s3://bucket/results/" }),
    ).toEqual([
      {
        path: "inputs.output_location",
        message:
          "Output Location s3://bucket/results/: s3:// addresses are not written; give a folder under the data folder or upload://",
      },
    ]);
    const comments = await upload("compound_library", "comments.smi", "# nothing but a comment\n");
    expect((await refusal({ target_protein: "1HSG", compound_library: comments }))[0]).toEqual({
      path: "inputs.compound_library",
      message: "Compound Library comments.smi holds no structure (SMILES lines, CSV rows or SDF records)",
    });
    const nonsense = await upload("compound_library", "nonsense.smi", "not_a_smiles one\nC1CC two\n");
    expect((await refusal({ target_protein: "1HSG", compound_library: nonsense }))[0]).toEqual({
      path: "inputs.compound_library",
      message: "Compound Library nonsense.smi: RDKit reads none of its 2 structures as a molecule",
    });
    expect((await refusal({ target_protein: "1HSG", compound_library: "not_a_smiles" }))[0].message).toBe(
      "Compound Library typed.smi: RDKit reads none of its 1 structure as a molecule",
    );
    const stranger = (await ctx.signup()).token;
    const theirs = await upload("compound_library", "theirs.smi", LIBRARY, stranger);
    expect((await refusal({ target_protein: "1HSG", compound_library: theirs }))[0].message).toMatch(
      /is not an upload of this organization/,
    );
    expect((await refusal({ target_protein: "s3://bucket/target.pdb", compound_library: library }))[0]).toEqual({
      path: "inputs.target_protein",
      message:
        "Target Protein s3://bucket/target.pdb: s3:// addresses are not read; upload the file (upload://…) or give a PDB id or a UniProt accession",
    });
    expect((await refusal({ target_protein: "9ZZZ", compound_library: library }))[0].message).toBe(
      "PDB entry 9ZZZ is not among the reference structures (1HSG, 1OHR, 3HTB); upload its .pdb file to dock into it",
    );
    expect((await refusal({ target_protein: "not a target", compound_library: library }))[0].message).toMatch(
      /neither an upload, a PDB id nor a UniProt accession/,
    );
    expect((await refusal({ target_protein: "P04585", compound_library: library }))[0].message).toBe(
      "DrugCentral lists no approved-drug ligand of UniProt P04585; upload the target's .pdb to dock into, or give Hit Compounds as known actives",
    );
    expect((await ctx.call({ method: "GET", url: "/v1/runs?limit=100", token })).json().runs.length).toBe(runsBefore);
    // The same accession with Hit Compounds has known actives, so it is accepted.
    expect((await post({ target_protein: "P04585", compound_library: library, hit_compounds: "CCO" })).statusCode).toBe(
      201,
    );
  });

  it("says when a UniProt target has no known ligands because DrugCentral is not loaded", () => {
    const empty = mkdtempSync(join(tmpdir(), "sieve-no-reference-"));
    expect(missingActivityReason({ structure: null, uniprot: "P23219", note: null }, true, empty)).toBe(
      "UniProt P23219 has no known ligands here because the DrugCentral reference data is not loaded (load it from the Dashboard); upload the target's .pdb to dock into, or give Hit Compounds as known actives",
    );
    rmSync(empty, { recursive: true });
  });

  it("cancels a docking run: job and run become cancelled", async () => {
    const receptor = await upload("protein", "1HSG.pdb", readFileSync(PDB, "utf8"));
    const library = await upload("compound_library", "five.smi", LIBRARY);
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "vhts",
        inputs: { target_protein: receptor, compound_library: library },
        modules: [{ name: "Docking", params: { exhaustiveness: 16 } }],
      },
    });
    const running = await waitForRun(created.json().id, (d) => d.job?.status === "running");
    const cancel = await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${running.job!.id}`, token });
    expect(cancel.statusCode).toBe(200);
    const detail = await waitForRun(created.json().id, finished);
    expect(detail.job.status).toBe("cancelled");
    expect(detail.run.status).toBe("cancelled");
  });
});

describe("oracle availability", () => {
  it("/health and /v1/workflows/oracles report which oracles this instance can run", async () => {
    const health = (await ctx.call({ method: "GET", url: "/health" })).json();
    expect(health.oracles.docking.available).toBe(hasDocking);
    expect(health.oracles.synthetic_accessibility.available).toBe(true);
    expect(health.oracles.md.available).toBe(md.available);
    if (!md.available) expect(health.oracles.md.reason).toMatch(/apt-get install -y gromacs|rdtscp/);
    const oracles = (await ctx.call({ method: "GET", url: "/v1/workflows/oracles", token })).json();
    expect(oracles).toEqual(health.oracles);
    if (hasDocking) expect(oracles.docking.version).toMatch(/1\.2/);
  });
});

describe("lead optimization and custom workflows", () => {
  it("runs lead optimization from hit compounds with bioisosteres: an improved series with deltas against each parent", async () => {
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "lead_opt",
        inputs: {
          target_protein: "P23219",
          hit_compounds: "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
          analogs_strategy: "generate_bioisosteres",
          include_docking: false,
        },
        budget: { max_evaluations: 40 },
      },
    });
    expect(created.statusCode).toBe(201);
    const detail = await waitForRun(created.json().id, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    expect(detail.job.domain).toBe("lead_opt");
    const metrics = detail.job.result.final_metrics;
    expect(metrics.strategy).toBe("generate_bioisosteres");
    expect(metrics.parents[0].smiles).toBe("CC(C)Cc1ccc(C(C)C(=O)O)cc1");
    expect(metrics.series.length).toBeGreaterThan(5);
    expect(metrics.series.some((s: { strategy: string }) => s.strategy.startsWith("bioisostere:"))).toBe(true);
    expect(metrics.series[0]).toMatchObject({
      root: "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
      deltas: { fitness: expect.any(Number), logp: expect.any(Number) },
    });
    expect(metrics.parents.length + metrics.series.length).toBeLessThanOrEqual(40);
  });

  it(
    "shows a docking lead optimization working: its phase first, then each scored analog, kept after a cancel",
    {
      timeout: 240_000,
    },
    async () => {
      const created = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: {
          workflow: "lead_opt",
          inputs: { target_protein: "1HSG", hit_compounds: "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen" },
          modules: FAST_DOCKING,
          budget: { max_evaluations: 400 },
        },
      });
      expect(created.statusCode).toBe(201);
      const phases = new Set<string>();
      const working = await waitForRun(
        created.json().id,
        (d) => {
          const progress = (d.job as { progress?: { phase_detail?: string; partial?: { series: unknown[] } } } | null)
            ?.progress;
          if (progress?.phase_detail) phases.add(progress.phase_detail);
          return (progress?.partial?.series.length ?? 0) >= 2 || finished(d);
        },
        200_000,
      );
      expect(working.job.status).toBe("running");
      expect([...phases][0]).toMatch(/^(Preparing the receptor 1HSG\.pdb|Scoring the hit compounds|Round 1)/);
      expect(working.job.progress).toMatchObject({
        max_evaluations: 400,
        phase: "analogs",
        partial: { parents: [expect.objectContaining({ name: "ibuprofen" })] },
      });
      expect(working.job.progress.evaluated).toBeGreaterThanOrEqual(3);
      const cancel = await ctx.call({ method: "DELETE", url: `/v1/engine/jobs/${working.job.id}`, token });
      expect(cancel.statusCode).toBe(200);
      const detail = await waitForRun(created.json().id, finished);
      expect(detail.job.status).toBe("cancelled");
      // The analogs scored before the cancel stay on the run.
      expect(detail.job.progress.partial.series.length).toBeGreaterThanOrEqual(2);
      // Each analog descends from the hit or from an analog scored before it (the next round may start early).
      const scored = [
        "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
        ...detail.job.progress.partial.series.map((analog: { smiles: string }) => analog.smiles),
      ];
      for (const analog of detail.job.progress.partial.series) {
        expect(analog.affinity).toBeLessThan(0);
        expect(scored).toContain(analog.parent);
        expect(analog.svg).toContain("<svg");
        expect(analog).not.toHaveProperty("pose_pdbqt");
      }
      // By default an analog is placed on its parent's pose (and says so), not searched for like the hit.
      const placed = detail.job.progress.partial.series.filter(
        (analog: { placement?: { method: string } }) => analog.placement?.method === "tethered",
      );
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(placed[0].placement).toMatchObject({ parent: placed[0].parent, core_atoms: expect.any(Number) });
    },
  );

  it("parses a custom description into a plan, lists what it did not understand, and runs the confirmed plan", async () => {
    const plan = await ctx.call({
      method: "POST",
      url: "/v1/workflows/plan",
      token,
      payload: {
        description:
          "Maximize activity; logP below 3; similar to CC(=O)Oc1ccccc1C(=O)O; avoid PAINS alerts; budget 30; paint it blue",
      },
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      budget: 30,
      seeds: ["CC(=O)Oc1ccccc1C(=O)O"],
      not_understood: ["paint it blue"],
    });
    expect(plan.json().constraints.map((c: { kind: string }) => c.kind)).toEqual([
      "property_max",
      "similar_to",
      "avoid_alerts",
    ]);

    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "custom",
        inputs: {
          custom_message: "Maximize activity; logP below 3; similar to CC(=O)Oc1ccccc1C(=O)O; budget 30",
          include_docking: false,
        },
        modules: [{ name: "WorkflowPlan", params: plan.json() }],
      },
    });
    const detail = await waitForRun(created.json().id, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    const metrics = detail.job.result.final_metrics;
    expect(metrics.plan.not_understood).toEqual(["paint it blue"]);
    expect(metrics.parents.length + metrics.series.length).toBeLessThanOrEqual(30);
    for (const member of metrics.series) expect(member.properties.logp).toBeLessThanOrEqual(3);
  });

  it("keeps a custom run without a confirmed plan queued until its plan is confirmed on the run page", async () => {
    const created = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "custom",
        inputs: { custom_message: "start from CCOc1ccccc1; budget 12", include_docking: false },
      },
    });
    const runId = created.json().id;
    await new Promise((r) => setTimeout(r, 500));
    const waiting = (await ctx.call({ method: "GET", url: `/v1/workflows/runs/${runId}`, token })).json();
    expect(waiting).toMatchObject({ run: { status: "queued" }, job: null });
    const plan = (
      await ctx.call({
        method: "POST",
        url: "/v1/workflows/plan",
        token,
        payload: { description: "start from CCOc1ccccc1; budget 12" },
      })
    ).json();
    const stranger = (await ctx.signup()).token;
    expect(
      (await ctx.call({ method: "POST", url: `/v1/workflows/runs/${runId}/plan`, token: stranger, payload: { plan } }))
        .statusCode,
    ).toBe(404);
    const confirmed = await ctx.call({
      method: "POST",
      url: `/v1/workflows/runs/${runId}/plan`,
      token,
      payload: { plan },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().job.domain).toBe("custom");
    expect(
      (await ctx.call({ method: "POST", url: `/v1/workflows/runs/${runId}/plan`, token, payload: { plan } }))
        .statusCode,
    ).toBe(409);
    const detail = await waitForRun(runId, finished);
    expect(detail.job.status, detail.job.error_message).toBe("completed");
    expect(detail.run.config.modules.map((m: { name: string }) => m.name)).toContain("WorkflowPlan");
  });
});

describe("negatome synthetic oracles", () => {
  it(
    "docks into an uploaded receptor as a job and registers its poor results as BINDING negatives, once",
    { timeout: 180_000 },
    async () => {
      const receptor = await upload("protein", "1HSG.pdb", readFileSync(PDB, "utf8"));
      const created = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/dock",
        token,
        payload: {
          pdb_s3: receptor,
          smiles: ["CC(=O)Oc1ccccc1C(=O)O", "OC(=O)c1ccccc1O"],
          exhaustiveness: 1,
          box_size: 16,
        },
      });
      expect(created.statusCode, created.body).toBe(202);
      const jobId = created.json().job_id;
      const early = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { job_id: jobId },
      });
      expect([200, 409]).toContain(early.statusCode);
      let job;
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
        job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token })).json();
        if (["completed", "failed"].includes(job.status)) break;
      }
      expect(job.status, job.error_message).toBe("completed");
      expect(
        job.result.final_metrics.results.map((r: { affinity: number }) => r.affinity).every((a: number) => a < 0),
      ).toBe(true);

      const stranger = (await ctx.signup()).token;
      expect(
        (
          await ctx.call({
            method: "POST",
            url: "/v1/negatome/synthetic/oracle/register",
            token: stranger,
            payload: { job_id: jobId, affinity_threshold: -20 },
          })
        ).statusCode,
      ).toBe(404);

      const statsBefore = (await ctx.call({ method: "GET", url: "/v1/negatome/stats", token })).json().total_records;
      const first = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { job_id: jobId, affinity_threshold: -20, target_uniprot_id: "P04585" },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ registered: 2, inserted: 2 });
      const again = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { job_id: jobId, affinity_threshold: -20, target_uniprot_id: "P04585" },
      });
      expect(again.statusCode).toBe(200);
      const statsAfter = (await ctx.call({ method: "GET", url: "/v1/negatome/stats", token })).json();
      expect(statsAfter.total_records).toBe(statsBefore + 2);
      expect(statsAfter.by_failure_class.BINDING ?? statsAfter.by_failure_class.binding).toBeGreaterThanOrEqual(2);
    },
  );

  it("refuses MD runs longer than the maximum (422), systems that are not tarballs of this organization (422), and answers 501 saying why when this machine cannot run GROMACS' mdrun", async () => {
    const tooLong = await ctx.call({
      method: "POST",
      url: "/v1/negatome/synthetic/oracle/md",
      token,
      payload: { system_tar_s3: "upload://x/system.tar", ns: 11 },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail.fields[0].message).toMatch(/at most 10 ns/);
    const notArchive = multipartUpload({ kind: "md_system" }, { name: "system.tar", content: "conf.gro topol.top" });
    const refused = await ctx.call({
      method: "POST",
      url: "/v1/uploads",
      token,
      payload: notArchive.payload,
      headers: notArchive.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail.fields[0].message).toMatch(/neither a tar archive nor gzip/);
    const unknownUpload = await ctx.call({
      method: "POST",
      url: "/v1/negatome/synthetic/oracle/md",
      token,
      payload: { system_tar_s3: "upload://00000000-0000-4000-8000-000000000000/system.tar", ns: 0.001 },
    });
    if (md.available) {
      expect(unknownUpload.statusCode).toBe(422);
      expect(unknownUpload.json().detail.fields[0].path).toBe("system_tar_s3");
    } else {
      expect(unknownUpload.statusCode).toBe(501);
      expect(unknownUpload.json().error).toBe(md.reason);
    }
  });

  it.skipIf(!md.available)(
    "minimises and runs NVT on an uploaded GROMACS system as a job, then registers an unstable run once",
    { timeout: 600_000 },
    async () => {
      const system = await buildPeptideSystem(readFileSync(PDB, "utf8"), { chain: "A", first: 1, last: 4, padNm: 0.6 });
      const { payload, headers } = multipartUpload({ kind: "md_system" }, { name: "pqit.tar", content: system });
      const uploaded = await ctx.call({ method: "POST", url: "/v1/uploads", token, payload, headers });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const stranger = (await ctx.signup()).token;
      const foreign = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/md",
        token: stranger,
        payload: { system_tar_s3: uploaded.json().uri, ns: 0.001 },
      });
      expect(foreign.statusCode).toBe(422);

      const created = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/md",
        token,
        payload: { system_tar_s3: uploaded.json().uri, ns: 0.001 },
      });
      expect(created.statusCode, created.body).toBe(202);
      const jobId = created.json().job_id;
      let job;
      for (const deadline = Date.now() + 540_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
        job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token })).json();
        if (["completed", "failed"].includes(job.status)) break;
      }
      expect(job.status, job.error_message).toBe("completed");
      expect(job.domain).toBe("oracle_md");
      const result = job.result.final_metrics;
      expect(result.system.sha256).toBe(uploaded.json().sha256);
      expect(result.minimisation.potential_kj_mol).toBeLessThan(0);
      expect(result.nvt.ns_completed).toBeCloseTo(0.001, 6);
      expect(result.nvt.rmsd_nm.length).toBeGreaterThan(3);
      expect(job.result.best_fitness).toBe(result.nvt.rmsd_final_nm);
      expect((await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token: stranger })).statusCode).toBe(
        404,
      );

      // A 1 ps run of a small peptide stays well under the default 0.3 nm: nothing to register.
      const stable = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { job_id: jobId },
      });
      expect(stable.json()).toMatchObject({ registered: 0, inserted: 0 });
      // Judged against a strict threshold the same run is unstable, and needs the simulated compound.
      const strict = { job_id: jobId, rmsd_threshold_nm: result.nvt.rmsd_final_nm / 2 };
      const withoutLigand = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: strict,
      });
      expect(withoutLigand.statusCode).toBe(422);
      const pqit = "O=C(O)[C@@H](NC(=O)[C@@H](NC(=O)[C@H](CCC(N)=O)NC(=O)[C@@H]1CCCN1)[C@@H](C)CC)[C@@H](C)O";
      const registered = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { ...strict, ligand_smiles: pqit },
      });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({ registered: 1, inserted: 1 });
      const again = await ctx.call({
        method: "POST",
        url: "/v1/negatome/synthetic/oracle/register",
        token,
        payload: { ...strict, ligand_smiles: pqit },
      });
      expect(again.json()).toMatchObject({ registered: 1, inserted: 1, skipped: 0 });
      const records = (await ctx.call({ method: "GET", url: "/v1/negatome/recent?limit=5", token })).json().items;
      const record = records.find((r: { source: string }) => r.source === "synthetic");
      expect(record.failure_class).toBe("BINDING");
      expect(
        (
          await ctx.call({
            method: "POST",
            url: "/v1/negatome/synthetic/oracle/register",
            token: stranger,
            payload: strict,
          })
        ).statusCode,
      ).toBe(404);
    },
  );
});
