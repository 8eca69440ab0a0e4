import { describe, expect, it } from "vitest";
import { SCREEN_FILTER_DEFAULTS } from "@sieve/contracts";
import { buildRunBody, dockingDefaultsText, INITIAL_JOB_FORM, INPUT_TEXTS, requires, type JobForm } from "./job-form";

const vhts: JobForm = {
  ...INITIAL_JOB_FORM,
  targetProtein: " upload://p/1HSG.pdb ",
  compoundLibrary: "upload://l/lib.smi",
  hitCompounds: "CCO",
  customMessage: "ignored",
};

describe("New Job form model", () => {
  it("starts as the spec's dialog state (§3)", () => {
    expect(INITIAL_JOB_FORM).toMatchObject({
      jobType: "vhts",
      analogsInput: "generate_simple_analogs",
      includeDocking: true,
      targetProtein: "",
      outputLocation: "",
    });
  });

  it("suggests only inputs the server reads: no storage address such as s3:// (issue 20)", () => {
    for (const { hint, placeholder } of Object.values(INPUT_TEXTS)) {
      expect(`${hint} ${placeholder}`).not.toMatch(/s3:\/\/|storage URI/i);
    }
  });

  it("states the docking defaults a run from the modal uses (issue 20)", () => {
    expect(dockingDefaultsText()).toBe(
      "Defaults: Vina exhaustiveness 2 per ligand, shared among its start conformers (at least 1 search each) · " +
        "9 modes · Vina seed 42 · box: a 22 Å cube around the co-crystallised ligand. A Docking module sent through " +
        "the API changes them.",
    );
  });

  it("requires per workflow what §5 requires", () => {
    expect(
      ["targetProtein", "compoundLibrary", "hitCompounds", "customMessage"].filter((input) =>
        requires(vhts, input as never),
      ),
    ).toEqual(["targetProtein", "compoundLibrary"]);
    const lead = { ...vhts, jobType: "lead_opt" as const };
    expect(
      ["targetProtein", "compoundLibrary", "hitCompounds", "customMessage"].filter((input) =>
        requires(lead, input as never),
      ),
    ).toEqual(["targetProtein", "hitCompounds"]);
    expect(requires({ ...vhts, jobType: "custom" }, "customMessage")).toBe(true);
  });

  it("builds the §9 run body for VHTS: budget 800, seed 42, BatchDiversity, two objectives, 8-d continuous space", () => {
    expect(buildRunBody(vhts)).toEqual({
      workflow: "vhts",
      inputs: {
        target_protein: "upload://p/1HSG.pdb",
        compound_library: "upload://l/lib.smi",
        hit_compounds: null,
        analogs_strategy: null,
        analogs_file: null,
        custom_message: null,
        output_location: null,
        include_docking: true,
      },
      search_space: { type: "continuous", dimension: 8, bounds: [-1, 1] },
      objectives: [
        { name: "activity", direction: "maximize", weight: 1 },
        { name: "interaction_similarity", direction: "maximize", weight: 1 },
        { name: "synthetic_accessibility", direction: "minimize", weight: 0.5 },
      ],
      budget: { max_evaluations: 800, wallclock_limit_s: 0 },
      seed: 42,
      modules: [{ name: "BatchDiversity", params: {} }],
      notes: null,
      filters: {
        drug_likeness: false,
        max_heavy_atoms: 80,
        max_negatome_risk: 0.7,
        time_limit_base_s: SCREEN_FILTER_DEFAULTS.time_limit_base_s,
        time_limit_per_rotatable_bond_s: SCREEN_FILTER_DEFAULTS.time_limit_per_rotatable_bond_s,
        max_analog_sa_score: 6,
        start_conformers: SCREEN_FILTER_DEFAULTS.start_conformers,
        analog_docking: SCREEN_FILTER_DEFAULTS.analog_docking,
        min_analog_shared_core: SCREEN_FILTER_DEFAULTS.min_analog_shared_core,
        drop_analogs_with_new_alerts: SCREEN_FILTER_DEFAULTS.drop_analogs_with_new_alerts,
      },
    });
  });

  it("sends the filters the user set, and none for a custom workflow", () => {
    const strict = { ...vhts, filters: { ...vhts.filters, drug_likeness: true, max_heavy_atoms: 50 } };
    expect(buildRunBody(strict).filters).toMatchObject({ drug_likeness: true, max_heavy_atoms: 50 });
    expect(buildRunBody({ ...strict, jobType: "lead_opt" }).filters).toMatchObject({ max_heavy_atoms: 50 });
    expect(buildRunBody({ ...strict, jobType: "custom" })).not.toHaveProperty("filters");
  });

  it("gives other workflows 400 evaluations and sends only their own inputs", () => {
    const lead = buildRunBody({
      ...vhts,
      jobType: "lead_opt",
      analogsInput: "generate_bioisosteres",
      outputLocation: " s3://out/ ",
    });
    expect(lead.budget?.max_evaluations).toBe(400);
    expect(lead.inputs).toMatchObject({
      compound_library: null,
      hit_compounds: "CCO",
      analogs_strategy: "generate_bioisosteres",
      output_location: "s3://out/",
    });

    const custom = buildRunBody({ ...vhts, jobType: "custom", customMessage: "Rank kinases" });
    expect(custom.budget?.max_evaluations).toBe(400);
    expect(custom.inputs).toMatchObject({ target_protein: null, custom_message: "Rank kinases" });
    expect(custom.inputs).not.toHaveProperty("include_docking");
  });

  it("sends an uploaded custom analog set as inputs.analogs_file", () => {
    const body = buildRunBody({
      ...vhts,
      jobType: "lead_opt",
      analogsInput: "upload_custom",
      analogsFile: "upload://a/analogs.smi",
    });
    expect(body.inputs).toMatchObject({ analogs_strategy: "upload_custom", analogs_file: "upload://a/analogs.smi" });
    expect(body.notes).toBeNull();
  });

  it("sends the run to the organization's workers with the RemoteExecution module, split into shards only for VHTS", () => {
    expect(buildRunBody({ ...vhts, execution: "remote", shards: 4 }).modules).toEqual([
      { name: "BatchDiversity", params: {} },
      { name: "RemoteExecution", params: { shards: 4 } },
    ]);
    expect(buildRunBody({ ...vhts, execution: "remote", shards: 99 }).modules?.at(-1)).toEqual({
      name: "RemoteExecution",
      params: { shards: 16 },
    });
    expect(buildRunBody({ ...vhts, jobType: "lead_opt", execution: "remote", shards: 4 }).modules?.at(-1)).toEqual({
      name: "RemoteExecution",
      params: {},
    });
    expect(buildRunBody({ ...vhts, shards: 4 }).modules).toEqual([{ name: "BatchDiversity", params: {} }]);
  });
});
