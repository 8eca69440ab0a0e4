/**
 * Published AUC top-10 at 10,000 oracle calls (mean of 5 seeds) of Graph GA and REINVENT in PMO:
 * Gao, Fu, Sun & Coley, "Sample efficiency matters: a benchmark for practical molecular
 * optimization", NeurIPS 2022 Datasets and Benchmarks (arXiv 2206.12411), main results table.
 * Transcribed from the table as reprinted in invirtuolabs/InVirtuoGen_public references/reference_pmo.csv
 * (the paper itself could not be opened where this was written; deco_hop and scaffold_hop were read from that
 * file again on 2026-11-26). Summed over PMO's 23 tasks, these rounded figures give Graph GA 13.742 and REINVENT
 * 14.184. Left out: drd2, gsk3b and jnk3 (trained classifiers), which are not run here. PMO's starting pool and
 * REINVENT's prior come from
 * ZINC 250k, not from our Tox21/ClinTox/SIDER pool, so the comparison is indicative only.
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
  median1: { graph_ga: 0.294, reinvent: 0.356 },
  median2: { graph_ga: 0.273, reinvent: 0.276 },
  amlodipine_mpo: { graph_ga: 0.661, reinvent: 0.635 },
  perindopril_mpo: { graph_ga: 0.538, reinvent: 0.537 },
  fexofenadine_mpo: { graph_ga: 0.76, reinvent: 0.784 },
  sitagliptin_mpo: { graph_ga: 0.433, reinvent: 0.021 },
  zaleplon_mpo: { graph_ga: 0.346, reinvent: 0.358 },
  valsartan_smarts: { graph_ga: 0, reinvent: 0.178 },
  deco_hop: { graph_ga: 0.619, reinvent: 0.666 },
  scaffold_hop: { graph_ga: 0.517, reinvent: 0.56 },
};
