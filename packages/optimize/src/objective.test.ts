import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import {
  osimertinibMpoObjective,
  qedObjective,
  ranolazineMpoObjective,
  rediscoveryObjective,
  REDISCOVERY_TARGETS,
} from "./guacamol-tasks";
import { multiPropertyFitness, multiPropertyObjective, propertyDesirabilities, type Objective } from "./objective";
import { clippedLinear, gaussian, maxGaussian, minGaussian, weightedGeometricMean } from "./score-modifiers";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

function scoreOf(objective: Objective, smiles: string) {
  const mol = rdkit.get_mol(smiles)!;
  try {
    return objective.score(mol);
  } finally {
    mol.delete();
  }
}

describe("desirabilities of the default objective", () => {
  it("are 1 at the targets (defaults logP 3, MW 400, TPSA 60, QED 0.8)", () => {
    expect(propertyDesirabilities({ logp: 3, molecular_weight: 400, tpsa: 60, qed: 0.8 })).toEqual({
      logp: 1,
      molecular_weight: 1,
      tpsa: 1,
      qed: 1,
    });
    expect(multiPropertyFitness({ logp: 3, molecular_weight: 400, tpsa: 60, qed: 0.95 })).toBe(1);
  });

  it("fall off as hand-computed Gaussians and a QED ramp", () => {
    // logP 4 is 1σ (σ = 1) off: e^(−1/2) = 0.6065307; MW 300 is 2σ (σ = 50) off: e^(−2) = 0.1353353;
    // TPSA 40 is 1σ (σ = 20) off: 0.6065307; QED 0.4 against 0.8: 0.4/0.8 = 0.5.
    const d = propertyDesirabilities({ logp: 4, molecular_weight: 300, tpsa: 40, qed: 0.4 });
    expect(d.logp).toBeCloseTo(0.6065307, 6);
    expect(d.molecular_weight).toBeCloseTo(0.1353353, 6);
    expect(d.tpsa).toBeCloseTo(0.6065307, 6);
    expect(d.qed).toBeCloseTo(0.5, 12);
    // Weights 1, 1, 1, 2: exp((−½ − 2 − ½ + 2·ln ½)/5) = exp(−(3 + 1.3862944)/5) = exp(−0.8772589) = 0.415921.
    expect(multiPropertyFitness({ logp: 4, molecular_weight: 300, tpsa: 40, qed: 0.4 })).toBeCloseTo(0.415921, 5);
    // With only QED weighted the fitness is QED's desirability alone.
    expect(
      multiPropertyFitness({ logp: 4, molecular_weight: 300, tpsa: 40, qed: 0.4 }, undefined, {
        logp: 0,
        molecular_weight: 0,
        tpsa: 0,
        qed: 1,
      }),
    ).toBeCloseTo(0.5, 12);
  });

  it("scores aspirin from RDKit 2022.09's values (logP 1.3101, MW 180.159, TPSA 63.6, QED 0.550122)", () => {
    const { fitness, properties } = scoreOf(multiPropertyObjective(rdkit), "CC(=O)Oc1ccccc1C(=O)O");
    expect(properties.logp).toBeCloseTo(1.3101, 4);
    expect(properties.molecular_weight).toBeCloseTo(180.159, 3);
    expect(properties.tpsa).toBeCloseTo(63.6, 2);
    expect(properties.qed).toBeCloseTo(0.5501218, 6);
    // d = e^(−½·1.6899²) = 0.23982, e^(−½·4.39682²) = 6.340e−5, e^(−½·0.18²) = 0.98393, 0.55012/0.8 = 0.68765;
    // exp((ln 0.23982 + ln 6.340e−5 + ln 0.98393 + 2 ln 0.68765)/5) = exp(−11.8590/5) = 0.09331.
    expect(fitness).toBeCloseTo(0.09331, 4);
  });

  it("refuses weights that are negative or all zero", () => {
    expect(() => multiPropertyObjective(rdkit, undefined, { logp: 0, molecular_weight: 0, tpsa: 0, qed: 0 })).toThrow(
      RangeError,
    );
    expect(() => multiPropertyObjective(rdkit, undefined, { logp: -1, molecular_weight: 1, tpsa: 1, qed: 1 })).toThrow(
      RangeError,
    );
  });
});

describe("GuacaMol score modifiers", () => {
  it("match their definitions at hand-computed points", () => {
    expect(gaussian(1, 1)(2)).toBeCloseTo(Math.exp(-0.5), 12);
    expect(minGaussian(0.85, 0.1)(0.5)).toBe(1);
    expect(minGaussian(0.85, 0.1)(1)).toBeCloseTo(Math.exp(-1.125), 12); // ((1 − 0.85)/0.1)² / 2 = 1.125
    expect(maxGaussian(100, 10)(120)).toBe(1);
    expect(maxGaussian(100, 10)(80)).toBeCloseTo(Math.exp(-2), 12);
    expect(clippedLinear(0.8)(0.4)).toBeCloseTo(0.5, 12);
    expect(clippedLinear(0.8)(0.9)).toBe(1);
    expect(weightedGeometricMean([0.25, 1], [1, 1])).toBeCloseTo(0.5, 12);
    expect(weightedGeometricMean([0, 1], [1, 1])).toBe(0);
  });
});

describe("benchmark tasks", () => {
  it("QED of ibuprofen is RDKit 2022.09's 0.821600", () => {
    expect(scoreOf(qedObjective(rdkit), "CC(C)Cc1ccc(cc1)C(C)C(=O)O").fitness).toBeCloseTo(0.8215995, 6);
  });

  it("rediscovery scores the target 1 and other molecules below 1", () => {
    for (const [name, smiles] of Object.entries(REDISCOVERY_TARGETS)) {
      const objective = rediscoveryObjective(rdkit, name, smiles);
      expect(scoreOf(objective, smiles).fitness).toBe(1);
      expect(scoreOf(objective, "CC(=O)Oc1ccccc1C(=O)O").fitness).toBeLessThan(0.3);
    }
  });

  it("MPO tasks return a geometric mean in [0, 1] with their components", () => {
    const osimertinib = scoreOf(
      osimertinibMpoObjective(rdkit),
      "COc1cc(N(C)CCN(C)C)c(NC(=O)C=C)cc1Nc2nccc(n2)c3cn(C)c4ccccc34",
    );
    // Osimertinib itself: similarities 1, so "not too similar" gives e^(−1.125) and its logP is far above 1.
    expect(osimertinib.properties.similarity_fcfp4).toBe(1);
    expect(osimertinib.properties.similarity_ecfp6).toBe(1);
    expect(osimertinib.fitness).toBeGreaterThan(0);
    expect(osimertinib.fitness).toBeLessThan(0.3);
    const ranolazine = scoreOf(ranolazineMpoObjective(rdkit), "COc1ccccc1OCC(O)CN2CCN(CC(=O)Nc3c(C)cccc3C)CC2");
    expect(ranolazine.properties.similarity_ap).toBe(1);
    expect(ranolazine.properties.fluorine_count).toBe(0);
    expect(ranolazine.fitness).toBeGreaterThan(0);
    expect(ranolazine.fitness).toBeLessThan(1);
  });
});
