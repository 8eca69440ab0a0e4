import { describe, expect, it } from "vitest";
import type { TargetResult } from "@sieve/contracts";
import { rankingCsv, rankingFileName } from "./ranking-csv";
import { DEFAULT_WEIGHTS, rankTargets } from "./ranking";

const egfr: TargetResult = {
  rank: 1,
  target: {
    gene_symbol: "EGFR",
    hgnc_id: "HGNC:3236",
    protein_name: "epidermal growth factor receptor, isoform 1",
    uniprot_id: "P00533",
  },
  aggregate: { avg_evidence_score: 0.8, n_evidence: 3 },
  components: { lit: 0.9, omics: 0.5, drugg: 1, safe: null, neg: 0.75 },
  priority_score: 0,
  coverage: 0,
  novelty: 0,
  approved_for_disease: ["erlotinib", "gefitinib"],
};

describe("ranking CSV", () => {
  it("names the file after the disease id and top-K", () => {
    expect(rankingFileName("DOID:1324", 5)).toBe("targets-DOID_1324-top5.csv");
  });

  it("writes the mode and weights in a comment, then the ranking in its current order with coverage", () => {
    const weights = { ...DEFAULT_WEIGHTS, w_lit: 1 };
    const ranked = rankTargets([egfr], weights);
    const lines = rankingCsv(
      { disease: { id: "DOID:1324", name: "lung cancer" }, feature_set_version: "priors_v1", mode: "all" },
      ranked,
      weights,
    ).split("\r\n");
    expect(lines[0]).toBe(
      "# disease DOID:1324 (lung cancer); feature set priors_v1; mode all; weights w_lit=1 w_omics=0.25 w_drugg=0.2 w_safe=0.15 w_neg=0.1 (priority = weighted mean over the components with data × √coverage; coverage = share of the weights with data)",
    );
    expect(lines[1]).toBe(
      "rank,gene_symbol,hgnc_id,uniprot_id,protein_name,lit,omics,drugg,safe,neg,priority_score,coverage,novelty,approved_for_disease",
    );
    const cells = lines[2]!.split(",");
    // Safety has no data: its weight 0.15 of 1.7 drops out, so priority = (0.9 + 0.125 + 0.2 + 0.075) / 1.55 · √(1.55 / 1.7).
    expect(Number(cells[11])).toBeCloseTo((1.3 / 1.55) * Math.sqrt(1.55 / 1.7), 12);
    expect(Number(cells[12])).toBeCloseTo(1.55 / 1.7, 12);
    expect([...cells.slice(0, 11), ...cells.slice(13)].join(",")).toBe(
      '1,EGFR,HGNC:3236,P00533,"epidermal growth factor receptor, isoform 1",0.9,0.5,1,,0.75,0,erlotinib; gefitinib',
    );
    expect(lines[3]).toBe("");
  });
});
