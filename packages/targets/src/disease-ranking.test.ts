import { describe, expect, it } from "vitest";
import { rankDisease, RELATED_SHARE_IN_MODE_ALL } from "./disease-ranking";
import type { DiseaseRankingInput } from "./disease-ranking";

// Expected values from the formulas: harmonic-sum normaliser M = Σ_{i=1..100} 1/i².
const M = 1.6349839001848923;
const ref = (id: string, symbol: string) => ({
  hgnc_id: id,
  gene_symbol: symbol,
  protein_name: null,
  uniprot_id: null,
});
const item = (gene: string, feature_name: string, score: number) => ({
  gene,
  component: "drugg" as const,
  source: "drugcentral",
  feature_name,
  score,
});

const input: DiseaseRankingInput = {
  genes: [ref("HGNC:1", "OWN"), ref("HGNC:2", "REL"), ref("HGNC:3", "BOTH")],
  features: [
    item("HGNC:1", "clinical_precedence", 1),
    item("HGNC:2", "related_clinical_precedence", 0.9),
    item("HGNC:3", "clinical_precedence", 1),
    item("HGNC:3", "approved_drug_targets", 0.5),
  ],
  triples: [],
  failures: [],
  edges: [],
  documentCounts: [["HGNC:2", 10]],
  approvedForDisease: [["HGNC:3", ["drug b"]]],
};

describe("rankDisease modes", () => {
  it("mode all counts the disease's own precedence, related precedence at its share, and labels the established", () => {
    const { results, mode } = rankDisease(input, "all");
    expect(mode).toBe("all");
    const bySymbol = Object.fromEntries(results.map((r) => [r.target.gene_symbol, r]));
    expect(bySymbol.OWN!.components.drugg).toBeCloseTo(1 / M, 12);
    expect(bySymbol.REL!.components.drugg).toBeCloseTo((0.9 * RELATED_SHARE_IN_MODE_ALL) / M, 12);
    expect(bySymbol.BOTH!.components.drugg).toBeCloseTo((1 + 0.5 / 4) / M, 12);
    expect(results.map((r) => r.target.gene_symbol)).toEqual(["BOTH", "OWN", "REL"]);
    // OWN has precedence rows but no drug names from the reference files: established, unnamed.
    expect(bySymbol.OWN!.approved_for_disease).toEqual([]);
    expect([bySymbol.OWN!.novelty, bySymbol.BOTH!.novelty]).toEqual([0, 0]);
    expect(bySymbol.BOTH!.approved_for_disease).toEqual(["drug b"]);
  });

  it("mode novel leaves the disease's own precedence out, keeps related precedence whole and still labels", () => {
    const { results } = rankDisease(input, "novel");
    const bySymbol = Object.fromEntries(results.map((r) => [r.target.gene_symbol, r]));
    expect(bySymbol.OWN).toBeUndefined(); // its only evidence was its own precedence
    expect(bySymbol.REL!.components.drugg).toBeCloseTo(0.9 / M, 12);
    expect(bySymbol.BOTH!.components.drugg).toBeCloseTo(0.5 / M, 12);
    expect([bySymbol.BOTH!.novelty, bySymbol.BOTH!.approved_for_disease]).toEqual([0, ["drug b"]]);
    expect(bySymbol.REL!.novelty).toBe(0); // the most-mentioned gene of the literature counts
  });

  it("does not label a gene established when its precedence was held back, as an adjunct's is", () => {
    // ATP4A for rheumatoid arthritis: lansoprazole is indicated only as the NSAID pack's partner, so the
    // reference names it, but the corroboration rule left no clinical_precedence row for the pair.
    const adjunct: DiseaseRankingInput = {
      ...input,
      genes: [...input.genes, ref("HGNC:4", "ATP4A")],
      features: [...input.features, item("HGNC:4", "approved_drug_targets", 0.5)],
      approvedForDisease: [...input.approvedForDisease!, ["HGNC:4", ["lansoprazole"]]],
    };
    for (const mode of ["all", "novel"] as const) {
      const atp4a = rankDisease(adjunct, mode).results.find((r) => r.target.gene_symbol === "ATP4A")!;
      expect([atp4a.approved_for_disease, atp4a.novelty]).toEqual([[], 1]);
    }
  });
});
