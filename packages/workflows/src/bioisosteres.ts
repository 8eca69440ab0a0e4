import type { RDKitModule } from "@sieve/chem";

/**
 * Classic bioisosteric replacements as reaction SMARTS, after Meanwell (J Med Chem 2011, 54:2529)
 * and Patani & LaVoie (Chem Rev 1996, 96:3147). Each applies at one matching site per product.
 */
export const BIOISOSTERES: { name: string; smarts: string }[] = [
  { name: "carboxylic acid → tetrazole", smarts: "[C:1](=O)[OX2H1]>>[C:1]1=NN=N[NH]1" },
  { name: "carboxylic acid → acyl sulfonamide", smarts: "[C:1](=O)[OX2H1]>>[C:1](=O)NS(=O)(=O)C" },
  { name: "ester → amide", smarts: "[C:1](=O)[OX2:2][#6:3]>>[C:1](=O)N[#6:3]" },
  { name: "amide → reversed amide", smarts: "[#6:1][C:2](=O)[NX3H1:3][#6:4]>>[#6:1][NH][C](=O)[#6:4]" },
  { name: "phenyl → pyridyl", smarts: "[c:2]1[cH1:1][c:3][c:4][c:5][c:6]1>>[c:2]1n[c:3][c:4][c:5][c:6]1" },
  { name: "phenyl → thienyl", smarts: "[c:1]1[cH1][cH1][c:4][c:5][c:6]1>>[c:1]1s[c:4][c:5][c:6]1" },
  { name: "H → F (aromatic)", smarts: "[cH1:1]>>[c:1]F" },
  { name: "Cl → CF3", smarts: "[c:1][Cl]>>[c:1]C(F)(F)F" },
  { name: "Cl → CN", smarts: "[c:1][Cl]>>[c:1]C#N" },
  { name: "methyl → chloro (aromatic)", smarts: "[c:1][CH3]>>[c:1]Cl" },
  { name: "hydroxyl → amino", smarts: "[c:1][OH1]>>[c:1]N" },
  { name: "hydroxyl → fluoro", smarts: "[C:1][OH1]>>[C:1]F" },
  { name: "ether O → CH2", smarts: "[#6:1][OX2:2][#6:3]>>[#6:1]C[#6:3]" },
  { name: "CH2 → O (acyclic)", smarts: "[C;!R:1][CH2;!R:2][C;!R:3]>>[C:1]O[C:3]" },
  { name: "methyl → cyclopropyl", smarts: "[C,c:1][CH3]>>[*:1]C1CC1" },
  { name: "tert-butyl → trifluoromethyl", smarts: "[#6:1]C([CH3])([CH3])[CH3]>>[#6:1]C(F)(F)F" },
];

/** Every distinct sanitisable product of each replacement, with the replacement's name. */
export function bioisostericAnalogs(
  rdkit: RDKitModule,
  smiles: string,
  maxPerRule = 4,
): { smiles: string; strategy: string }[] {
  const parent = rdkit.get_mol(smiles);
  if (!parent) return [];
  const seen = new Set<string>([parent.get_smiles()]);
  const products: { smiles: string; strategy: string }[] = [];
  const reactants = new rdkit.MolList();
  try {
    reactants.append(parent);
    for (const { name, smarts } of BIOISOSTERES) {
      const rxn = rdkit.get_rxn(smarts);
      if (!rxn) continue;
      try {
        const outcome = rxn.run_reactants(reactants, maxPerRule * 4);
        let kept = 0;
        for (let i = 0; i < outcome.size() && kept < maxPerRule; i++) {
          const list = outcome.get(i);
          const raw = list?.at(0);
          const text = raw?.get_smiles();
          raw?.delete();
          list?.delete();
          const product = text ? rdkit.get_mol(text) : null;
          if (!product) continue;
          const canonical = product.is_valid() ? product.get_smiles() : null;
          product.delete();
          if (!canonical || canonical.includes(".") || seen.has(canonical)) continue;
          seen.add(canonical);
          products.push({ smiles: canonical, strategy: `bioisostere: ${name}` });
          kept++;
        }
        outcome.delete();
      } finally {
        rxn.delete();
      }
    }
  } finally {
    reactants.delete();
    parent.delete();
  }
  return products;
}
