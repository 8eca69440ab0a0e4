import { describe, expect, it } from "vitest";
import { describeMolecule, loadRDKit, medChemFilterHits } from "@sieve/chem";
import { Random } from "@sieve/optimize";
import { generateAnalogs } from "./analogs";
import { bioisostericAnalogs } from "./bioisosteres";
import { commonCore } from "./common-core";
import { CompoundEvaluator } from "./evaluation";
import { LigandActivityOracle } from "./ligand-activity";
import type { MoleculeOracle } from "./oracle";
import { constraintViolations, hergAlert, parseWorkflowPlan } from "./plan";
import { runLeadOptimization } from "./lead-opt";
import { SyntheticAccessibilityOracle } from "./sa-oracle";
import { DEFAULT_SCREENING_FILTERS as FILTERS } from "./screen-filters";

const rdkit = await loadRDKit();
const OBJECTIVES = [
  { name: "activity", direction: "maximize" as const, weight: 1 },
  { name: "synthetic_accessibility", direction: "minimize" as const, weight: 0.5 },
];
const IBUPROFEN = "CC(C)Cc1ccc(C(C)C(=O)O)cc1";
const START = "CCCCCCCCCCO";
const profileOf = (smiles: string) => {
  const mol = rdkit.get_mol(smiles)!;
  try {
    return describeMolecule(rdkit, mol);
  } finally {
    mol.delete();
  }
};

describe("analog strategies", () => {
  it("makes classic bioisosteric replacements (acid → tetrazole, phenyl → pyridyl)", () => {
    const products = bioisostericAnalogs(rdkit, IBUPROFEN);
    const names = products.map((p) => p.strategy);
    expect(names).toContain("bioisostere: carboxylic acid → tetrazole");
    expect(products.find((p) => p.strategy.includes("tetrazole"))!.smiles).toMatch(/nn|NN|n1/i);
    expect(names.some((n) => n.includes("phenyl → pyridyl"))).toBe(true);
  });

  it("generates distinct, valid, reproducible analogs for every generating strategy", () => {
    for (const strategy of ["generate_simple_analogs", "generate_diverse_analogs", "generate_bioisosteres"] as const) {
      const a = generateAnalogs(rdkit, IBUPROFEN, strategy, 5, new Random(42), new Set([IBUPROFEN]));
      const b = generateAnalogs(rdkit, IBUPROFEN, strategy, 5, new Random(42), new Set([IBUPROFEN]));
      expect(a, strategy).toEqual(b);
      expect(a.length, strategy).toBeGreaterThan(2);
      expect(new Set(a.map((x) => x.smiles)).size).toBe(a.length);
      for (const analog of a) expect(rdkit.get_mol(analog.smiles)?.is_valid(), analog.smiles).toBe(true);
    }
  });
});

describe("custom workflow plan", () => {
  it("reads objectives, constraints, seeds and budget, and lists what it did not understand", () => {
    const plan = parseWorkflowPlan(
      rdkit,
      "Maximize binding activity, keep logP below 3 and MW under 450; similar to CC(=O)Oc1ccccc1C(=O)O. Avoid hERG alerts. Budget 200. Make it smell nice",
    );
    expect(plan.objectives.map((o) => o.name)).toEqual(["activity"]);
    expect(plan.constraints).toEqual([
      expect.objectContaining({ kind: "property_max", property: "logp", value: 3 }),
      expect.objectContaining({ kind: "property_max", property: "molecular_weight", value: 450 }),
      expect.objectContaining({ kind: "similar_to", smiles: "CC(=O)Oc1ccccc1C(=O)O" }),
      expect.objectContaining({ kind: "avoid_alerts", alerts: "hERG" }),
    ]);
    expect(plan.seeds).toEqual(["CC(=O)Oc1ccccc1C(=O)O"]);
    expect(plan.budget).toBe(200);
    expect(plan.not_understood).toEqual(["Make it smell nice"]);
    const bad = parseWorkflowPlan(rdkit, "similar to notasmiles((");
    expect(bad.not_understood).toEqual(["similar to notasmiles(("]);
    expect(bad.objectives.map((o) => o.name)).toEqual(["activity", "synthetic_accessibility"]);
  });

  it("checks constraints, including the hERG heuristic", () => {
    const terfenadine = "CC(C)(C)c1ccc(cc1)C(O)CCCN1CCC(CC1)C(O)(c1ccccc1)c1ccccc1";
    expect(hergAlert(rdkit, terfenadine, profileOf(terfenadine))).toBe(true);
    expect(hergAlert(rdkit, IBUPROFEN, profileOf(IBUPROFEN))).toBe(false);
    const plan = parseWorkflowPlan(rdkit, "logP below 3; avoid hERG alerts");
    expect(constraintViolations(rdkit, terfenadine, profileOf(terfenadine), plan.constraints, () => [])).toHaveLength(
      2,
    );
    expect(constraintViolations(rdkit, "OCC(O)CO", profileOf("OCC(O)CO"), plan.constraints, () => [])).toEqual([]);
  });
});

/** A lead optimization scored by synthetic accessibility alone (no docking), from one hit, with filters changed. */
function synthesisOnlyRun(hit: string, maxEvaluations: number, seed: number, filters: Partial<typeof FILTERS>) {
  return runLeadOptimization(
    rdkit,
    new CompoundEvaluator(
      new SyntheticAccessibilityOracle(rdkit),
      new SyntheticAccessibilityOracle(rdkit),
      OBJECTIVES.slice(1),
    ),
    {
      hits: { name: "h.smi", text: hit },
      strategy: "generate_simple_analogs",
      max_evaluations: maxEvaluations,
      wallclock_limit_s: 0,
      seed,
      filters: { ...FILTERS, ...filters },
    },
  );
}

describe("lead optimization", () => {
  it("improves a series within the budget and reports deltas against each parent", async () => {
    // QED as the objective: single mutations of a poor starting point improve it reliably.
    const actives = [{ smiles: IBUPROFEN, name: "target", source: "user" }];
    const evaluator = new CompoundEvaluator(
      new LigandActivityOracle(rdkit, actives),
      new SyntheticAccessibilityOracle(rdkit),
      [{ name: "qed", direction: "maximize", weight: 1 }],
    );
    const reports: { evaluated: number; phase: string; series: number }[] = [];
    const result = await runLeadOptimization(
      rdkit,
      evaluator,
      {
        hits: { name: "hits.smi", text: `${START} decanol\nbad(( x` },
        strategy: "generate_simple_analogs",
        max_evaluations: 60,
        wallclock_limit_s: 0,
        seed: 42,
        filters: FILTERS,
      },
      { onScored: (p) => reports.push({ evaluated: p.evaluated, phase: p.phase, series: p.series.length }) },
    );
    expect(evaluator.evaluations).toBeLessThanOrEqual(60);
    expect(result.invalid).toHaveLength(1);
    expect(result.parents[0]!.smiles).toBe(START);
    expect(result.series.length).toBeGreaterThan(10);
    expect(result.series[0]!.root).toBe(START);
    expect(Object.keys(result.series[0]!.deltas)).toEqual([
      "fitness",
      "activity",
      "synthetic_accessibility",
      "qed",
      "logp",
      "mw",
      "tpsa",
    ]);
    expect(result.series[0]!.deltas.fitness).toBeCloseTo(result.series[0]!.fitness - result.parents[0]!.fitness, 3);
    expect(result.improved).toBeGreaterThan(0);
    // A report after every scored molecule, the first before any analog, each with the series so far.
    expect(reports.map((r) => r.evaluated)).toEqual(Array.from({ length: evaluator.evaluations }, (_, i) => i + 1));
    expect(reports[0]).toEqual({ evaluated: 1, phase: "hits", series: 0 });
    expect(reports.at(-1)).toMatchObject({ phase: "analogs", series: result.series.length });
  });

  it("scores uploaded analogs for upload_custom", async () => {
    const evaluator = new CompoundEvaluator(
      new LigandActivityOracle(rdkit, [{ smiles: IBUPROFEN, name: null, source: "user" }]),
      new SyntheticAccessibilityOracle(rdkit),
      OBJECTIVES,
    );
    const result = await runLeadOptimization(rdkit, evaluator, {
      hits: { name: "h.smi", text: IBUPROFEN },
      strategy: "upload_custom",
      uploaded_analogs: {
        name: "a.smi",
        text: "CC(C)Cc1ccc(C(C)C(=O)OC)cc1 methyl-ester\nCC(C)Cc1ccc(C(C)C(N)=O)cc1 amide",
      },
      max_evaluations: 3,
      wallclock_limit_s: 0,
      seed: 1,
      filters: FILTERS,
    });
    expect(result.series.map((s) => s.strategy)).toEqual(["uploaded analog", "uploaded analog"]);
    expect(result.series.map((s) => s.name).sort()).toEqual(["amide", "methyl-ester"]);
  });

  it("drops analogs the cheap pre-filter rejects before scoring them, and never ranks one an oracle failed on", async () => {
    const scored: string[] = [];
    const flaky: MoleculeOracle = {
      name: "docking",
      version: "test",
      direction: "minimize",
      unit: "kcal/mol",
      description: "fails on every second molecule",
      score: async (smiles) => {
        scored.push(smiles);
        return scored.length % 2 === 0 ? { value: null, error: "Docking (Vina) timed out after 150 s" } : { value: -7 };
      },
    };
    const evaluator = new CompoundEvaluator(flaky, new SyntheticAccessibilityOracle(rdkit), OBJECTIVES);
    const prefiltered: string[] = [];
    const result = await runLeadOptimization(rdkit, evaluator, {
      hits: { name: "h.smi", text: IBUPROFEN },
      strategy: "generate_simple_analogs",
      max_evaluations: 20,
      wallclock_limit_s: 0,
      seed: 3,
      filters: FILTERS,
      prefilter: async (compound) => {
        if (compound.profile.descriptors.heavy_atoms <= 15) return null;
        prefiltered.push(compound.smiles);
        return "larger than the hit";
      },
    });
    expect(prefiltered.length).toBeGreaterThan(0);
    for (const smiles of prefiltered) {
      expect(scored).not.toContain(smiles);
      expect(result.rejected).toContainEqual({ smiles, reasons: ["larger than the hit"] });
    }
    expect(result.failed.length).toBeGreaterThan(0);
    for (const failure of result.failed) {
      expect(failure.reason).toBe("Docking (Vina) timed out after 150 s");
      expect(result.series.map((s) => s.smiles)).not.toContain(failure.smiles);
    }
    expect(result.series.every((s) => s.errors.length === 0)).toBe(true);
  });

  it("drops generated analogs that keep less than the run's share of their parent as new scaffolds", async () => {
    const run = (min_analog_shared_core: number) =>
      synthesisOnlyRun(IBUPROFEN, 80, 7, { min_analog_shared_core, drop_analogs_with_new_alerts: false });
    const kept = await run(0.5);
    const scaffolds = kept.rejected.filter((r) => r.reasons.some((reason) => reason.startsWith("a new scaffold")));
    expect(scaffolds.length).toBeGreaterThan(0);
    for (const { smiles, reasons } of scaffolds) {
      const [, shared, heavy] = /shares (\d+) of its (\d+) heavy atoms/.exec(reasons[0]!)!;
      expect(Number(shared) / Number(heavy), smiles).toBeLessThan(0.5);
    }
    for (const analog of kept.series) {
      const core = commonCore(rdkit, analog.parent, analog.smiles)!;
      expect(core.core_atoms / core.heavy_atoms, analog.smiles).toBeGreaterThanOrEqual(0.5);
    }
    const every = await run(0);
    expect(every.rejected.some((r) => r.reasons.some((reason) => reason.startsWith("a new scaffold")))).toBe(false);
  });

  it("drops generated analogs with a med-chem alert their hit does not have", async () => {
    const alerts = (smiles: string) => {
      const mol = rdkit.get_mol(smiles)!;
      try {
        return medChemFilterHits(rdkit, mol).map((hit) => `${hit.filter} ${hit.name}`);
      } finally {
        mol.delete();
      }
    };
    // Paracetamol carries Brenk's hydroquinone alert itself: its analogs may keep it, not add others.
    const paracetamol = "CC(=O)Nc1ccc(O)cc1";
    const own = alerts(paracetamol);
    expect(own.length).toBeGreaterThan(0);
    const run = (drop_analogs_with_new_alerts: boolean) =>
      synthesisOnlyRun(paracetamol, 60, 11, { drop_analogs_with_new_alerts });
    const added = (smiles: string) => alerts(smiles).filter((alert) => !own.includes(alert));
    const clean = await run(true);
    expect(clean.series.length).toBeGreaterThan(10);
    for (const analog of clean.series) expect(added(analog.smiles), analog.smiles).toEqual([]);
    const dropped = clean.rejected.filter((r) => r.reasons[0]!.startsWith("a med-chem alert its hit does not have"));
    expect(dropped.length).toBeGreaterThan(0);
    for (const { smiles, reasons } of dropped) expect(reasons[0]).toContain(added(smiles)[0]);
    const every = await run(false);
    expect(every.series.some((analog) => added(analog.smiles).length > 0)).toBe(true);
  });

  it("stops within a round when cancelled, not after the round's last analog", async () => {
    const evaluator = new CompoundEvaluator(
      new SyntheticAccessibilityOracle(rdkit),
      new SyntheticAccessibilityOracle(rdkit),
      [{ name: "synthetic_accessibility", direction: "minimize", weight: 1 }],
    );
    const result = await runLeadOptimization(
      rdkit,
      evaluator,
      {
        hits: { name: "h.smi", text: IBUPROFEN },
        strategy: "generate_simple_analogs",
        max_evaluations: 400,
        wallclock_limit_s: 0,
        seed: 5,
        filters: FILTERS,
      },
      // The second round offers up to 36 analogs (6 parents × 6); the run is cancelled within it.
      { cancelled: () => evaluator.evaluations >= 10 },
    );
    expect(result.stop_reason).toBe("cancelled");
    expect(result.evaluated).toBe(10);
  });

  it(
    "keeps every scoring slot busy: a slow analog does not hold back the next round",
    { timeout: 20_000 },
    async () => {
      // The first analog is held until 7 other molecules are scored. With a barrier between rounds, only its round's
      // other 5 analogs (and the hit) could be, and the run would wait forever.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held: string | null = null;
      let others = 0;
      const oracle: MoleculeOracle = {
        name: "docking",
        version: "test",
        direction: "minimize",
        unit: "kcal/mol",
        description: "holds the first analog until seven other molecules are scored",
        score: async (smiles, _signal, reference) => {
          if (reference && held === null) {
            held = smiles;
            await released;
          } else if (++others === 7) release();
          return { value: -7, details: { pose_pdbqt: `REMARK ${smiles}\n` } };
        },
      };
      const result = await runLeadOptimization(
        rdkit,
        new CompoundEvaluator(oracle, new SyntheticAccessibilityOracle(rdkit), OBJECTIVES),
        {
          hits: { name: "h.smi", text: IBUPROFEN },
          strategy: "generate_simple_analogs",
          max_evaluations: 30,
          wallclock_limit_s: 0,
          seed: 5,
          // Every analog kept, so each round has its 6.
          filters: { ...FILTERS, drop_analogs_with_new_alerts: false, min_analog_shared_core: 0 },
          concurrency: 2,
        },
      );
      expect(result.evaluated).toBe(30);
      expect(result.series.find((analog) => analog.smiles === held)).toMatchObject({ round: 0 });
      expect(Math.max(...result.series.map((analog) => analog.round))).toBeGreaterThan(0);
    },
  );

  it("makes the same run from the same seed, however long each molecule takes to score", async () => {
    // Each run's delays come from its own random stream.
    const jittery = (delays: Random): MoleculeOracle => ({
      name: "docking",
      version: "test",
      direction: "minimize",
      unit: "kcal/mol",
      description: "scores by size, after a random delay",
      score: async (smiles) => {
        await new Promise((resolve) => setTimeout(resolve, delays.next() * 8));
        return { value: -smiles.length / 5 };
      },
    });
    const run = (delaySeed: number) =>
      runLeadOptimization(
        rdkit,
        new CompoundEvaluator(jittery(new Random(delaySeed)), new SyntheticAccessibilityOracle(rdkit), OBJECTIVES),
        {
          hits: { name: "h.smi", text: IBUPROFEN },
          strategy: "generate_simple_analogs",
          max_evaluations: 60,
          wallclock_limit_s: 0,
          seed: 9,
          filters: FILTERS,
          concurrency: 3,
        },
      );
    const [first, second] = [await run(1), await run(2)];
    expect(first.rounds).toBeGreaterThan(3);
    expect(second.series.map((m) => [m.smiles, m.round])).toEqual(first.series.map((m) => [m.smiles, m.round]));
  });

  it("gives each analog its parent's pose to be placed on, and counts how analogs were docked", async () => {
    const given = new Map<string, { smiles: string; pose_pdbqt: string } | undefined>();
    const poseOf = (smiles: string) => `REMARK pose of ${smiles}\n`;
    const recording: MoleculeOracle = {
      name: "docking",
      version: "test",
      direction: "minimize",
      unit: "kcal/mol",
      description: "records the reference each molecule is scored with",
      score: async (smiles, _signal, reference) => {
        given.set(smiles, reference);
        return {
          value: -7,
          details: {
            pose_pdbqt: poseOf(smiles),
            // An analog with an even-length SMILES stands for one pulled onto its parent's core, one whose length is
            // a multiple of 5 for one searched for, with a reason that names a number.
            placement: !reference
              ? { method: "search" }
              : smiles.length % 5 === 0
                ? { method: "search", reason: `placed on its parent's pose: ${smiles.length} clashes` }
                : {
                    method: "tethered",
                    parent: reference.smiles,
                    ...(smiles.length % 2 === 0 ? { pulled_core_rmsd: 0.3 } : {}),
                  },
          },
        };
      },
    };
    const evaluator = new CompoundEvaluator(recording, new SyntheticAccessibilityOracle(rdkit), OBJECTIVES);
    const result = await runLeadOptimization(rdkit, evaluator, {
      hits: { name: "h.smi", text: IBUPROFEN },
      strategy: "generate_simple_analogs",
      max_evaluations: 30,
      wallclock_limit_s: 0,
      seed: 5,
      filters: FILTERS,
    });
    expect(given.get(IBUPROFEN)).toBeUndefined();
    expect(result.rounds).toBeGreaterThan(1);
    for (const analog of result.series)
      expect(given.get(analog.smiles)).toEqual({
        smiles: analog.parent,
        pose_pdbqt: poseOf(analog.parent),
        core_smarts: commonCore(rdkit, analog.parent, analog.smiles)!.smarts,
      });
    expect(result.series.some((analog) => analog.parent !== IBUPROFEN)).toBe(true);
    expect(result.evaluated).toBe(30);
    const searched = result.series.filter((analog) => analog.smiles.length % 5 === 0).length;
    const pulled = result.series.filter((a) => a.smiles.length % 5 !== 0 && a.smiles.length % 2 === 0).length;
    expect(searched).toBeGreaterThan(0);
    expect(pulled).toBeGreaterThan(0);
    expect(result.analog_placements).toEqual({
      tethered: 29 - searched,
      search: searched,
      pulled,
      searched_because: { "placed on its parent's pose: N clashes": searched },
    });
  });
});
