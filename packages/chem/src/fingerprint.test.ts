import { beforeAll, describe, expect, it } from "vitest";
import { MORGAN_BITS, MORGAN_WORDS, morganFingerprintOfSmiles, popcount, popcount32, tanimoto } from "./fingerprint";
import { loadRDKit, type RDKitModule } from "./rdkit";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function fingerprint(smiles: string): Uint32Array {
  const fp = morganFingerprintOfSmiles(rdkit, smiles);
  if (!fp) throw new Error(`unparsable test SMILES ${smiles}`);
  return fp;
}

function onBits(fp: Uint32Array): number[] {
  const bits: number[] = [];
  for (let bit = 0; bit < fp.length * 32; bit++) if (fp[bit >>> 5]! & (1 << (bit & 31))) bits.push(bit);
  return bits;
}

describe("Morgan fingerprints", () => {
  it("sets the bits of RDKit's GetMorganFingerprintAsBitVect(mol, 2, nBits=2048)", () => {
    // list(AllChem.GetMorganFingerprintAsBitVect(aspirin, 2, nBits=2048).GetOnBits()), RDKit 2022.09
    const fp = fingerprint("CC(=O)Oc1ccccc1C(=O)O");
    expect(fp.length).toBe(MORGAN_WORDS);
    expect(onBits(fp)).toEqual([
      389, 456, 650, 695, 807, 909, 1017, 1035, 1047, 1057, 1088, 1199, 1380, 1410, 1447, 1468, 1616, 1729, 1750, 1775,
      1873, 1917, 1970, 1991,
    ]);
  });

  it("gives RDKit's Tanimoto similarities", () => {
    // DataStructs.TanimotoSimilarity on the same fingerprints, RDKit 2022.09
    const aspirin = fingerprint("CC(=O)Oc1ccccc1C(=O)O");
    expect(tanimoto(aspirin, fingerprint("OC(=O)c1ccccc1O"))).toBeCloseTo(0.4482758620689655, 12);
    expect(tanimoto(aspirin, fingerprint("CC(C)Cc1ccc(cc1)C(C)C(=O)O"))).toBeCloseTo(0.1951219512195122, 12);
    expect(tanimoto(aspirin, aspirin)).toBe(1);
  });

  it("returns null for what the parser refuses", () => {
    expect(morganFingerprintOfSmiles(rdkit, "C1CC(")).toBeNull();
    expect(morganFingerprintOfSmiles(rdkit, "")).toBeNull();
  });
});

describe("bit counting", () => {
  it("counts bits in words and bitsets", () => {
    expect([0, 1, 0xffffffff, 0x80000000, 0x55555555].map(popcount32)).toEqual([0, 1, 32, 1, 16]);
    expect(popcount(new Uint32Array([0xff, 0xf0f0f0f0, 0]))).toBe(24);
  });

  it("scores two empty bitsets 1, as RDKit does, and refuses different lengths", () => {
    expect(tanimoto(new Uint32Array(MORGAN_WORDS), new Uint32Array(MORGAN_WORDS))).toBe(1);
    expect(() => tanimoto(new Uint32Array(2), new Uint32Array(3))).toThrow(/differ in length/);
    expect(MORGAN_BITS).toBe(2048);
  });
});
