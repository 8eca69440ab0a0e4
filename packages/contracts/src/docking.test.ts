import { describe, expect, it } from "vitest";
import { describeDocking, dockingOptionsOf } from "./docking";

describe("a run's docking settings", () => {
  it("are the screening defaults unless a Docking module sets them, and read as a chemist reads them", () => {
    const { options, problems } = dockingOptionsOf({ modules: [{ name: "BatchDiversity" }], seed: 42 });
    expect(problems).toEqual([]);
    expect(options).toEqual({
      exhaustiveness: 2,
      num_modes: 9,
      seed: 42,
      box: { kind: "ligand", residue_name: null, size: 22 },
    });
    expect(describeDocking(options, { center: [13.0731, 22.4667, 5.5573], size: [22, 22, 22] })).toBe(
      "Vina exhaustiveness 2 per ligand, shared among its start conformers (at least 1 search each) · 9 modes · " +
        "Vina seed 42 · box: a 22 Å cube around the co-crystallised ligand: centre (13.073, 22.467, 5.557) Å, size 22, 22, 22 Å",
    );
    const set = dockingOptionsOf({
      modules: [
        { name: "Docking", params: { exhaustiveness: 8, num_modes: 3, center: [1, 2, 3], size: [20, 20, 20] } },
      ],
      seed: 7,
    });
    expect(set.options).toEqual({
      exhaustiveness: 8,
      num_modes: 3,
      seed: 7,
      box: { kind: "explicit", center: [1, 2, 3], size: [20, 20, 20] },
    });
  });

  it("refuses an out-of-range value instead of falling back to the default (issue 20)", () => {
    expect(
      dockingOptionsOf({ modules: [{ name: "Docking", params: { exhaustiveness: 100 } }], seed: 42 }).problems,
    ).toEqual([
      {
        path: "modules.Docking.params.exhaustiveness",
        message: "exhaustiveness must be a whole number from 1 to 32; got 100",
      },
    ]);
    const bad = dockingOptionsOf({
      modules: [{ name: "Docking", params: { num_modes: 0, box_size: "big", center: [1, 2], size: [20, 20, 20] } }],
      seed: 42,
    });
    expect(bad.problems.map((p) => p.path)).toEqual([
      "modules.Docking.params.num_modes",
      "modules.Docking.params.box_size",
      "modules.Docking.params.center",
    ]);
  });
});
