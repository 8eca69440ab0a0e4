/**
 * Published AUC top-10 at 10,000 oracle calls (mean of 5 seeds) of Graph GA and REINVENT in PMO:
 * Gao, Fu, Sun & Coley, "Sample efficiency matters: a benchmark for practical molecular
 * optimization", NeurIPS 2022 Datasets and Benchmarks (arXiv 2206.12411), main results table.
 * Transcribed from the table as reprinted in invirtuolabs/InVirtuoGen_public references/reference_pmo.csv;
 * the 23-task sums (REINVENT 14.196, Graph GA 13.751) agree with the paper. PMO's starting pool and
 * REINVENT's prior come from ZINC 250k, not from our Tox21/ClinTox/SIDER pool, and its fingerprints are
 * GuacaMol's unfolded counts, so the comparison is indicative only.
 */
export const PUBLISHED_PMO: Record<string, { graph_ga: number; reinvent: number }> = {
  qed: { graph_ga: 0.94, reinvent: 0.941 },
  celecoxib_rediscovery: { graph_ga: 0.63, reinvent: 0.713 },
  troglitazone_rediscovery: { graph_ga: 0.39, reinvent: 0.441 },
  thiothixene_rediscovery: { graph_ga: 0.479, reinvent: 0.534 },
  osimertinib_mpo: { graph_ga: 0.831, reinvent: 0.837 },
  ranolazine_mpo: { graph_ga: 0.728, reinvent: 0.76 },
  albuterol_similarity: { graph_ga: 0.838, reinvent: 0.882 },
  mestranol_similarity: { graph_ga: 0.579, reinvent: 0.618 },
  isomers_c7h8n2o2: { graph_ga: 0.862, reinvent: 0.852 },
  isomers_c9h10n2o2pf2cl: { graph_ga: 0.719, reinvent: 0.642 },
};
