import { describe, expect, it } from "vitest";
import { hitsCsv } from "./outputs";

const hit = {
  smiles: "CC(=O)Oc1ccccc1C(=O)O",
  name: "aspirin",
  fitness: 0.61,
  activity: 0.55,
  activity_kind: "docking",
  affinity: -6.2,
  synthetic_accessibility: 1.6,
  properties: { qed: 0.55, logp: 1.31, mw: 180.16 },
  warnings: [],
};

describe("hitsCsv", () => {
  it("names the start conformer whose pose won and each conformer's best affinity", () => {
    const [header, row] = hitsCsv([{ ...hit, conformer: { index: 2, of: 3, affinities: [-5.9, -6.2, -6.0] } }])
      .trim()
      .split("\n");
    const cells = Object.fromEntries(header!.split(",").map((column, i) => [column, row!.split(",")[i]]));
    expect(cells).toMatchObject({
      affinity_kcal_mol: "-6.2",
      best_start_conformer: "2 of 3",
      start_conformer_affinities_kcal_mol: "-5.9; -6.2; -6",
    });
  });

  it("leaves the conformer columns empty for a hit scored without docking", () => {
    const [header, row] = hitsCsv([{ ...hit, activity_kind: "ligand_similarity", affinity: null }])
      .trim()
      .split("\n");
    const cells = Object.fromEntries(header!.split(",").map((column, i) => [column, row!.split(",")[i]]));
    expect(cells).toMatchObject({ best_start_conformer: "", start_conformer_affinities_kcal_mol: "" });
  });

  it("says how each analog's pose was found: on its parent's pose, pulled onto its core, or by a search and why", () => {
    const csv = hitsCsv([
      {
        ...hit,
        placement: {
          method: "tethered",
          parent: "CC(=O)Oc1ccccc1C(=O)O",
          core_atoms: 12,
          fixed_atoms: 11,
          heavy_atoms: 13,
          clash: 0.1,
        },
      },
      {
        ...hit,
        placement: {
          method: "tethered",
          parent: "CC(=O)Oc1ccccc1C(=O)O",
          core_atoms: 12,
          fixed_atoms: 0,
          heavy_atoms: 13,
          clash: 0.3,
          pulled_core_rmsd: 0.21,
          scored_as: "CC(=O)Oc1ccccc1C(=O)[O-]",
        },
      },
      { ...hit, placement: { method: "search", reason: "shares 4 of its 13 heavy atoms with its parent" } },
    ]);
    const [header, ...rows] = csv.trim().split("\n");
    const column = header!.split(",").indexOf("pose_placement");
    expect(rows.map((row) => row.split(",")[column])).toEqual([
      "tethered on CC(=O)Oc1ccccc1C(=O)O (12 of 13 heavy atoms in common; 11 at the parent's coordinates)",
      "tethered on CC(=O)Oc1ccccc1C(=O)O (12 of 13 heavy atoms in common; pulled onto the parent's core to RMSD 0.21 Å; scored as CC(=O)Oc1ccccc1C(=O)[O-])",
      "search (shares 4 of its 13 heavy atoms with its parent)",
    ]);
  });
});
