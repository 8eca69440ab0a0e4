import { beforeAll, describe, expect, it } from "vitest";
import { drugCentralSample, rdkitReference, requireRDKitReference } from "../scripts/morgan-reference-set";
import { loadRDKit, type RDKitModule } from "./rdkit";
import { saScore } from "./sa-score";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

/** Our SA score for a SMILES, or null when RDKit.js cannot parse it. */
function score(smiles: string): number | null {
  const mol = rdkit.get_mol(smiles);
  if (!mol) return null;
  try {
    return saScore(rdkit, mol);
  } finally {
    mol.delete();
  }
}

interface Agreement {
  withinTolerance: number;
  maxDeviation: number;
  failures: string[];
}

function agreement(expected: { smiles: string; sa: number }[]): Agreement {
  let maxDeviation = 0;
  const failures: string[] = [];
  for (const { smiles, sa } of expected) {
    const ours = score(smiles);
    const deviation = ours === null ? Infinity : Math.abs(ours - sa);
    maxDeviation = Math.max(maxDeviation, deviation);
    if (deviation > 0.1) failures.push(`${smiles}\tours ${ours?.toFixed(3)}\tRDKit ${sa.toFixed(3)}`);
  }
  return { withinTolerance: 1 - failures.length / expected.length, maxDeviation, failures };
}

// sascorer.calculateScore from RDKit 2022.09.3 Contrib/SA_Score, printed by
// scripts/morgan-reference.py for these SMILES (chosen to exercise every penalty).
const RDKIT_SA: [string, string, number][] = [
  ["aspirin", "CC(=O)Oc1ccccc1C(=O)O", 1.58004],
  ["caffeine", "Cn1cnc2c1c(=O)n(C)c(=O)n2C", 2.297982],
  ["ibuprofen (unassigned centre)", "CC(C)Cc1ccc(cc1)C(C)C(=O)O", 2.191755],
  ["paracetamol", "CC(=O)Nc1ccc(O)cc1", 1.407299],
  ["benzene (symmetry correction)", "c1ccccc1", 1.0],
  ["adamantane (bridgeheads)", "C1C2CC3CC1CC(C2)C3", 3.058564],
  ["cubane (symmetrized rings)", "C12C3C4C1C5C2C3C45", 3.169396],
  ["tranexamic acid (ring cis/trans, not a legacy centre)", "NC[C@H]1CC[C@@H](CC1)C(O)=O", 2.068342],
  ["esomeprazole (sulfoxide centre)", "COc1ccc2[nH]c([S@@](=O)Cc3ncc(C)c(OC)c3C)nc2c1", 3.063047],
  ["quinine (bridgehead N)", "COc1ccc2nccc([C@@H](O)[C@@H]3C[C@@H]4CCN3C[C@@H]4C=C)c2c1", 4.515549],
  [
    "spironolactone (spiro)",
    "CC(=O)S[C@@H]1CC2=CC(=O)CC[C@]2(C)[C@H]2CC[C@@]3(C)[C@@H](CC[C@@]34CCC(=O)O4)[C@H]12",
    5.131985,
  ],
  [
    "erythromycin (macrocycle)",
    "CC[C@@H]1[C@@]([C@@H]([C@H](C(=O)[C@@H](C[C@@]([C@@H]([C@H]([C@@H]([C@H](C(=O)O1)C)O[C@H]2C[C@@]([C@H]([C@@H](O2)C)O)(C)OC)C)O[C@H]3[C@@H]([C@H](C[C@H](O3)C)N(C)C)O)(C)O)C)C)O)(C)O",
    6.088311,
  ],
  [
    "paclitaxel",
    "CC1=C2[C@@]([C@]([C@H]([C@@H]3[C@]4([C@H](OC4)C[C@@H]([C@]3(C(=O)[C@@H]2OC(=O)C)C)O)OC(=O)C)OC(=O)c5ccccc5)(C[C@@H]1OC(=O)[C@H](O)[C@@H](NC(=O)c6ccccc6)c7ccccc7)O)(C)C",
    5.915624,
  ],
  ["cisplatin (dative bonds)", "[NH3]->[Pt](<-[NH3])(Cl)Cl", 7.610971],
  [
    "deutetrabenazine (deuterium)",
    "[2H]C([2H])([2H])Oc1cc2c(cc1OC([2H])([2H])[2H])[C@@H]1CC(=O)[C@H](CC(C)C)CN1CC2",
    5.197222,
  ],
  ["fludeoxyglucose F-18 (isotope)", "OC[C@H]1OC(O)[C@H]([18F])[C@@H](O)[C@@H]1O", 3.987716],
  ["metformin hydrochloride (salt)", "CN(C)C(=N)N=C(N)N.Cl", 3.366614],
  ["glycine zwitterion (charges)", "[NH3+]CC(=O)[O-]", 5.586995],
  ["methane (one atom)", "C", 7.328415],
  ["sulfur hexafluoride (six-coordinate)", "FS(F)(F)(F)(F)F", 3.862618],
  ["1,2-dimethylaziridine (N in a 3-ring)", "CC1CN1C", 2.535244],
  ["methylphenyl-o-anisylphosphine (P centre)", "CP(c1ccccc1)c1ccccc1OC", 2.768099],
  ["artemisinin (peroxide bridge)", "C[C@@H]1CC[C@H]2[C@H](C)C(=O)O[C@@H]3O[C@@]4(C)CC[C@@H]1[C@]32OO4", 5.667633],
  ["morphine", "CN1CC[C@]23[C@@H]4[C@H]1CC5=C2C(=C(C=C5)O)O[C@H]3[C@H](C=C4)O", 5.273602],
  ["strychnine", "O=C1C[C@H]2OCC=C3CN4CC[C@]56[C@@H]4C[C@H]3[C@H]2[C@H]5N1c1ccccc16", 5.72297],
  ["imatinib", "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1", 2.33166],
  ["sildenafil", "CCCc1nn(C)c2c(=O)[nH]c(-c3cc(S(=O)(=O)N4CCN(C)CC4)ccc3OCC)nc12", 2.739512],
  ["ebselen (selenium)", "O=C1N(c2ccccc2)[Se]c2ccccc12", 2.567092],
  ["bortezomib (boron)", "CC(C)C[C@H](NC(=O)[C@H](Cc1ccccc1)NC(=O)c1cnccn1)B(O)O", 3.17705],
  ["ferrocene (charged aromatic rings, metal)", "[cH-]1cccc1.[cH-]1cccc1.[Fe+2]", 4.354615],
  ["explicit hydrogens", "[H]OC([H])([H])C([H])([H])[H]", 1.980257],
  ["ethinylestradiol", "C#C[C@]1(O)CC[C@H]2[C@@H]3CCc4cc(O)ccc4[C@H]3CC[C@@]21C", 3.93471],
  [
    "tetrodotoxin (hard end of the scale)",
    "O[C@@H]1[C@H]2O[C@@]3(O)O[C@H]([C@@H]1O)[C@]1(O)[C@H]3N=C(N)N[C@@]21CO",
    6.93391,
  ],
  ["xenon (smoothed hard end)", "[Xe]", 8.479573],
];

describe("saScore", () => {
  it.each(RDKIT_SA)("matches RDKit's sascorer for %s", (_name, smiles, expected) => {
    expect(score(smiles)).toBeCloseTo(expected, 4);
  });

  it("stays on the 1-10 scale and leaves the caller's molecule alive", () => {
    const mol = rdkit.get_mol("CC(=O)Oc1ccccc1C(=O)O")!;
    const value = saScore(rdkit, mol);
    expect(value).toBeGreaterThanOrEqual(1);
    expect(value).toBeLessThanOrEqual(10);
    expect(mol.get_num_atoms()).toBe(13);
    mol.delete();
  });

  it("is within 0.1 of RDKit's sascorer on at least 95% of a DrugCentral sample", () => {
    requireRDKitReference();
    const references = rdkitReference(drugCentralSample()).flatMap((r) =>
      r.sa === undefined ? [] : [{ smiles: r.smiles, sa: r.sa }],
    );
    const result = agreement(references);
    console.info(
      `SA score vs RDKit on ${references.length} DrugCentral drugs: ${(100 * result.withinTolerance).toFixed(2)}% within 0.1, max deviation ${result.maxDeviation.toFixed(3)}`,
    );
    if (result.failures.length > 0)
      console.warn(`SA score differs from RDKit by more than 0.1 for:\n${result.failures.join("\n")}`);
    expect(references.length).toBeGreaterThanOrEqual(1000);
    expect(result.withinTolerance).toBeGreaterThanOrEqual(0.95);
  });
});
