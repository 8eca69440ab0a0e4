import { readFileSync } from "node:fs";
import type { Mol } from "@rdkit/rdkit";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReferenceDocument } from "../test/reference-compare";
import { everyNth, readDrugCentral } from "../test/shared-data";
import { readMolGraph } from "./morgan-environments";
import { qed, qedFromProperties, qedProperties, WEIGHT_MAX, WEIGHT_NONE } from "./qed";
import { ACCEPTOR_SMARTS, STRUCTURAL_ALERT_SMARTS } from "./qed-patterns";
import { loadRDKit, type RDKitModule } from "./rdkit";
import { readRDKitDescriptors } from "./rdkit-descriptors";

const reference = JSON.parse(
  readFileSync(new URL("../test/reference-values.json", import.meta.url), "utf8"),
) as ReferenceDocument;

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function withMol<T>(smiles: string, use: (mol: Mol) => T): T {
  const mol = rdkit.get_mol(smiles);
  if (!mol) throw new Error(`unparsable test SMILES ${smiles}`);
  try {
    return use(mol);
  } finally {
    mol.delete();
  }
}

const propertiesOf = (mol: Mol) => qedProperties(rdkit, mol, readMolGraph(mol), readRDKitDescriptors(mol));

describe("QED as RDKit 2022.09 QED.py computes it", () => {
  // The doctests of QED.py (values from the original implementation) and the other weightings,
  // all printed by RDKit Python 2022.09.
  it.each([
    ["N=C(CCSCc1csc(N=C(N)N)n1)NS(N)(=O)=O", 0.253143, 0.212926, 0.279871],
    ["CNC(=NCCSCc1nc[nH]c1C)NC#N", 0.234659, 0.155015, 0.402833],
    ["CCCCCNC(=N)NN=Cc1c[nH]c2ccc(CO)cc12", 0.234872, 0.164805, 0.388247],
    ["CC(=O)Oc1ccccc1C(=O)O", 0.550122, 0.491463, 0.673403],
  ])("%s: mean %f, max %f, none %f", (smiles, mean, max, none) => {
    withMol(smiles, (mol) => {
      expect(qed(rdkit, mol)).toBeCloseTo(mean, 5);
      expect(qed(rdkit, mol, WEIGHT_MAX)).toBeCloseTo(max, 5);
      expect(qed(rdkit, mol, WEIGHT_NONE)).toBeCloseTo(none, 5);
    });
  });

  it("reproduces QED.properties for the first doctest molecule", () => {
    const properties = withMol("N=C(CCSCc1csc(N=C(N)N)n1)NS(N)(=O)=O", propertiesOf);
    expect(properties).toMatchObject({ HBA: 6, HBD: 5, ROTB: 7, AROM: 1, ALERTS: 3 });
    expect(properties.MW).toBeCloseTo(337.456, 3);
    expect(properties.ALOGP).toBeCloseTo(-0.55833, 4);
    expect(properties.PSA).toBeCloseTo(173.33, 2);
    expect(qedFromProperties(properties)).toBeCloseTo(0.253143, 5);
  });

  it("counts HBA, AROM and ALERTS exactly as QED.py on every reference molecule", () => {
    const differences = reference.molecules.flatMap((record) => {
      if (!record.qed_properties) return [];
      const ours = withMol(record.smiles_in, propertiesOf);
      return (["HBA", "AROM", "ALERTS"] as const).flatMap((p) =>
        ours[p] === record.qed_properties![p]
          ? []
          : [`${record.name}: ${p} ours ${ours[p]}, RDKit Python ${record.qed_properties![p]}`],
      );
    });
    expect(differences).toEqual([]);
  });
});

describe("SMARTS matching and screening", () => {
  // HBA and ALERTS come from our matcher (smarts/) after the screen, which may only skip
  // searches that cannot match: compare with RDKit.js searching every pattern.
  it("never changes HBA or ALERTS from RDKit.js's own search (reference molecules, and a quarter of DrugCentral)", () => {
    const acceptors = ACCEPTOR_SMARTS.map((s) => rdkit.get_qmol(s)!);
    const alerts = STRUCTURAL_ALERT_SMARTS.map((s) => rdkit.get_qmol(s)!);
    const smiles = [
      ...reference.molecules.map((r) => r.smiles_in),
      ...everyNth(readDrugCentral(), 4).map((r) => r.smiles),
    ];
    const differences: string[] = [];
    try {
      for (const s of smiles) {
        const mol = rdkit.get_mol(s);
        if (!mol) continue;
        try {
          const screened = propertiesOf(mol);
          const hba = acceptors.reduce((sum, q) => {
            const matches: unknown = JSON.parse(mol.get_substruct_matches(q));
            return sum + (Array.isArray(matches) ? matches.length : 0);
          }, 0);
          const alertCount = alerts.filter((q) => mol.get_substruct_match(q) !== "{}").length;
          if (screened.HBA !== hba || screened.ALERTS !== alertCount) differences.push(s);
        } finally {
          mol.delete();
        }
      }
    } finally {
      [...acceptors, ...alerts].forEach((q) => q.delete());
    }
    expect(differences).toEqual([]);
  }, 120_000);
});
