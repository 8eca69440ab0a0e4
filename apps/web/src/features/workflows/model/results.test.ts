import { describe, expect, it } from "vitest";
import { describeFilters, notRankedEntries } from "@sieve/contracts";
import {
  budgetText,
  dockingText,
  partialResult,
  partialResultNotice,
  progressText,
  readWorkflowResult,
  vinaModesText,
} from "./results";

describe("workflow results on the run page", () => {
  it("reads partial metrics without failing", () => {
    expect(readWorkflowResult(null)).toBeNull();
    const result = readWorkflowResult({ workflow: "vhts", hits: [{ smiles: "CCO" }], activity_kind: "docking" });
    expect(result).toMatchObject({ workflow: "vhts", activity_kind: "docking", invalid: [], plan: null });
    expect(result!.hits).toHaveLength(1);
  });

  it("describes progress with the best affinity when docking", () => {
    expect(progressText({ evaluated: 4, max_evaluations: 800, best_affinity: -7.25 })).toBe(
      "4 of 800 scored, best affinity -7.25 kcal/mol",
    );
    expect(progressText({ docked: 1, total: 2 })).toBe("1 of 2 scored");
    expect(progressText(null)).toBeNull();
    expect(progressText({ evaluated: 6, max_evaluations: 800, shards: 2, shards_done: 1 })).toBe(
      "6 of 800 scored; 1 of 2 shards done",
    );
  });

  it("counts against the compounds the library holds when they are fewer than the budget", () => {
    expect(progressText({ evaluated: 3, max_evaluations: 800, candidates: 5 })).toBe("3 of 5 scored");
    expect(progressText({ evaluated: 3, max_evaluations: 10, candidates: 5000 })).toBe("3 of 10 scored");
  });

  it("says what a job is preparing and for how long, then what it is scoring", () => {
    const started = "2026-11-26T03:00:00.000Z";
    const now = Date.parse(started) + 42_000;
    expect(progressText({ phase_detail: "Preparing the receptor 1HSG.pdb", phase_started_at: started }, now)).toBe(
      "Preparing the receptor 1HSG.pdb (42 s so far)",
    );
    expect(
      progressText(
        { evaluated: 3, max_evaluations: 400, phase_detail: "Round 1: scoring analogs", prepared_in_s: 4.25 },
        now,
      ),
    ).toBe("3 of 400 scored — Round 1: scoring analogs; prepared in 4.3 s");
  });

  it("says docking is under way from 0 of N, lets the timer run, and drops the phase once the run is over (issue 20)", () => {
    const started = "2026-11-26T03:00:00.000Z";
    const docking = {
      phase: "scoring",
      phase_detail: "Docking the library into 1HSG.pdb",
      phase_started_at: started,
      evaluated: 0,
      max_evaluations: 800,
      candidates: 3,
      prepared_in_s: 4.25,
    };
    expect(progressText(docking, Date.parse(started) + 5_000)).toBe(
      "0 of 3 scored — Docking the library into 1HSG.pdb (5 s so far); prepared in 4.3 s",
    );
    expect(progressText(docking, Date.parse(started) + 21_000)).toBe(
      "0 of 3 scored — Docking the library into 1HSG.pdb (21 s so far); prepared in 4.3 s",
    );
    const preparing = {
      phase: "preparing",
      phase_detail: "Preparing the receptor 1HSG.pdb",
      phase_started_at: started,
    };
    expect(progressText(preparing, Date.parse(started) + 37_000, false)).toBeNull();
    expect(progressText({ ...docking, evaluated: 3 }, Date.parse(started) + 60_000, false)).toBe(
      "3 of 3 scored; prepared in 4.3 s",
    );
  });

  it("shows every docking setting with the resolved box, from the progress while docking and the result after", () => {
    const config = {
      workflow: "vhts" as const,
      modules: [{ name: "BatchDiversity", params: {} }],
      seed: 42,
      inputs: { include_docking: true } as never,
    };
    const box = { center: [13.073, 22.467, 5.557], size: [22, 22, 22] };
    const settings =
      "Vina exhaustiveness 2 per ligand, shared among its start conformers (at least 1 search each) · 9 modes · Vina seed 42";
    expect(dockingText(config, null, { phase: "preparing" })).toBe(
      `${settings} · box: a 22 Å cube around the co-crystallised ligand`,
    );
    expect(dockingText(config, null, { phase: "scoring", box })).toBe(
      `${settings} · box: a 22 Å cube around the co-crystallised ligand: centre (13.073, 22.467, 5.557) Å, size 22, 22, 22 Å`,
    );
    const finished = readWorkflowResult({
      workflow: "vhts",
      activity_kind: "docking",
      box: { ...box, size: [16, 16, 16] },
    });
    expect(dockingText(config, finished, null)).toMatch(/centre \(13\.073, 22\.467, 5\.557\) Å, size 16, 16, 16 Å$/);
    const similarity = readWorkflowResult({ workflow: "vhts", activity_kind: "ligand_similarity" });
    expect(dockingText(config, similarity, null)).toBe("none: scored by ligand similarity (no structure to dock into)");
    expect(dockingText({ ...config, inputs: { include_docking: false } as never }, null, null)).toBeNull();
  });

  it("reads the analogs a running or cancelled lead optimization has scored so far from its progress", () => {
    const partial = partialResult({
      evaluated: 2,
      partial: { parents: [{ smiles: "CCO" }], series: [{ smiles: "CCN", fitness: 0.5 }], failed: [] },
    });
    expect(partial?.hits.map((h) => h.smiles)).toEqual(["CCN"]);
    expect(partial?.parents.map((h) => h.smiles)).toEqual(["CCO"]);
    expect(partialResult({ evaluated: 2 })).toBeNull();
  });

  it("shows a screen's compounds as they are scored, called compounds, not analogs (issue 20)", () => {
    const partial = partialResult(
      {
        evaluated: 2,
        partial: {
          series: [{ smiles: "CCN", fitness: 0.5, affinity: -5.1 }],
          series_total: 2,
          activity_kind: "docking",
        },
      },
      "vhts",
    );
    expect(partial).toMatchObject({ workflow: "vhts", activity_kind: "docking" });
    expect(partial?.hits.map((h) => h.smiles)).toEqual(["CCN"]);
    expect(partialResultNotice("vhts", "running", 2)).toBe(
      "Partial results: the best of the 2 compounds scored so far, updated as the run works.",
    );
    expect(partialResultNotice("vhts", "cancelled", 2)).toBe(
      "The run stopped (cancelled): these are the 2 compounds it scored before, best first.",
    );
    expect(partialResultNotice("lead_opt", "running", 7)).toBe(
      "Partial results: the best of the 7 analogs scored so far, updated as the run works.",
    );
  });

  it("shows Vina modes to three decimals, and the budget as it applies to a screen (issue 20)", () => {
    expect(vinaModesText([{ affinity: -11.362 }, { affinity: -10.842 }, { affinity: -10.84 }])).toBe(
      "-11.362, -10.842, -10.840 kcal/mol",
    );
    expect(budgetText("vhts", 800, 3)).toBe(
      "every compound that passed the filters is scored (3; the budget of 800 evaluations is not reached)",
    );
    expect(budgetText("vhts", 800, 5000)).toBe(
      "800 evaluations: fewer than the 5000 compounds that passed the filters, so BatchDiversity picks which are scored",
    );
    expect(budgetText("vhts", 800, null)).toBe("at most 800 evaluations (one per compound that passes the filters)");
    expect(budgetText("lead_opt", 400, 3)).toBe("400 evaluations");
  });

  it("lists every unranked compound with its kind and reason", () => {
    const result = readWorkflowResult({
      workflow: "vhts",
      invalid: [{ position: 3, input: "bad((", error: "RDKit could not read this structure" }],
      filtered: [
        { smiles: "C".repeat(90), name: "C90", position: 5, reason: "90 heavy atoms is more than the limit of 80" },
      ],
      failed: [{ smiles: "CCO", name: "amprenavir", position: 2, reason: "3D build timed out after 300 s" }],
    })!;
    expect(notRankedEntries(result).map((r) => [r.kind, r.position, r.compound, r.reason])).toEqual([
      ["invalid", 3, "bad((", "RDKit could not read this structure"],
      ["filtered", 5, "C90", "90 heavy atoms is more than the limit of 80"],
      ["failed", 2, "amprenavir", "3D build timed out after 300 s"],
    ]);
  });

  it("states the run's filters with their values", () => {
    const filters = {
      drug_likeness: false,
      max_heavy_atoms: 80,
      max_negatome_risk: 0.7,
      time_limit_base_s: 300,
      time_limit_per_rotatable_bond_s: 30,
      max_analog_sa_score: 6,
      start_conformers: 3,
      analog_docking: "tethered" as const,
      min_analog_shared_core: 0.5,
      drop_analogs_with_new_alerts: true,
    };
    expect(describeFilters(filters, "vhts", true)).toBe(
      "drug-likeness rule off · at most 80 heavy atoms · negatome risk at most 0.7 · time limit per docking step 300 s + 30 s per rotatable bond · docking from at most 3 start conformers per ligand, best pose kept",
    );
    expect(
      describeFilters({ ...filters, drug_likeness: true, max_negatome_risk: 1, start_conformers: 1 }, "lead_opt", true),
    ).toBe(
      "drug-likeness rule on (≤ 1 rule-of-five violation, MW < 600) · at most 80 heavy atoms · no negatome filter · time limit per docking step 300 s + 30 s per rotatable bond · docking from at most 1 start conformer per ligand, best pose kept · analogs with SA score above 6 dropped before docking · generated analogs sharing less than 50 % of their heavy atoms with their parent dropped as new scaffolds · generated analogs with a med-chem alert their hit does not have dropped · analogs placed on their parent's docked pose by the common core and optimised in place (a full search when they share less than half their heavy atoms)",
    );
    // Scored by similarity, not docked: no docking time limits or start conformers.
    expect(describeFilters(filters, "lead_opt", false)).toBe(
      "drug-likeness rule off · at most 80 heavy atoms · negatome risk at most 0.7 · analogs with SA score above 6 dropped before scoring · generated analogs sharing less than 50 % of their heavy atoms with their parent dropped as new scaffolds · generated analogs with a med-chem alert their hit does not have dropped",
    );
  });
});
