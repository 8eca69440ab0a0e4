import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { UNACCEPTABLE_FITNESS_FACTOR, withAcceptability } from "./acceptability";
import { runGraphGA } from "./graph-ga";
import { readKekuleGraph } from "./mol-graph";
import { molecularRunOptions } from "./molecular-run";
import { multiPropertyObjective, type Objective } from "./objective";
import { Random } from "./random";
import { acceptChild, DEFAULT_CHILD_LIMITS } from "./validity";

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

/** The examples: the top molecules of an unfiltered run (issue #24). */
const SULFENATE_DIENE = "CSOc1ccccc1C(=O)SOC1CC=CC=C1C(=O)O";
const HYPOBROMITE = "CC(OBr)C1C(OBr)C1C(C)(Cl)C(=O)O";
const CELECOXIB = "Cc1ccc(-c2cc(C(F)(F)F)nn2-c2ccc(S(N)(=O)=O)cc2)cc1";

describe("med-chem acceptability in the objective", () => {
  it("keeps a tenth of the fitness of the issue's molecules and names what they fail", () => {
    const plain = multiPropertyObjective(rdkit);
    const judged = withAcceptability(rdkit, plain, { filters: true, maxSaScore: 4 });
    for (const smiles of [SULFENATE_DIENE, HYPOBROMITE]) {
      const score = scoreOf(judged, smiles);
      expect(score.acceptability?.passes, smiles).toBe(false);
      expect(score.fitness).toBeCloseTo(scoreOf(plain, smiles).fitness * UNACCEPTABLE_FITNESS_FACTOR, 12);
      expect(score.properties.property_fitness).toBe(scoreOf(plain, smiles).fitness);
    }
    expect(scoreOf(judged, SULFENATE_DIENE).acceptability?.failed).toEqual([
      "BRENK: sulfur_oxygen_single_bond",
      "BRENK: thioester",
      "UNSTABLE: acyclic S–O single bond",
      "UNSTABLE: non-aromatic polyene",
    ]);
    expect(scoreOf(judged, HYPOBROMITE).acceptability?.failed).toEqual([
      "BRENK: alkyl_halide",
      "UNSTABLE: hypohalite",
      "SA score 5.59 above 4",
    ]);
  });

  it("leaves an approved drug's fitness alone and reports its SA score", () => {
    const plain = multiPropertyObjective(rdkit);
    const score = scoreOf(withAcceptability(rdkit, plain, { filters: true, maxSaScore: 4 }), CELECOXIB);
    expect(score.acceptability).toEqual({ passes: true, failed: [] });
    expect(score.fitness).toBe(scoreOf(plain, CELECOXIB).fitness);
    expect(score.properties.sa_score).toBeCloseTo(2.14, 2);
  });

  it("applies only the SA limit with the filters off, and nothing with the limit at 10", () => {
    const plain = multiPropertyObjective(rdkit);
    const saOnly = withAcceptability(rdkit, plain, { filters: false, maxSaScore: 4 });
    expect(scoreOf(saOnly, SULFENATE_DIENE).acceptability).toEqual({ passes: true, failed: [] });
    expect(scoreOf(saOnly, HYPOBROMITE).acceptability?.failed).toEqual(["SA score 5.59 above 4"]);
    const off = withAcceptability(rdkit, plain, { filters: false, maxSaScore: 10 });
    expect(scoreOf(off, HYPOBROMITE).fitness).toBe(scoreOf(plain, HYPOBROMITE).fitness);
    expect(() => withAcceptability(rdkit, plain, { filters: true, maxSaScore: 0 })).toThrow(RangeError);
  });

  it("lets the operators refuse children with unstable groups when asked", () => {
    const graph = readKekuleGraph(rdkit, "CCCCCCC(OBr)C(=O)O")!;
    const loose = { ...DEFAULT_CHILD_LIMITS, sizeSd: 0 };
    expect(acceptChild(rdkit, graph, new Random(1), loose)).toBe("CCCCCCC(OBr)C(=O)O");
    expect(acceptChild(rdkit, graph, new Random(1), { ...loose, avoidUnstableGroups: true })).toBeNull();
    const drug = readKekuleGraph(rdkit, CELECOXIB)!;
    expect(acceptChild(rdkit, drug, new Random(1), { ...loose, avoidUnstableGroups: true })).not.toBeNull();
  });

  it("makes a default product run from the e2e starting set end on acceptable molecules", () => {
    const run = (acceptability: { filters?: boolean; max_sa_score?: number }) =>
      runGraphGA(
        rdkit,
        molecularRunOptions(rdkit, {
          smiles: ["CC(=O)Oc1ccccc1C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"],
          population_size: 20,
          max_generations: 10,
          seed: 42,
          acceptability,
        }),
      ).final_metrics.best_molecules;
    const passing = (molecules: ReturnType<typeof run>) => molecules.filter((m) => m.acceptability?.passes).length;
    const judged = run({});
    expect(judged).toHaveLength(10);
    expect(passing(judged)).toBe(10);
    for (const molecule of judged) expect(molecule.properties.sa_score).toBeLessThanOrEqual(4);
    // The same run with the filters and SA limit off: molecules it ranks best fail them (the finding).
    const unfiltered = run({ filters: false, max_sa_score: 10 }).map((m) => m.smiles);
    const check = withAcceptability(rdkit, multiPropertyObjective(rdkit), { filters: true, maxSaScore: 4 });
    const failing = unfiltered.filter((smiles) => !scoreOf(check, smiles).acceptability?.passes);
    expect(failing.length).toBeGreaterThan(0);
  });
});
