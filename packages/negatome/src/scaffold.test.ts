import { loadRDKit, parseSmiles, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { requireRDKitPython } from "@sieve/testing";
import { runRDKitScript } from "../test/python-reference";
import { CLINTOX, DRUGCENTRAL_STRUCTURES, readSharedData } from "../test/shared-data";
import { parseClintox } from "./loaders/clintox";
import { parseDrugCentralStructures } from "./loaders/drugcentral";
import { murckoScaffold } from "./scaffold";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function scaffoldOf(smiles: string): string | null {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return null;
  try {
    return murckoScaffold(rdkit, parsed.mol);
  } finally {
    parsed.mol.delete();
  }
}

/** RDKit.js canonical form of a SMILES written by RDKit Python, so both sides compare in one canonical order. */
function canonical(smiles: string): string {
  if (smiles === "") return "";
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return `(unparsable: ${smiles})`;
  try {
    return parsed.mol.get_smiles();
  } finally {
    parsed.mol.delete();
  }
}

describe("murckoScaffold", () => {
  it.each([
    ["CC(=O)Nc1ccc(O)cc1", "c1ccccc1"],
    ["c1ccccc1CCc1ccccc1", "c1ccc(CCc2ccccc2)cc1"],
    ["O=C1CCCCC1C", "O=C1CCCCC1"],
    ["Cn1cccc1", "c1cc[nH]c1"],
    ["C[n+]1ccccc1", "c1cc[nH+]cc1"],
    ["CC(C)=C1CCCC1", "C=C1CCCC1"],
    ["C[C@H]1CC[C@@H](C)CC1", "C1CCCCC1"],
    ["c1ccccc1.Cl", "c1ccccc1"],
    ["CCO", ""],
  ])("%s → %s (as RDKit's MurckoScaffoldSmiles)", (smiles, scaffold) => {
    expect(scaffoldOf(smiles)).toBe(canonical(scaffold));
  });
});

const drugCentral = readSharedData(DRUGCENTRAL_STRUCTURES);
const clintox = readSharedData(CLINTOX);

describe("against RDKit Python's MurckoScaffoldSmiles, run now", () => {
  beforeAll(() => requireRDKitPython());
  it("agrees on a deterministic sample of ~300 DrugCentral and ClinTox molecules", () => {
    const sample = [
      ...parseDrugCentralStructures(drugCentral)
        .filter((_, i) => i % 20 === 0)
        .map((s) => s.smiles),
      ...parseClintox(clintox)
        .rows.filter((_, i) => i % 15 === 0)
        .map((row) => row.smiles),
    ];
    const python = runRDKitScript<{
      rdkit_version: string;
      scaffolds: { smiles: string; scaffold: string | null }[];
    }>("murcko-reference.py", [], sample);
    const compared = python.scaffolds.filter((row) => row.scaffold !== null && scaffoldOf(row.smiles) !== null);
    const differences = compared.flatMap((row) => {
      const [ours, theirs] = [scaffoldOf(row.smiles)!, canonical(row.scaffold!)];
      return ours === theirs ? [] : [`${row.smiles}: ours ${ours}, RDKit Python ${theirs}`];
    });
    const agreement = 1 - differences.length / compared.length;
    console.info(
      `Murcko scaffolds vs RDKit ${python.rdkit_version}: ${compared.length - differences.length}/${compared.length} identical (${(100 * agreement).toFixed(1)}%)\n  ${differences.join("\n  ")}`,
    );
    expect(compared.length).toBeGreaterThanOrEqual(250);
    expect(agreement).toBeGreaterThanOrEqual(0.97);
  });
});
