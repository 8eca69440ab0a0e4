import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, morganFingerprint, type RDKitModule } from "@sieve/chem";
import { selectDiverseBatch } from "./batch-diversity";
import { euclideanDistance, MAX_EMBEDDING_DIMENSION, moleculeEmbedding } from "./embedding";
import { runGraphGA } from "./graph-ga";
import { multiPropertyObjective } from "./objective";
import { internalDiversity } from "./result";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function embed(smiles: string, dimension: number): Float64Array {
  const mol = rdkit.get_mol(smiles)!;
  try {
    return moleculeEmbedding(mol, dimension);
  } finally {
    mol.delete();
  }
}

const IBUPROFEN = "CC(C)Cc1ccc(cc1)C(C)C(=O)O";
const IBUPROFEN_METHYL_ESTER = "CC(C)Cc1ccc(cc1)C(C)C(=O)OC";
const CAFFEINE = "Cn1cnc2c1c(=O)n(C)c(=O)n2C";
/** 40 marketed drugs of unrelated classes. */
const SPREAD_DRUGS = [
  "CC(=O)Oc1ccccc1C(=O)O",
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
  "CC(=O)Nc1ccc(O)cc1",
  "Cn1cnc2c1c(=O)n(C)c(=O)n2C",
  "COc1ccc2cc(ccc2c1)C(C)C(=O)O",
  "OC(=O)Cc1ccccc1Nc1c(Cl)cccc1Cl",
  "CN(C)C(=N)NC(=N)N",
  "CC(C)NCC(O)COc1ccc(CC(N)=O)cc1",
  "CC(C)NCC(O)COc1cccc2ccccc12",
  "CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21",
  "CNCCC(Oc1ccc(cc1)C(F)(F)F)c1ccccc1",
  "CNC1CCC(c2ccc(Cl)c(Cl)c2)c2ccccc12",
  "COc1ccc2[nH]c(nc2c1)S(=O)Cc1ncc(C)c(OC)c1C",
  "CCOC(=O)N1CCC(=C2c3ccc(Cl)cc3CCc3cccnc23)CC1",
  "CCOC(=O)C1=C(COCCN)NC(C)=C(C1c1ccccc1Cl)C(=O)OC",
  "CCN(CC)CC(=O)Nc1c(C)cccc1C",
  "CCN(CC)CCOC(=O)c1ccc(N)cc1",
  "Cc1cc(NS(=O)(=O)c2ccc(N)cc2)no1",
  "COc1cc(Cc2cnc(N)nc2N)cc(OC)c1OC",
  "OC(=O)c1cn(C2CC2)c2cc(N3CCNCC3)c(F)cc2c1=O",
  "NNC(=O)c1ccncc1",
  "NC(=O)N1c2ccccc2C=Cc2ccccc21",
  "O=C1NC(=O)C(N1)(c1ccccc1)c1ccccc1",
  "OC1(CCN(CCCC(=O)c2ccc(F)cc2)CC1)c1ccc(Cl)cc1",
  "CN(C)CCCN1c2ccccc2Sc2ccc(Cl)cc21",
  "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(n1)-c1cccnc1",
  "CC(=O)CC(c1ccccc1)c1c(O)c2ccccc2oc1=O",
  "NS(=O)(=O)c1cc(C(=O)O)c(NCc2ccco2)cc1Cl",
  "NS(=O)(=O)c1cc2c(cc1Cl)NCNS2(=O)=O",
  "CC(CS)C(=O)N1CCCC1C(=O)O",
  "CCC(=C(c1ccccc1)c1ccc(OCCN(C)C)cc1)c1ccccc1",
  "CC12CCC3C(CCC4=CC(=O)CCC34C)C1CCC2O",
  "O=c1[nH]cnc2[nH]ncc12",
  "Nc1nc2n(COCCO)cnc2c(=O)[nH]1",
  "CC(N)COc1c(C)cccc1C",
  "CCOC(=O)c1ccc(N)cc1",
  "CCCc1nn(C)c2c1nc([nH]c2=O)-c1cc(ccc1OCC)S(=O)(=O)N1CCN(C)CC1",
  "CN1CCCC1c1cccnc1",
  "CCCC(CCC)C(=O)O",
  "CC(C)(C)NCC(O)c1ccc(O)c(CO)c1",
];

describe("descriptor embedding", () => {
  it("has the requested size, stays in [−1, 1] and is reproducible", () => {
    for (const dimension of [1, 8, MAX_EMBEDDING_DIMENSION]) {
      const e = embed(IBUPROFEN, dimension);
      expect(e).toHaveLength(dimension);
      for (const x of e) expect(Math.abs(x)).toBeLessThan(1);
      expect(embed(IBUPROFEN, dimension)).toEqual(e);
    }
    expect(() => embed(IBUPROFEN, 0)).toThrow(RangeError);
    expect(() => embed(IBUPROFEN, 51)).toThrow(RangeError);
  });

  it("puts close analogues closer together than unrelated molecules", () => {
    for (const dimension of [8, 50]) {
      const analogue = euclideanDistance(embed(IBUPROFEN, dimension), embed(IBUPROFEN_METHYL_ESTER, dimension));
      const unrelated = euclideanDistance(embed(IBUPROFEN, dimension), embed(CAFFEINE, dimension));
      expect(analogue).toBeLessThan(unrelated / 2);
    }
  });
});

describe("BatchDiversity selection", () => {
  const at = (fitness: number, ...xs: number[]) => ({ fitness, embedding: Float64Array.from(xs) });

  it("keeps the elite, then prefers far candidates among equally fit ones", () => {
    // Sorted best first: a tight cluster near the origin and one distant candidate of similar fitness.
    const candidates = [at(0.9, 0, 0), at(0.89, 0.01, 0), at(0.88, 0, 0.01), at(0.87, 1, 1), at(0.5, -1, -1)];
    expect(selectDiverseBatch(candidates, 2, { eliteFraction: 0.5, fitnessBand: 0.05 })).toEqual([0, 3]);
    // The farthest candidate (fitness 0.5) is outside the band and never preferred; equal distances go to the fitter.
    expect(selectDiverseBatch(candidates, 4, { eliteFraction: 0.25, fitnessBand: 0.05 })).toEqual([0, 3, 1, 2]);
    // A zero band is truncation selection.
    expect(selectDiverseBatch(candidates, 3, { eliteFraction: 0.2, fitnessBand: 0 })).toEqual([0, 1, 2]);
  });

  it("raises the internal diversity of a GA population (same seed, on against off)", () => {
    const run = (batchDiversity: boolean) =>
      runGraphGA(
        rdkit,
        {
          startingSmiles: [IBUPROFEN, CAFFEINE, "CC(=O)Nc1ccc(O)cc1", "O=C(O)c1ccccc1OC(C)=O"],
          objective: multiPropertyObjective(rdkit),
          seed: 5,
          populationSize: 20,
          maxGenerations: 8,
          batchDiversity,
          dimension: 8,
        },
        { now: () => 0 },
      );
    const diversityOf = (result: ReturnType<typeof run>) => result.curves.find((c) => c.name === "diversity")!.points;
    const on = diversityOf(run(true));
    const off = diversityOf(run(false));
    const meanOverGenerations = (points: { y: number }[]) =>
      points.slice(1).reduce((s, p) => s + p.y, 0) / (points.length - 1);
    expect(meanOverGenerations(on)).toBeGreaterThan(meanOverGenerations(off));
    expect(on.at(-1)!.y).toBeGreaterThan(off.at(-1)!.y);
  });

  it("changes the survivors with `dimension`, and nothing else does once BatchDiversity is off (same seed)", () => {
    const run = (batchDiversity: boolean, dimension: number) => {
      const scored: string[] = [];
      const result = runGraphGA(
        rdkit,
        {
          startingSmiles: [IBUPROFEN, CAFFEINE, "CC(=O)Nc1ccc(O)cc1", "O=C(O)c1ccccc1OC(C)=O"],
          objective: multiPropertyObjective(rdkit),
          seed: 11,
          populationSize: 20,
          maxGenerations: 5,
          batchDiversity,
          dimension,
        },
        { now: () => 0, onEvaluation: (e) => scored.push(e.smiles) },
      );
      return { result, scored, diversity: result.curves.find((c) => c.name === "diversity")!.points.map((p) => p.y) };
    };
    const [one, ten] = [run(true, 1), run(true, 10)];
    // Same start (generation 0), then different survivors: different parents, children and diversity.
    expect(one.diversity[0]).toBe(ten.diversity[0]);
    expect(one.scored.slice(0, 20)).toEqual(ten.scored.slice(0, 20));
    expect(ten.diversity.slice(1)).not.toEqual(one.diversity.slice(1));
    expect(new Set(ten.scored)).not.toEqual(new Set(one.scored));
    // Without BatchDiversity the embedding is never used: the two runs are identical.
    expect(run(false, 10).result).toEqual(run(false, 1).result);
  });

  it("picks a more diverse batch with 10 axes than with 1 (equal fitness, 40 drugs, 10 picked)", () => {
    const molecules = SPREAD_DRUGS.map((smiles) => {
      const mol = rdkit.get_mol(smiles)!;
      try {
        return {
          fingerprint: morganFingerprint(mol),
          byDimension: new Map([1, 10].map((d) => [d, moleculeEmbedding(mol, d)])),
          all: moleculeEmbedding(mol, MAX_EMBEDDING_DIMENSION),
        };
      } finally {
        mol.delete();
      }
    });
    const pick = (dimension: number) => {
      const candidates = molecules.map((m) => ({ fitness: 0.5, embedding: m.byDimension.get(dimension)! }));
      return selectDiverseBatch(candidates, 10).map((i) => molecules[i]!);
    };
    // Mean pairwise distance over all 50 axes: one axis spreads the batch along itself only.
    const spread = (batch: typeof molecules) => {
      let sum = 0;
      let pairs = 0;
      for (let i = 0; i < batch.length; i++)
        for (let j = i + 1; j < batch.length; j++, pairs++) sum += euclideanDistance(batch[i]!.all, batch[j]!.all);
      return sum / pairs;
    };
    const [one, ten] = [pick(1), pick(10)];
    expect(ten).not.toEqual(one);
    expect(spread(ten)).toBeGreaterThan(spread(one));
    // Structural diversity (1 − Tanimoto on Morgan bits), which the embedding never sees directly.
    expect(internalDiversity(ten.map((m) => m.fingerprint))).toBeGreaterThan(
      internalDiversity(one.map((m) => m.fingerprint)),
    );
  });
});
