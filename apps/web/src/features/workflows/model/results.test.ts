import { describe, expect, it } from "vitest";
import { filtersText, notRankedRows, progressText, readWorkflowResult } from "./results";

describe("workflow results on the run page", () => {
  it("reads partial metrics without failing", () => {
    expect(readWorkflowResult(null)).toBeNull();
    const result = readWorkflowResult({ workflow: "vhts", hits: [{ smiles: "CCO" }], activity_kind: "docking" });
    expect(result).toMatchObject({ workflow: "vhts", activity_kind: "docking", invalid: [], plan: null });
    expect(result!.hits).toHaveLength(1);
  });

  it("describes progress with the best affinity when docking", () => {
    expect(progressText({ evaluated: 4, max_evaluations: 800, best_affinity: -7.25 })).toBe(
      "4 evaluated of a budget of 800, best affinity -7.25 kcal/mol",
    );
    expect(progressText({ docked: 1, total: 2 })).toBe("1 evaluated of a budget of 2");
    expect(progressText(null)).toBeNull();
    expect(progressText({ evaluated: 6, max_evaluations: 800, shards: 2, shards_done: 1 })).toBe(
      "6 evaluated of a budget of 800; 1 of 2 shards done",
    );
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
    expect(notRankedRows(result).map((r) => [r.kind, r.position, r.compound, r.reason])).toEqual([
      ["invalid", 3, "bad((", "RDKit could not read this structure"],
      ["filtered", 5, "C90", "90 heavy atoms is more than the limit of 80"],
      ["failed", 2, "amprenavir", "3D build timed out after 300 s"],
    ]);
  });

  it("states the run's filters with their values", () => {
    expect(
      filtersText({
        drug_likeness: false,
        max_heavy_atoms: 80,
        max_negatome_risk: 0.7,
        time_limit_base_s: 120,
        time_limit_per_rotatable_bond_s: 15,
      }),
    ).toBe(
      "drug-likeness rule off · at most 80 heavy atoms · negatome risk at most 0.7 · time limit per docking step 120 s + 15 s per rotatable bond",
    );
  });
});
