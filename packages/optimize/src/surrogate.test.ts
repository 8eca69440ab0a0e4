import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import { rediscoveryObjective, REDISCOVERY_TARGETS } from "./guacamol-tasks";
import { runGraphGA } from "./graph-ga";
import { Random } from "./random";
import { NearestNeighbourSurrogate } from "./surrogate";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

const DRUGS = [
  "CC(=O)Oc1ccccc1C(=O)O",
  "CC(C)Cc1ccc(C(C)C(=O)O)cc1",
  "CC(=O)Nc1ccc(O)cc1",
  "Cn1cnc2c1c(=O)n(C)c(=O)n2C",
  "COc1ccc2[nH]cc(CCN(C)C)c2c1",
  "CN1CCC[C@H]1c1cccnc1",
];
const fingerprint = (smiles: string) => morganFingerprintOfSmiles(rdkit, smiles)!;

describe("the nearest-neighbour surrogate", () => {
  it("gives exactly the brute-force k-nearest answer when molecules of very different sizes are skipped", () => {
    // Fingerprints from 2 to 200 bits set, so that the bit-count bound rules many out once k are kept.
    const random = new Random(5);
    const randomFingerprint = () => {
      const bits = new Uint32Array(64);
      const count = 2 + random.int(199);
      for (let i = 0; i < count; i++) bits[random.int(64)]! |= 1 << random.int(32);
      return bits;
    };
    const stored = Array.from({ length: 400 }, () => ({ fingerprint: randomFingerprint(), score: random.next() }));
    const model = new NearestNeighbourSurrogate(10);
    for (const { fingerprint: f, score } of stored) model.add(f, score);
    for (let q = 0; q < 50; q++) {
      const query = randomFingerprint();
      // Stable sort: among equal similarities the earlier molecule comes first, as in predict().
      const nearest = stored
        .map((entry) => ({ ...entry, similarity: tanimoto(query, entry.fingerprint) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, 10);
      const weights = nearest.map((n) => n.similarity ** 2);
      const total = weights.reduce((sum, w) => sum + w, 0);
      const expected = total === 0 ? 0 : nearest.reduce((sum, n, j) => sum + weights[j]! * n.score, 0) / total;
      expect(model.predict(query)).toBe(expected);
    }
  });

  it("predicts the similarity²-weighted mean score of the k most similar molecules", () => {
    const model = new NearestNeighbourSurrogate(2);
    expect(model.predict(fingerprint(DRUGS[0]!))).toBe(0);
    DRUGS.forEach((smiles, i) => model.add(fingerprint(smiles), i / 10));
    const query = fingerprint("CC(C)Cc1ccc(C(C)C(=O)OC)cc1");
    const similarities = DRUGS.map((smiles) => tanimoto(query, fingerprint(smiles)));
    const order = similarities.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
    const [[s1, i1], [s2, i2]] = [order[0]!, order[1]!];
    const expected = (s1 ** 2 * (i1 / 10) + s2 ** 2 * (i2 / 10)) / (s1 ** 2 + s2 ** 2);
    expect(model.predict(query)).toBeCloseTo(expected, 12);
  });

  it("screens offspring in the GA: deterministic per seed, within the budget, each molecule scored once", () => {
    const run = (seed: number) => {
      const scored: string[] = [];
      const result = runGraphGA(
        rdkit,
        {
          startingSmiles: DRUGS,
          objective: rediscoveryObjective(rdkit, "celecoxib", REDISCOVERY_TARGETS.celecoxib),
          seed,
          populationSize: 20,
          maxGenerations: 50,
          maxOracleCalls: 200,
          surrogate: { oversample: 3, neighbours: 10 },
        },
        { onEvaluation: (e) => scored.push(e.smiles) },
      );
      return { result, scored };
    };
    const first = run(3);
    expect(first.scored).toHaveLength(200);
    expect(new Set(first.scored).size).toBe(200);
    expect(first.result.final_metrics.stop_reason).toBe("max_oracle_calls");
    // Three children are made for each one that is scored.
    expect(first.result.final_metrics.children_attempted).toBeGreaterThan(2 * (200 - 20));
    const again = run(3);
    expect(again.scored).toEqual(first.scored);
    expect(run(4).scored).not.toEqual(first.scored);
  });
});
