import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { selectDiverseBatch } from "./batch-diversity";
import { euclideanDistance, MAX_EMBEDDING_DIMENSION, moleculeEmbedding } from "./embedding";
import { runGraphGA } from "./graph-ga";
import { multiPropertyObjective } from "./objective";

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
        { startingSmiles: [IBUPROFEN, CAFFEINE, "CC(=O)Nc1ccc(O)cc1", "O=C(O)c1ccccc1OC(C)=O"], objective: multiPropertyObjective(rdkit), seed: 5, populationSize: 20, maxGenerations: 8, batchDiversity, dimension: 8 },
        { now: () => 0 },
      );
    const diversityOf = (result: ReturnType<typeof run>) => result.curves.find((c) => c.name === "diversity")!.points;
    const on = diversityOf(run(true));
    const off = diversityOf(run(false));
    const meanOverGenerations = (points: { y: number }[]) => points.slice(1).reduce((s, p) => s + p.y, 0) / (points.length - 1);
    expect(meanOverGenerations(on)).toBeGreaterThan(meanOverGenerations(off));
    expect(on.at(-1)!.y).toBeGreaterThan(off.at(-1)!.y);
  });
});
