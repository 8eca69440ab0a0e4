import { describe, expect, it } from "vitest";
import type { TargetRef } from "@sieve/contracts";
import { harmonicSum } from "@sieve/literature";
import type { EvidenceItem } from "../types";
import { componentScores, rankTargets } from "./rank";
import { evidenceForDisease, evidenceFromRelatedDiseases, relatedDiseaseItems } from "./evidence";

// Expected values worked out from the formulas, not from the code:
// harmonic-sum normaliser M = Σ_{i=1..100} 1/i² = 1.6349839001848923.
const M = 1.6349839001848923;
const ref = (id: string, symbol: string): TargetRef => ({
  hgnc_id: id,
  gene_symbol: symbol,
  protein_name: null,
  uniprot_id: null,
});
const item = (gene: string, component: EvidenceItem["component"], score: number): EvidenceItem => ({
  gene,
  component,
  score,
  source: "test",
  feature_name: "f",
});

const genes = [ref("HGNC:1", "AAA"), ref("HGNC:2", "BBB"), ref("HGNC:3", "CCC"), ref("HGNC:4", "DDD")];
const evidence = [
  item("HGNC:1", "lit", 1),
  item("HGNC:1", "lit", 0.6),
  item("HGNC:1", "drugg", 0.5),
  item("HGNC:1", "safe", 1),
  item("HGNC:2", "lit", 0.8),
  item("HGNC:2", "omics", 0.4),
  item("HGNC:2", "safe", 0),
  item("HGNC:3", "drugg", 1),
  item("HGNC:3", "neg", 0.5),
  item("HGNC:99", "lit", 1), // not in the universe
];

describe("componentScores", () => {
  it("harmonic sum of support, 1 − harmonic sum of liabilities, null without evidence", () => {
    const c = componentScores(evidence.filter((e) => e.gene === "HGNC:1"));
    expect(c.lit).toBeCloseTo((1 + 0.6 / 4) / M, 12); // 0.70337
    expect(c.drugg).toBeCloseTo(0.5 / M, 12); // 0.30581
    expect(c.safe).toBeCloseTo(1 - 1 / M, 12); // 0.38837
    expect(c.omics).toBeNull();
    expect(c.neg).toBeNull();
  });

  it("a single score gives the same as the literature module's harmonicSum", () => {
    for (const s of [0, 0.2, 0.5, 1])
      expect(componentScores([item("g", "lit", s)]).lit).toBeCloseTo(harmonicSum([s]), 14);
  });

  it("a liability-0 item means known and safe (1), not no data", () => {
    expect(componentScores([item("g", "safe", 0)]).safe).toBe(1);
    // 0.31192
    expect(componentScores([item("g", "safe", 1), item("g", "safe", 0.5)]).safe).toBeCloseTo(1 - (1 + 0.5 / 4) / M, 12);
  });
});

describe("rankTargets", () => {
  it("ranks by the shared priority with default weights (0.3, 0.25, 0.2, 0.15, 0.1), renormalised per gene", () => {
    const results = rankTargets({ genes, evidence });
    expect(results.map((r) => r.target.gene_symbol)).toEqual(["BBB", "AAA", "CCC"]); // DDD: no evidence
    const [b, a, c] = results;
    // Only the components with data count, their weights renormalised, the mean × √coverage:
    // B: (0.3·0.8/M + 0.25·0.4/M + 0.15·1) / 0.7 · √0.7 = 0.42784 (safe known, liability 0)
    expect(b!.priority_score).toBeCloseTo(0.42783580749015765, 12);
    expect(b!.coverage).toBeCloseTo(0.7, 12);
    // A: (0.3·1.15/M + 0.2·0.5/M + 0.15·(1 − 1/M)) / 0.65 · √0.65 = 0.40984
    expect(a!.priority_score).toBeCloseTo(0.4098478634180925, 12);
    expect(a!.coverage).toBeCloseTo(0.65, 12);
    // C: (0.2·1/M + 0.1·(1 − 0.5/M)) / 0.3 · √0.3 = 0.35007 (drugg and neg known)
    expect(c!.priority_score).toBeCloseTo(0.3500750882730631, 12);
    expect(c!.coverage).toBeCloseTo(0.3, 12);
    expect(results.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(a!.aggregate).toEqual({ avg_evidence_score: expect.closeTo(0.7, 12), n_evidence: 4 }); // (1 + 0.6 + 0.5) / 3
    expect(b!.aggregate).toEqual({ avg_evidence_score: expect.closeTo(0.6, 12), n_evidence: 3 });
    expect(c!.aggregate).toEqual({ avg_evidence_score: 1, n_evidence: 2 });
    expect(c!.components).toEqual({
      lit: null,
      omics: null,
      drugg: expect.closeTo(1 / M, 12),
      safe: null,
      neg: expect.closeTo(1 - 0.5 / M, 12),
    });
    expect(results.every((r) => r.novelty === null)).toBe(true);
  });

  it("weights are normalised and re-order the genes; a gene with no data on any weighted component scores 0", () => {
    const results = rankTargets({
      genes,
      evidence,
      weights: { w_lit: 0, w_omics: 0, w_drugg: 2, w_safe: 0, w_neg: 0 },
    });
    expect(results.map((r) => r.target.gene_symbol)).toEqual(["CCC", "AAA", "BBB"]);
    expect(results[0]!.priority_score).toBeCloseTo(1 / M, 12); // drugg carries all the weight: coverage 1
    expect([results[2]!.priority_score, results[2]!.coverage]).toEqual([0, 0]);
  });

  it("novelty = 1 − ln(1 + n) / ln(1 + max n)", () => {
    const results = rankTargets({
      genes,
      evidence,
      documentCounts: new Map([
        ["HGNC:1", 99],
        ["HGNC:2", 9],
      ]),
    });
    const novelty = Object.fromEntries(results.map((r) => [r.target.gene_symbol, r.novelty]));
    expect(novelty.AAA).toBeCloseTo(0, 12); // 1 − ln 100 / ln 100
    expect(novelty.BBB).toBeCloseTo(0.5, 12); // 1 − ln 10 / ln 100
    expect(novelty.CCC).toBe(1); // no document
  });

  it("an established target (approved drug for the disease) has novelty 0 and names its drugs", () => {
    const results = rankTargets({
      genes,
      evidence,
      documentCounts: new Map([["HGNC:1", 99]]),
      approvedForDisease: new Map([["HGNC:3", ["tofacitinib"]]]),
    });
    const ccc = results.find((r) => r.target.gene_symbol === "CCC")!;
    expect([ccc.novelty, ccc.approved_for_disease]).toEqual([0, ["tofacitinib"]]);
    expect(results.find((r) => r.target.gene_symbol === "BBB")!.approved_for_disease).toEqual([]);
  });

  it("breaks ties by symbol", () => {
    const tied = [ref("HGNC:7", "ZZZ"), ref("HGNC:8", "MMM")];
    const results = rankTargets({ genes: tied, evidence: [item("HGNC:7", "lit", 0.5), item("HGNC:8", "lit", 0.5)] });
    expect(results.map((r) => [r.rank, r.target.gene_symbol])).toEqual([
      [1, "MMM"],
      [2, "ZZZ"],
    ]);
  });

  it("ranks 20,000 genes × 50,000 evidence items: every gene with evidence, once, in priority order", () => {
    const universe = Array.from({ length: 20_000 }, (_, i) => ref(`HGNC:${i}`, `G${i}`));
    const components = ["lit", "omics", "drugg", "safe", "neg"] as const;
    let seed = 7; // mulberry32
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const many = Array.from({ length: 50_000 }, (_, i) =>
      item(`HGNC:${Math.floor(next() * 20_000)}`, components[i % 5]!, next()),
    );
    // Speed is measured by bench/targets-api (identify over cached rankings), not here.
    const results = rankTargets({ genes: universe, evidence: many, documentCounts: new Map([["HGNC:1", 10]]) });
    expect(results.length).toBe(new Set(many.map((e) => e.gene)).size);
    expect(new Set(results.map((r) => r.target.hgnc_id)).size).toBe(results.length);
    for (let i = 1; i < results.length; i++)
      expect(results[i - 1]!.priority_score).toBeGreaterThanOrEqual(results[i]!.priority_score);
    expect(results.map((r) => r.rank)).toEqual(results.map((_, i) => i + 1));
  });
});

describe("evidenceForDisease", () => {
  it("keeps rows about the disease set and disease-agnostic rows", () => {
    const rows = [
      { gene: "g1", feature_name: "jensenlab_curated", component: "lit" as const, score: 1, raw: 5, disease: "DOID:2" },
      {
        gene: "g2",
        feature_name: "jensenlab_curated",
        component: "lit" as const,
        score: 0.8,
        raw: 4,
        disease: "DOID:9",
      },
      {
        gene: "g3",
        feature_name: "approved_drug_targets",
        component: "drugg" as const,
        score: 0.3,
        raw: 1,
        disease: null,
      },
    ];
    expect(evidenceForDisease(rows, "jensenlab", new Set(["DOID:1", "DOID:2"])).map((e) => e.gene)).toEqual([
      "g1",
      "g3",
    ]);
  });

  it("related diseases' rows count with their similarity, renamed related_*, combined per gene by noisy-or", () => {
    const rows = [
      {
        gene: "g1",
        feature_name: "clinical_precedence",
        component: "drugg" as const,
        score: 1,
        raw: 2,
        disease: "DOID:7",
      },
      {
        gene: "g2",
        feature_name: "clinical_precedence",
        component: "drugg" as const,
        score: 1,
        raw: 1,
        disease: "DOID:8",
      },
      {
        gene: "g3",
        feature_name: "approved_drug_targets",
        component: "drugg" as const,
        score: 0.3,
        raw: 1,
        disease: null,
      },
    ];
    expect(evidenceFromRelatedDiseases(rows, "drugcentral", new Map([["DOID:7", 0.4]]))).toEqual([
      {
        gene: "g1",
        component: "drugg",
        source: "drugcentral",
        feature_name: "related_clinical_precedence",
        score: 0.4,
      },
    ]);
    const twoDiseases = [...rows, { ...rows[0]!, disease: "DOID:9", score: 0.5 }];
    const related = new Map([
      ["DOID:7", 0.4],
      ["DOID:9", 0.6],
    ]);
    expect(relatedDiseaseItems(twoDiseases, "drugcentral", related).map((e) => e.score)).toEqual([0.4, 0.3]);
    // 1 − (1 − 0.4)(1 − 0.5 · 0.6) = 1 − 0.6 · 0.7 = 0.58
    const combined = evidenceFromRelatedDiseases(twoDiseases, "drugcentral", related);
    expect(combined).toHaveLength(1);
    expect(combined[0]!.score).toBeCloseTo(0.58, 12);
  });
});
