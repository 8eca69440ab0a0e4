import { describe, expect, it } from "vitest";
import {
  priorityScore,
  rankingColumns,
  resultsFromColumns,
  type TargetComponents,
  type TargetResult,
} from "@sieve/contracts";
import { DEFAULT_WEIGHTS, formatComponent, rankTargets, weightShares } from "./ranking";

function target(symbol: string, components: Partial<TargetComponents>, rank = 1): TargetResult {
  const full: TargetComponents = { lit: null, omics: null, drugg: null, safe: null, neg: null, ...components };
  return {
    rank,
    target: { gene_symbol: symbol, hgnc_id: `HGNC:${symbol}`, protein_name: null, uniprot_id: null },
    aggregate: { avg_evidence_score: 0, n_evidence: 0 },
    components: full,
    priority_score: priorityScore(full, DEFAULT_WEIGHTS),
    coverage: 0,
    novelty: null,
    approved_for_disease: [],
  };
}

describe("rankTargets", () => {
  const literatureHeavy = target("LIT", { lit: 0.9, omics: 0.1 }, 1);
  const omicsHeavy = target("OMX", { lit: 0.1, omics: 0.9 }, 2);

  it("orders by the shared priority score for the weights given", () => {
    expect(
      rankTargets([literatureHeavy, omicsHeavy], DEFAULT_WEIGHTS).map((row) => row.result.target.gene_symbol),
    ).toEqual(["LIT", "OMX"]);
    const omicsFirst = rankTargets([literatureHeavy, omicsHeavy], { ...DEFAULT_WEIGHTS, w_lit: 0, w_omics: 1 });
    expect(omicsFirst.map((row) => [row.result.target.gene_symbol, row.rank])).toEqual([
      ["OMX", 1],
      ["LIT", 2],
    ]);
    expect(omicsFirst[0]!.score).toBeCloseTo(
      priorityScore(omicsHeavy.components, { ...DEFAULT_WEIGHTS, w_lit: 0, w_omics: 1 }),
      12,
    );
  });

  it("computes exactly the shared priorityScore over its typed columns, for any weights", () => {
    const genes = [
      target("A", { lit: 0.3, omics: null, drugg: 0.7, safe: 0.9 }),
      target("B", { lit: null, omics: 0.2, drugg: null, neg: 0.4 }),
      target("C", { lit: 0.8, omics: 0.1, drugg: 0.05, safe: 1, neg: 0.5 }),
    ];
    for (const weights of [DEFAULT_WEIGHTS, { w_lit: 0.05, w_omics: 1, w_drugg: 0.35, w_safe: 0, w_neg: 0.6 }])
      for (const row of rankTargets(genes, weights))
        expect(row.score).toBe(priorityScore(row.result.components, weights));
  });

  it("gives the server's priority score back for the server's weights", () => {
    for (const row of rankTargets([literatureHeavy, omicsHeavy], DEFAULT_WEIGHTS))
      expect(row.score).toBeCloseTo(row.result.priority_score, 12);
  });

  it("keeps the server's order for equal scores, even with floating-point noise", () => {
    const a = target("A", { lit: 0.3, omics: 0.6 }, 1);
    const b = target("B", { lit: 0.6, omics: 0.3 }, 2);
    // 0.5·0.3 + 0.5·0.6 and 0.5·0.6 + 0.5·0.3 are equal.
    const weights = { w_lit: 0.5, w_omics: 0.5, w_drugg: 0, w_safe: 0, w_neg: 0 };
    expect(rankTargets([a, b], weights).map((row) => row.result.target.gene_symbol)).toEqual(["A", "B"]);
    expect(rankTargets([b, a], weights).map((row) => row.result.target.gene_symbol)).toEqual(["B", "A"]);
  });

  it("renormalises the weights over the components with data, and reports the coverage", () => {
    const litOnly = target("ONE", { lit: 0.8 });
    const litAndOmics = target("TWO", { lit: 0.8, omics: 0.4 });
    const risky = target("RSK", { lit: 0.8, safe: 0.2 });
    const ranked = rankTargets([risky, litAndOmics, litOnly], DEFAULT_WEIGHTS);
    // The weighted mean over the components with data, × √coverage:
    // TWO: (0.3·0.8 + 0.25·0.4) / 0.55 · √0.55; ONE: 0.3·0.8 / 0.3 · √0.3; RSK: (0.3·0.8 + 0.15·0.2) / 0.45 · √0.45.
    const expected = [
      ["TWO", (0.34 / 0.55) * Math.sqrt(0.55), 0.55],
      ["ONE", 0.8 * Math.sqrt(0.3), 0.3],
      ["RSK", (0.27 / 0.45) * Math.sqrt(0.45), 0.45],
    ] as const;
    expect(ranked.map((row) => row.result.target.gene_symbol)).toEqual(expected.map(([symbol]) => symbol));
    ranked.forEach((row, i) => {
      expect(row.score).toBeCloseTo(expected[i]![1], 12);
      expect(row.coverage).toBeCloseTo(expected[i]![2], 12);
    });
    const nothingWeighted = rankTargets([litOnly], { w_lit: 0, w_omics: 1, w_drugg: 0, w_safe: 0, w_neg: 0 })[0]!;
    expect([nothingWeighted.score, nothingWeighted.coverage]).toEqual([0, 0]);
  });
});

describe("re-weighting every ranked gene", () => {
  it("lets a gene below the first K rise into it, from the columns the server sends", () => {
    const genes = [
      target("LIT1", { lit: 0.9, drugg: 0.1 }, 1),
      target("LIT2", { lit: 0.8, drugg: 0.1 }, 2),
      target("DRG", { lit: 0.1, drugg: 0.9 }, 3),
    ];
    const everyGene = resultsFromColumns(rankingColumns(genes), DEFAULT_WEIGHTS);
    expect(everyGene.map((r) => [r.target.gene_symbol, r.priority_score])).toEqual(
      genes.map((r) => [r.target.gene_symbol, r.priority_score]),
    );
    expect(rankTargets(everyGene, DEFAULT_WEIGHTS, 2).map((r) => r.result.target.gene_symbol)).toEqual([
      "LIT1",
      "LIT2",
    ]);
    const druggability = { w_lit: 0, w_omics: 0, w_drugg: 1, w_safe: 0, w_neg: 0 };
    expect(rankTargets(everyGene, druggability, 2).map((r) => [r.result.target.gene_symbol, r.rank])).toEqual([
      ["DRG", 1],
      ["LIT1", 2],
    ]);
  });
});

describe("weightShares", () => {
  it("normalises the weights to percentages", () => {
    expect(weightShares(DEFAULT_WEIGHTS)).toEqual({ w_lit: 30, w_omics: 25, w_drugg: 20, w_safe: 15, w_neg: 10 });
    expect(weightShares({ w_lit: 1, w_omics: 1, w_drugg: 0, w_safe: 0, w_neg: 0 })).toEqual({
      w_lit: 50,
      w_omics: 50,
      w_drugg: 0,
      w_safe: 0,
      w_neg: 0,
    });
  });

  it("gives zeros when every weight is zero", () => {
    expect(weightShares({ w_lit: 0, w_omics: 0, w_drugg: 0, w_safe: 0, w_neg: 0 })).toEqual({
      w_lit: 0,
      w_omics: 0,
      w_drugg: 0,
      w_safe: 0,
      w_neg: 0,
    });
  });
});

describe("formatting", () => {
  it("shows components with two decimals or 'no data'", () => {
    expect(formatComponent(0.456)).toBe("0.46");
    expect(formatComponent(0)).toBe("0.00");
    expect(formatComponent(null)).toBe("no data");
  });
});
