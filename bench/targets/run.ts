import { COMPOSITE_DEFAULT_WEIGHTS } from "@sieve/contracts";
import { componentScores, rankTargets, type EvidenceItem } from "@sieve/targets";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { isAntiInfective, NON_HUMAN_SHARE, therapeuticArea } from "./areas";
import { benchDiseases, loadBenchData, type BenchDisease } from "./data";
import { diseaseEvidence, loadNetworks, type DiseaseEvidence } from "./evidence";
import { fnv1a, mean, rankingMetrics, type RankingMetrics } from "./metrics";

// npm run bench targets: known-target recovery in mode "novel", on held-out diseases.
// Every DOID of DrugCentral's indications whose subtree has ≥ 3 approved-drug targets is a benchmark
// disease; its known targets are the human genes those drugs act on. The disease's own clinical record
// is switched off (mode novel), every gene is ranked, and recall@50 and AUROC of the known targets are
// measured for Sieve's composite (the product's rule and default weights) and five simple baselines on
// the same genes. The diseases are split once, by FNV-1a(DOID) mod 2, into a development half (every
// design choice: features, saturation, coverage exponent) and a held-out half reported here untouched.
const K = 50;
const MIN_TARGETS = 3;
const t0 = performance.now();
const data = loadBenchData();
const networks = loadNetworks(data);
const diseases = benchDiseases(data, MIN_TARGETS);
const N = data.universe.length;
const split = (d: BenchDisease) => (fnv1a(d.doid) % 2 === 0 ? "development" : "held-out");

const METHODS = {
  random: "random (expected over orders)",
  druggability: "druggability only (approved drugs for other diseases)",
  related: "related-disease precedence alone (noisy-or over related diseases, Sieve's feature)",
  related_then_count: "related-disease precedence (noisy-or), then approved-drug count",
  related_harmonic: "related-disease precedence alone (harmonic sum over related diseases)",
  related_harmonic_then_count: "related-disease precedence (harmonic sum), then approved-drug count",
  jensenlab: "JensenLab evidence only",
  sieve: "Sieve composite, mode novel (default weights)",
} as const;
type Method = keyof typeof METHODS;
const BASELINES: Method[] = [
  "random",
  "druggability",
  "related",
  "related_then_count",
  "related_harmonic",
  "related_harmonic_then_count",
  "jensenlab",
];

/** Metrics of a score per gene; genes without a score tie below every scored gene. */
function metricsOf(scores: ReadonlyMap<string, number>, d: BenchDisease): RankingMetrics {
  const genes = [...scores.keys()];
  const positive = genes.map((g) => d.known.has(g));
  const found = positive.filter(Boolean).length;
  return rankingMetrics(
    genes.map((g) => scores.get(g)!),
    positive,
    { size: N - genes.length, positives: d.known.size - found },
    K,
  );
}

const byGene = (items: readonly EvidenceItem[]) => {
  const out = new Map<string, EvidenceItem[]>();
  for (const e of items) out.set(e.gene, [...(out.get(e.gene) ?? []), e]);
  return out;
};

function methodScores(e: DiseaseEvidence): Record<Exclude<Method, "random">, Map<string, number>> {
  const count = new Map(e.druggability.map((r) => [r.gene, r.raw ?? 0]));
  const related = new Map(e.related.map((item) => [item.gene, item.score]));
  const relatedHarmonic = new Map(
    [...byGene(e.relatedPerDisease)].map(([g, items]) => [g, componentScores(items).drugg ?? 0]),
  );
  // Lexicographic: precedence first (scores ≤ 1), the drug count (< 10,000) only breaks its ties.
  const thenCount = (precedence: Map<string, number>) => {
    const out = new Map<string, number>();
    for (const g of new Set([...count.keys(), ...precedence.keys()]))
      out.set(g, (precedence.get(g) ?? 0) * 1e4 + Math.min(count.get(g) ?? 0, 9999));
    return out;
  };
  const sieve = rankTargets({
    genes: data.universe,
    evidence: [...e.lit, ...e.drugg, ...e.omics, ...e.related, ...e.safeShare],
    weights: COMPOSITE_DEFAULT_WEIGHTS,
  });
  return {
    druggability: count,
    related,
    related_then_count: thenCount(related),
    related_harmonic: relatedHarmonic,
    related_harmonic_then_count: thenCount(relatedHarmonic),
    jensenlab: new Map([...byGene(e.lit)].map(([g, items]) => [g, componentScores(items).lit ?? 0])),
    sieve: new Map(sieve.map((r) => [r.target.hgnc_id, r.priority_score])),
  };
}

interface DiseaseResult {
  d: BenchDisease;
  split: string;
  area: string;
  antiInfective: boolean;
  metrics: Record<Method, RankingMetrics>;
  /** Known targets by the evidence the novel setting leaves them, and how many Sieve's top 50 finds. */
  kinds: Record<TargetKind, { known: number; found: number }>;
}
type TargetKind = "related_precedence" | "drugged_elsewhere_only" | "no_drug_elsewhere";

const results: DiseaseResult[] = diseases.map((d) => {
  // e.related holds one noisy-or item per gene (evidenceFromRelatedDiseases).
  const e = diseaseEvidence(data, d, networks);
  const scores = methodScores(e);
  const metrics = { random: rankingMetrics([], [], { size: N, positives: d.known.size }, K) } as Record<
    Method,
    RankingMetrics
  >;
  for (const m of Object.keys(scores) as Exclude<Method, "random">[]) metrics[m] = metricsOf(scores[m], d);
  const top = new Set(
    [...scores.sieve]
      .sort((a, b) => b[1] - a[1])
      .slice(0, K)
      .map(([g]) => g),
  );
  const kinds = {
    related_precedence: { known: 0, found: 0 },
    drugged_elsewhere_only: { known: 0, found: 0 },
    no_drug_elsewhere: { known: 0, found: 0 },
  };
  for (const g of d.known) {
    const kind: TargetKind = scores.related.has(g)
      ? "related_precedence"
      : scores.druggability.has(g)
        ? "drugged_elsewhere_only"
        : "no_drug_elsewhere";
    kinds[kind].known++;
    if (top.has(g)) kinds[kind].found++;
  }
  return {
    d,
    split: split(d),
    area: therapeuticArea(data, d.doid),
    antiInfective: isAntiInfective(data, d),
    metrics,
    kinds,
  };
});

const summary = (splitName: string, group: string, rows: DiseaseResult[]): BenchRow[] =>
  rows.length === 0
    ? []
    : (Object.keys(METHODS) as Method[]).map((m) => {
        const recall = rows.map((r) => r.metrics[m].recall);
        const sorted = [...recall].sort((a, b) => a - b);
        const vsSieve = m === "sieve" ? null : rows.map((r) => r.metrics.sieve.recall - r.metrics[m].recall);
        return {
          split: splitName,
          group,
          method: METHODS[m],
          diseases: rows.length,
          recall_at_50: mean(recall),
          recall_median: sorted[Math.floor((sorted.length - 1) / 2)]!,
          auroc: mean(rows.map((r) => r.metrics[m].auroc)),
          sieve_wins_ties_losses: vsSieve
            ? `${vsSieve.filter((v) => v > 1e-9).length} / ${vsSieve.filter((v) => Math.abs(v) <= 1e-9).length} / ${vsSieve.filter((v) => v < -1e-9).length}`
            : "",
        };
      });

const rows: BenchRow[] = [];
const areaRows: BenchRow[] = [];
for (const splitName of ["held-out", "development"]) {
  const inSplit = results.filter((r) => r.split === splitName);
  rows.push(
    ...summary(
      splitName,
      "headline (not anti-infective)",
      inSplit.filter((r) => !r.antiInfective),
    ),
  );
  rows.push(
    ...summary(
      splitName,
      "anti-infective indications",
      inSplit.filter((r) => r.antiInfective),
    ),
  );
  for (const area of [...new Set(inSplit.map((r) => r.area))].sort())
    areaRows.push(
      ...summary(
        splitName,
        area,
        inSplit.filter((r) => r.area === area && !r.antiInfective),
      ).filter((row) =>
        (
          [
            METHODS.sieve,
            METHODS.related_then_count,
            METHODS.related_harmonic_then_count,
            METHODS.druggability,
          ] as string[]
        ).includes(row.method as string),
      ),
    );
}

const headline = (m: Method) =>
  rows.find((r) => r.split === "held-out" && r.group === "headline (not anti-infective)" && r.method === METHODS[m])!;
const strongest = (metric: "recall_at_50" | "auroc") =>
  BASELINES.reduce((best, m) => ((headline(m)[metric] as number) > (headline(best)[metric] as number) ? m : best));
const bestRecall = strongest("recall_at_50");
const bestAuroc = strongest("auroc");
const sieveRecall = headline("sieve").recall_at_50 as number;
const sieveAuroc = headline("sieve").auroc as number;
const met =
  sieveRecall > (headline(bestRecall).recall_at_50 as number) && sieveAuroc > (headline(bestAuroc).auroc as number);
const heldOut = results.filter((r) => r.split === "held-out" && !r.antiInfective);
const kindTotals = (kind: TargetKind) => {
  const known = heldOut.reduce((s, r) => s + r.kinds[kind].known, 0);
  const found = heldOut.reduce((s, r) => s + r.kinds[kind].found, 0);
  return { known, found };
};
const allKnown = heldOut.reduce((s, r) => s + r.d.known.size, 0);
const kindNote = (kind: TargetKind, label: string) => {
  const { known, found } = kindTotals(kind);
  return `${label}: ${known} (${((100 * known) / allKnown).toFixed(0)}%), of which Sieve's top 50 holds ${found} (${((100 * found) / Math.max(1, known)).toFixed(0)}%)`;
};
const fmt = (x: number) => x.toFixed(4);
const areaLosses = areaRows
  .filter((r) => r.split === "held-out" && r.method === METHODS.sieve)
  .flatMap((r) => {
    const best = Math.max(
      ...[METHODS.related_then_count, METHODS.related_harmonic_then_count].map(
        (m) =>
          areaRows.find((x) => x.split === "held-out" && x.group === r.group && x.method === m)!.recall_at_50 as number,
      ),
    );
    return (r.recall_at_50 as number) < best
      ? [`${r.group} (${r.diseases} diseases: ${fmt(r.recall_at_50 as number)} vs ${fmt(best)})`]
      : [];
  });
const seconds = (performance.now() - t0) / 1000;

writeBenchReport(
  "targets-heldout",
  "Targets: known-target recovery in mode novel on held-out diseases (recall@50, AUROC) against five baselines",
  rows,
  [
    `${results.length} diseases: every DOID of drugcentral/drug_indication.tsv whose subtree (is_a descendants) has ≥ ${MIN_TARGETS} known targets = human genes an approved drug indicated for the DOID or a descendant acts on (drug_target.tsv). Split once by FNV-1a(DOID) mod 2 (a fixed rule, no seed to choose): development ${results.filter((r) => r.split === "development").length}, held-out ${results.filter((r) => r.split === "held-out").length}. Every design choice (the features, the saturation of approved_drug_targets, the coverage exponent 0.5 of priorityScore, the strict related precedence, the corroboration rule that withholds precedence an adjunct ingredient inherits from a combination product: PRECEDENCE_CORROBORATION) was made on the development half; the held-out rows are reported as measured. Universe: the ${N.toLocaleString("en")} HGNC genes with a UniProt accession. The known targets are uncorrected DrugCentral (they still include adjunct targets such as ATP4A for rheumatoid arthritis), so withholding such precedence can only cost recall here.`,
    "Mode novel as the benchmark runs it: no clinical_precedence of the disease or its descendants; approved_drug_targets counts only drugs with a DOID-coded indication outside the subtree; related-disease precedence only from drugs with no indication in the subtree (so a multi-indication drug cannot leak the disease's own record); safety liabilities over the drugs left. recall@50 and AUROC with ties in expectation (recall) or as one half (AUROC); genes without any score tie below every scored gene. One deterministic run: the figures are means over diseases (median of recall beside it); 'sieve_wins_ties_losses' counts the diseases where Sieve's recall@50 is higher / equal / lower than that row's.",
    "Baselines on the same genes: random; druggability only = number of approved drugs for other diseases acting on the gene; related-disease precedence alone, the composite's own feature = noisy-or over related diseases (sharing a Disease Ontology ancestor, never the disease's own subtree or ancestors) of the gene's precedence there × Resnik similarity of the most informative shared ancestor, and the same by harmonic sum over the related diseases (the previous definition); each of them then approved-drug count (lexicographic); JensenLab evidence only (curated associations of the subtree). Sieve = rankTargets with the product's priorityScore and default weights over JensenLab (lit), approved_drug_targets and related precedence (drugg), share-scaled withDRAWN liabilities (safe) and STRING proximity where a subset was built around the disease (omics).",
    `Anti-infective indications, reported apart by a fixed rule: under "disease by infectious agent" (DOID:0050117), or ≥ ${NON_HUMAN_SHARE * 100}% of the approved drugs for the subtree act on a non-human target (SwissProt name not _HUMAN); their known targets are the human proteins anti-infectives also bind. Therapeutic area = Disease Ontology top-level branch, with "disease of anatomical entity" split by organ system (bench/targets/areas.ts gives the order for a disease under several); the area table is in targets-heldout-areas.md.`,
    `Goal (mode novel, held-out headline): Sieve beats the strongest baseline on recall@50 and on AUROC: ${met ? "MET" : "NOT MET"}. recall@50 ${fmt(sieveRecall)} vs ${fmt(headline(bestRecall).recall_at_50 as number)} (${METHODS[bestRecall]}); AUROC ${fmt(sieveAuroc)} vs ${fmt(headline(bestAuroc).auroc as number)} (${METHODS[bestAuroc]}).`,
    `By therapeutic area (held-out, targets-heldout-areas.md) Sieve's recall@50 is below the better related-precedence-then-count baseline in: ${areaLosses.join("; ") || "none"}.`,
    `How the held-out half was used: it was read once with the previous composite (related precedence combined by harmonic sum over related diseases, approved_drug_targets saturating at 200 drugs): recall@50 0.4786 vs 0.4924 for the strongest baseline, AUROC 0.9576 vs 0.9550, goal not met, the loss almost all in cancers (Sieve 0.22 vs 0.66), where chemotherapy targets (tubulins, topoisomerases, DNA synthesis) have precedence on many other cancers, each at low similarity, which the harmonic sum's 1/i² cut while the most-drugged genes (NR3C1, HRH1) rose above them. The two changes since were chosen on the development half only (noisy-or over related diseases: development recall@50 0.500 → 0.536 with saturation at 1,000 drugs, chosen among 200, 500, 700, 1,000, 2,000 and 5,000); the baselines were given the noisy-or feature too, and the harmonic-sum baselines are kept beside them. The held-out figures above are therefore not blind to the first look, and the margin over the strongest baseline is small (recall@50 ${(sieveRecall - (headline(bestRecall).recall_at_50 as number)).toFixed(3)}; Sieve's wins / ties / losses per disease against it: ${headline(bestRecall).sieve_wins_ties_losses as string}).`,
    `Where the known targets come from (held-out headline, ${allKnown} disease × target pairs): ${kindNote("related_precedence", "with precedence on a related disease")}; ${kindNote("drugged_elsewhere_only", "drugged only for unrelated diseases")}; ${kindNote("no_drug_elsewhere", "with no approved drug outside the disease")}. The missing signal is disease-specific evidence for targets not yet drugged in a related disease: the composite's only disease-specific source here is JensenLab's curated associations (mostly Mendelian disease genes, AUROC ≈ 0.5 for drug targets), and STRING covers two diseases. Data that would supply it: clinical-phase (not only approved) drug–indication pairs (ChEMBL drug_indication with max_phase, ClinicalTrials.gov), which turn a target tried in a related disease into precedence; human genetics (GWAS Catalog / Open Targets Genetics locus-to-gene scores), whose support for approved targets is about twofold (Nelson et al., Nat. Genet. 2015); and a genome-wide STRING network for propagation from the disease's genetic genes.`,
    `Run time ${seconds.toFixed(1)} s (loading, ${results.length} diseases × 8 rankings).`,
  ],
);

writeBenchReport(
  "targets-heldout-areas",
  "Targets: known-target recovery in mode novel by therapeutic area (Disease Ontology top-level branch), anti-infectives excluded",
  areaRows,
  [
    "Method, split and definitions: bench/results/targets-heldout.md. Areas with few diseases are noisy: read the diseases column.",
  ],
);
