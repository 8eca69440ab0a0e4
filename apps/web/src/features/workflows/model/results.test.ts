import { describe, expect, it } from "vitest";
import { progressText, readWorkflowResult } from "./results";

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
});
