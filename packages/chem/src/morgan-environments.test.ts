import { beforeAll, describe, expect, it } from "vitest";
import { drugCentralSample, rdkitReference, requireRDKitReference } from "../scripts/morgan-reference-set";
import { morganEnvironmentCounts } from "./morgan-environments";
import { loadRDKit, type RDKitModule } from "./rdkit";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

/** [id, count] pairs sorted by id, the shape RDKit's reference prints; null when RDKit.js cannot parse. */
function sortedCounts(smiles: string): [number, number][] | null {
  const mol = rdkit.get_mol(smiles);
  if (!mol) return null;
  try {
    return [...morganEnvironmentCounts(rdkit, mol)].sort((p, q) => p[0] - q[0]);
  } finally {
    mol.delete();
  }
}

// GetMorganFingerprint(m, 2).GetNonzeroElements() from RDKit 2022.09.3 (scripts/morgan-reference.py).
const RDKIT_IDS: [string, string, [number, number][]][] = [
  [
    "ethanol",
    "CCO",
    [
      [864662311, 1],
      [1535166686, 1],
      [2245384272, 1],
      [2246728737, 1],
      [3542456614, 1],
      [4018048386, 1],
    ],
  ],
  [
    "isotopes and a charge",
    "[2H]C([13CH3])[O-]",
    [
      [290373721, 1],
      [864942795, 1],
      [1519496099, 1],
      [2245384272, 1],
      [2246728737, 1],
      [3309593131, 1],
      [3542456614, 1],
      [4277593707, 1],
    ],
  ],
  [
    "phenol (aromatic bonds)",
    "Oc1ccccc1",
    [
      [26234434, 1],
      [98513984, 3],
      [251179073, 2],
      [859799282, 1],
      [864662311, 1],
      [951226070, 2],
      [2763854213, 1],
      [2905660137, 1],
      [3217380708, 1],
      [3218693969, 5],
      [3999906991, 2],
    ],
  ],
  [
    "cisplatin (dative bonds)",
    "[NH3]->[Pt](<-[NH3])(Cl)Cl",
    [
      [847693039, 2],
      [1016841875, 2],
      [1067345068, 2],
      [1912859399, 1],
      [2369339763, 2],
      [3839045236, 1],
    ],
  ],
  [
    "adamantane (duplicate environments)",
    "C1C2CC3CC1CC(C2)C3",
    [
      [517457164, 6],
      [1922070456, 6],
      [2968968094, 6],
      [2976033787, 4],
      [2999514534, 4],
      [3582804240, 4],
    ],
  ],
];

describe("morganEnvironmentCounts", () => {
  it.each(RDKIT_IDS)("matches RDKit's unfolded ids for %s", (_name, smiles, expected) => {
    expect(sortedCounts(smiles)).toEqual(expected);
  });

  it("leaves the caller's molecule alive", () => {
    const mol = rdkit.get_mol("CCO")!;
    morganEnvironmentCounts(rdkit, mol);
    expect(mol.get_smiles()).toBe("CCO");
    mol.delete();
  });

  it("equals RDKit Python's ids on at least 99% of a DrugCentral sample", () => {
    requireRDKitReference();
    const references = rdkitReference(drugCentralSample()).filter((r) => r.morgan !== null);
    const failures = references.filter((r) => JSON.stringify(sortedCounts(r.smiles)) !== JSON.stringify(r.morgan));
    if (failures.length > 0)
      console.warn(`Morgan ids differ from RDKit for:\n${failures.map((r) => r.smiles).join("\n")}`);
    expect(references.length).toBeGreaterThanOrEqual(1000);
    expect(1 - failures.length / references.length).toBeGreaterThanOrEqual(0.99);
  });
});
