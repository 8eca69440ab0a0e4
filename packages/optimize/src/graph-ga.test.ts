import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { runGraphGA, type GraphGAOptions } from "./graph-ga";
import { molecularRunOptions } from "./molecular-run";
import { multiPropertyObjective } from "./objective";
import type { Evaluation } from "./oracle";

const DRUGS = [
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
  "CC(=O)Nc1ccc(O)cc1",
  "O=C(O)c1ccccc1OC(C)=O",
  "Cn1cnc2c1c(=O)n(C)c(=O)n2C",
];

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

const options = (overrides: Partial<GraphGAOptions> = {}): GraphGAOptions => ({
  startingSmiles: DRUGS,
  objective: multiPropertyObjective(rdkit),
  seed: 7,
  populationSize: 20,
  maxGenerations: 10,
  ...overrides,
});
// A frozen clock makes the wall time, and so the whole result, reproducible.
const frozenClock = { now: () => 0 };

describe("runGraphGA", () => {
  it("is deterministic and improves the default objective from four drugs within 20 × 10", () => {
    const generations: unknown[] = [];
    const first = runGraphGA(rdkit, options(), { ...frozenClock, onGeneration: (stats) => generations.push(stats) });
    const second = runGraphGA(rdkit, options(), frozenClock);
    expect(second).toEqual(first);

    const curve = (name: string) => first.curves.find((c) => c.name === name)!.points;
    expect(first.curves.map((c) => c.name)).toEqual(["best", "mean", "top10_mean", "diversity"]);
    expect(curve("best")).toHaveLength(11);
    expect(generations).toHaveLength(11);
    // The four drugs score at most ~0.36 on the default objective; the GA gets well beyond that.
    expect(curve("top10_mean").at(-1)!.y).toBeGreaterThan(curve("top10_mean")[0]!.y + 0.2);
    expect(curve("best").at(-1)!.y).toBeGreaterThan(0.7);
    for (const name of ["best", "top10_mean"]) {
      const ys = curve(name).map((p) => p.y);
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
    }

    const metrics = first.final_metrics;
    expect(metrics.stop_reason).toBe("max_generations");
    expect(metrics.generations).toBe(10);
    expect(metrics.best_molecules).toHaveLength(10);
    expect(metrics.best_molecules[0]!.fitness).toBe(metrics.best_fitness);
    expect(Object.keys(metrics.best_molecules[0]!.properties).sort()).toEqual([
      "logp",
      "molecular_weight",
      "qed",
      "tpsa",
    ]);
    expect(metrics.internal_diversity).toBeGreaterThan(0);
    expect(metrics.validity_rate).toBeGreaterThan(0.5);
    expect(metrics.uniqueness_rate).toBeGreaterThan(0.5);
    expect(metrics.wall_time_s).toBe(0);
  });

  it("gives another run for another seed", () => {
    const a = runGraphGA(rdkit, options({ maxGenerations: 2 }), frozenClock);
    const b = runGraphGA(rdkit, options({ maxGenerations: 2, seed: 8 }), frozenClock);
    expect(b.final_metrics.best_molecules).not.toEqual(a.final_metrics.best_molecules);
  });

  it("stops exactly at the oracle budget and never scores a molecule twice", () => {
    const scored: Evaluation[] = [];
    const result = runGraphGA(rdkit, options({ maxOracleCalls: 57, maxGenerations: 100 }), {
      ...frozenClock,
      onEvaluation: (e) => scored.push(e),
    });
    expect(result.final_metrics.oracle_calls).toBe(57);
    expect(result.final_metrics.stop_reason).toBe("max_oracle_calls");
    expect(scored).toHaveLength(57);
    expect(new Set(scored.map((e) => e.smiles)).size).toBe(57);
    expect(scored.map((e) => e.call)).toEqual(Array.from({ length: 57 }, (_, i) => i + 1));
  });

  it("stops when asked to and at the wall-clock limit", () => {
    let generation = 0;
    const cancelled = runGraphGA(rdkit, options(), {
      ...frozenClock,
      onGeneration: (s) => (generation = s.generation),
      shouldStop: () => generation >= 2,
    });
    expect(cancelled.final_metrics.stop_reason).toBe("cancelled");
    expect(cancelled.final_metrics.generations).toBe(2);

    let clock = 0;
    const timed = runGraphGA(rdkit, options({ wallClockLimitS: 1 }), {
      now: () => (clock += 10),
      onGeneration: () => undefined,
    });
    expect(timed.final_metrics.stop_reason).toBe("wall_clock_limit");
    expect(timed.final_metrics.generations).toBeLessThan(10);
  });

  it("refuses starting sets without a valid molecule", () => {
    expect(() => runGraphGA(rdkit, options({ startingSmiles: ["not a smiles", "C.C"] }))).toThrow(/starting SMILES/);
  });
});

describe("molecularRunOptions", () => {
  it("fills the product's defaults and enforces its ranges", () => {
    const resolved = molecularRunOptions(rdkit, { smiles: DRUGS });
    expect(resolved).toMatchObject({
      populationSize: 80,
      maxGenerations: 50,
      dimension: 10,
      batchDiversity: true,
      seed: 42,
    });
    expect(() => molecularRunOptions(rdkit, { smiles: DRUGS, population_size: 10 })).toThrow(RangeError);
    expect(() => molecularRunOptions(rdkit, { smiles: DRUGS, max_generations: 201 })).toThrow(RangeError);
    expect(() => molecularRunOptions(rdkit, { smiles: DRUGS, dimension: 51 })).toThrow(RangeError);
  });
});
