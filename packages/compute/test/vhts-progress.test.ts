import { describe, expect, it } from "vitest";
import { DEFAULT_SCREENING_FILTERS } from "@sieve/workflows";
import { runVhtsTask } from "../src/workflows";

describe("a screen's progress", () => {
  it("leaves the preparing phase as soon as its oracle is ready: 0 of N scored, then counts and compounds", async () => {
    const reports: Record<string, unknown>[] = [];
    await runVhtsTask(
      {
        library: { name: "lib.smi", text: "CC(=O)Oc1ccccc1C(=O)O aspirin\nOC(=O)c1ccccc1O salicylic\nCCO ethanol" },
        receptor: null,
        box: { kind: "ligand" },
        docking: {},
        actives: [{ smiles: "CC(=O)Oc1ccccc1C(=O)O", name: "aspirin", source: "user" }],
        objectives: [{ name: "activity", direction: "maximize", weight: 1 }],
        max_evaluations: 800,
        wallclock_limit_s: 0,
        dimension: 8,
        bounds: [-1, 1],
        seed: 42,
        filters: DEFAULT_SCREENING_FILTERS,
        cache_dir: null,
        negatome: null,
      },
      {
        progress: (event) => reports.push((event as { progress: Record<string, unknown> }).progress),
        cancelled: () => false,
      },
    );
    expect(reports[0]).toMatchObject({ phase: "preparing" });
    expect(reports[1]).toMatchObject({
      phase: "scoring",
      phase_detail: "Scoring the library by similarity to 1 known active",
      evaluated: 0,
      candidates: 3,
    });
    expect(reports.at(-1)).toMatchObject({ phase: "scoring", evaluated: 3, candidates: 3, batch: 1 });
    expect(reports.at(-1)!.best_fitness).toEqual(expect.any(Number));
    // The compounds scored so far travel with the progress, best first, for the run page (issue 20).
    const partial = reports.at(-1)!.partial as { series: { name: string }[]; series_total: number };
    expect(partial).toMatchObject({ series_total: 3, activity_kind: "ligand_similarity" });
    expect(partial.series.map((row) => row.name)[0]).toBe("aspirin");
  });
});
