import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReferenceDocument } from "../test/reference-compare";
import { CRIPPEN_TYPES } from "./crippen-types";
import { HBA_SMARTS, HBD_SMARTS, ROTATABLE_BOND_SMARTS } from "./graph-descriptors";
import { readMolGraph } from "./morgan-environments";
import { parseSmiles } from "./parse";
import { ACCEPTOR_SMARTS, STRUCTURAL_ALERT_SMARTS } from "./qed-patterns";
import { loadRDKit, type RDKitModule } from "./rdkit";
import { compileSmarts, countUniqueMatches, hasMatch, matchesAt, matchGraphOf } from "./smarts/index";
import { mayMatch, moleculeFeatures, smartsScreen } from "./smarts-screen";

const reference = JSON.parse(
  readFileSync(new URL("../test/reference-values.json", import.meta.url), "utf8"),
) as ReferenceDocument;

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

/** RDKit.js's own count of unique matches. */
function rdkitCount(smiles: string, smarts: string): number {
  const mol = rdkit.get_mol(smiles)!;
  const query = rdkit.get_qmol(smarts)!;
  try {
    const matches: unknown = JSON.parse(mol.get_substruct_matches(query));
    return Array.isArray(matches) ? matches.length : 0;
  } finally {
    mol.delete();
    query.delete();
  }
}

function ourCount(smiles: string, smarts: string): number {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) throw new Error(parsed.error);
  try {
    return countUniqueMatches(compileSmarts(smarts), matchGraphOf(readMolGraph(parsed.mol)));
  } finally {
    parsed.mol.delete();
  }
}

describe("SMARTS matcher", () => {
  it("compiles every pattern it serves: Crippen types, HBD/HBA/rotatable bonds, QED", () => {
    const all = [
      ...CRIPPEN_TYPES.map(([, smarts]) => smarts),
      HBD_SMARTS,
      HBA_SMARTS,
      ROTATABLE_BOND_SMARTS,
      ...ACCEPTOR_SMARTS,
      ...STRUCTURAL_ALERT_SMARTS,
    ];
    for (const smarts of all) expect(() => compileSmarts(smarts), smarts).not.toThrow();
  });

  it("refuses what it does not implement rather than misreading it", () => {
    for (const smarts of ["[h1]", "[x2]", "[z2]", "[C;Z1]", "C{1-2}", "[C@TH1]C", "C1CC", "C(C", "[C"]) {
      expect(() => compileSmarts(smarts), smarts).toThrow();
    }
  });

  it.each([
    ["c1ccccc1O", "[OH]c"],
    ["c1ccccc1O", "c:c"],
    ["CC(=O)Oc1ccccc1C(=O)O", "[#6]=,:[#6]"],
    ["CC(=O)Oc1ccccc1C(=O)O", "*~*"],
    ["CC(=O)Oc1ccccc1C(=O)O", "C(=O)O"],
    ["C1CCCCC1CC", "[C;R]-[C;!R]"],
    ["C1CCCCC1CC", "C@C"],
    ["C1CCCCC1CC", "C!@C"],
    ["C1CC1C1CCCC1", "[r3]"],
    ["C1CC1C1CCCC1", "[r5]"],
    ["C12CCC1CC2", "[R2]"],
    ["[NH4+].[Cl-]", "[N+;H4]"],
    ["[NH4+].[Cl-]", "[#7].[#17]"],
    ["OC(=O)CC(O)(CC(O)=O)C(O)=O", "C(=O)O.C(=O)O"],
    ["[2H]C([2H])([2H])Oc1ccccc1", "[CH3]"],
    ["[2H]C([2H])([2H])Oc1ccccc1", "[CD4]"],
    ["[2H]C([2H])([2H])Oc1ccccc1", "[2H]C"],
    ["[13CH3]C(=O)O", "[13C]"],
    ["CS(=O)(=O)C", "[SX4v6]"],
    ["c1ccc2ccccc2c1", "c1ccc2ccccc2c1"],
    ["c1ccc2ccccc2c1", "a1aaaaa1"],
    ["C[Se]C", "[Se,se]"],
    ["O=[N+]([O-])c1ccccc1", "[N+](=O)[O-]"],
    ["CC#N", "*#*"],
    ["CCCCO", "[$(CO)]"],
    ["CCCCO", "[!$(CO);C]"],
  ])("counts as RDKit.js does: %s with %s", (smiles, smarts) => {
    expect(ourCount(smiles, smarts)).toBe(rdkitCount(smiles, smarts));
  });

  it("agrees with RDKit.js on every Crippen, Lipinski and QED pattern over the reference molecules", () => {
    const patterns = [
      ...CRIPPEN_TYPES.map(([, smarts]) => smarts),
      HBD_SMARTS,
      HBA_SMARTS,
      ROTATABLE_BOND_SMARTS,
      ...ACCEPTOR_SMARTS,
      ...STRUCTURAL_ALERT_SMARTS,
    ];
    const compiled = patterns.map((smarts) => ({
      smarts,
      ours: compileSmarts(smarts),
      theirs: rdkit.get_qmol(smarts)!,
    }));
    const differences: string[] = [];
    try {
      for (const { smiles_in: smiles } of reference.molecules) {
        const parsed = parseSmiles(rdkit, smiles);
        if (!parsed.ok) continue;
        try {
          const graph = matchGraphOf(readMolGraph(parsed.mol));
          for (const { smarts, ours, theirs } of compiled) {
            const matches: unknown = JSON.parse(parsed.mol.get_substruct_matches(theirs));
            const count = Array.isArray(matches) ? matches.length : 0;
            const ourCount = countUniqueMatches(ours, graph);
            if (ourCount !== count) differences.push(`${smiles} ${smarts}: ours ${ourCount}, RDKit.js ${count}`);
            if (hasMatch(ours, graph) !== count > 0) differences.push(`${smiles} ${smarts}: hasMatch disagrees`);
          }
        } finally {
          parsed.mol.delete();
        }
      }
    } finally {
      compiled.forEach(({ theirs }) => theirs.delete());
    }
    expect(differences).toEqual([]);
  }, 120_000);

  it("matchesAt anchors the pattern's first atom", () => {
    const parsed = parseSmiles(rdkit, "CCO");
    if (!parsed.ok) throw new Error(parsed.error);
    try {
      const graph = matchGraphOf(readMolGraph(parsed.mol));
      const pattern = compileSmarts("[CH2]O");
      expect([0, 1, 2].map((atom) => matchesAt(pattern, graph, atom))).toEqual([false, true, false]);
    } finally {
      parsed.mol.delete();
    }
  });
});

describe("SMARTS screen", () => {
  const mayMatchOn = (smarts: string, smiles: string) => {
    const parsed = parseSmiles(rdkit, smiles);
    if (!parsed.ok) throw new Error(parsed.error);
    try {
      return mayMatch(smartsScreen(smarts), moleculeFeatures(readMolGraph(parsed.mol)));
    } finally {
      parsed.mol.delete();
    }
  };

  it("rules a pattern out when the molecule has fewer atoms of an element, or of its aromatic or aliphatic kind", () => {
    // Two aromatic rings' worth of carbons, bare or bracketed, against one ring.
    expect(mayMatchOn("c1ccc2ccccc2c1", "Cc1ccccc1")).toBe(false);
    expect(mayMatchOn("c1ccc2ccccc2c1", "c1ccc2ccccc2c1")).toBe(true);
    expect(mayMatchOn("[#8]~[#6]~[#8]~[#6]~[#8]", "CCOCCOC")).toBe(false);
    expect(mayMatchOn("[#8]~[#6]~[#8]~[#6]~[#8]", "OCOCO")).toBe(true);
    // Aliphatic C=C=C needs three aliphatic carbons, which benzene lacks though it has six carbons.
    expect(mayMatchOn("C=C=C", "c1ccccc1")).toBe(false);
    expect(mayMatchOn("C=C=C", "CC=C=CC")).toBe(true);
    // Element sets and negations add no count condition.
    expect(mayMatchOn("[C,N][C,N][C,N]", "CN")).toBe(true);
    expect(mayMatchOn("[!#6][!#6][!#6]", "CCO")).toBe(true);
  });
});
