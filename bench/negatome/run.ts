import { loadRDKit, SimilarityIndex } from "@sieve/chem";
import {
  assessSafety,
  auroc,
  buildPublicNegatome,
  calibrateVerdicts,
  combineRisk,
  DEFAULT_SAFETY_PARAMETERS,
  riskComponents,
  fitSafetyParameters,
  negatomeIndex,
  PARAMETER_GRID,
  type NegatomeEntry,
  type RiskComponents,
  type SafetyParameters,
} from "@sieve/negatome";
import { percentile, writeBenchReport, type BenchRow } from "../lib/report";
import {
  CLINTOX,
  DRUGCENTRAL_IDENTIFIERS,
  DRUGCENTRAL_STRUCTURES,
  readSharedData,
  TOX21,
  WITHDRAWN_DRUG_INFO,
  WITHDRAWN_REASONS,
} from "../../packages/negatome/test/shared-data";
import {
  leaveScaffoldOutEvidence,
  logisticScores,
  readClintoxCompounds,
  scaffoldSplit,
  similarityMatrix,
  type ClintoxCompound,
} from "./clintox";
import { measureSearch } from "./search";
import { median } from "../lib/stats";

// npm run bench negatome: (a) ClinTox splits grouped by scaffold and by entry (InChIKey first
// block): AUROC of assessSafety's structural risk for CT_TOX on each test part (negatome = the
// training part's CT_TOX = 1 compounds, reference = its CT_TOX = 0 compounds, parameters fitted on
// the training part only), an ablation of each component, beside the nearest-neighbour and
// descriptor-logistic baselines; (b) the reconciled verdicts on the public negatome; (c) similarity
// search at 10,000 compounds.
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const AUROC_GOAL = 0.82;
const SEARCH_SIZE = 10_000;

const clintoxText = readSharedData(CLINTOX);
if (!clintoxText) throw new Error(`bench/negatome needs ../shared/data/${CLINTOX}`);
const rdkit = await loadRDKit();
const t0 = performance.now();
const { compounds, unparsed } = readClintoxCompounds(rdkit, clintoxText);
const matrix = similarityMatrix(compounds);
const n = compounds.length;
console.log(
  `ClinTox: ${compounds.length} compounds prepared (${unparsed.length} unparsable: lines ${unparsed.join(", ")}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const maxNeighbours = Math.max(...PARAMETER_GRID.neighbours);
const minKernelStart = Math.min(...PARAMETER_GRID.kernel_start);
const trainingExamples = (train: number[]) =>
  train.map((i) => ({
    evidence: leaveScaffoldOutEvidence(i, train, compounds, matrix, maxNeighbours, minKernelStart),
    failed: compounds[i]!.row.ctTox,
  }));
/** A CT_TOX = 1 compound as the negatome stores it: `clintoxCandidates`' record with the prepared structure. */
const entry = (c: ClintoxCompound): NegatomeEntry => {
  const { line: _line, smiles: _smiles, ...candidate } = c.failure!;
  return {
    ...candidate,
    negatome_id: `clintox:${c.row.line}`,
    compound_smiles: c.row.smiles,
    compound_inchi_key: c.inchiKey ?? "",
    fingerprint: c.fingerprint,
  };
};
const describeParameters = (p: SafetyParameters) =>
  `start ${p.kernel_start}, power ${p.kernel_power}, k ${p.neighbours}, prior ${p.prior_strength}×${p.prior_rate.toFixed(3)}`;

/**
 * Ablation. The score is assessSafety's (neighbourhood + nearest analogue); each is taken out, and the
 * PAINS/Brenk alerts the score left out are put back at their former weights (0.01 per Brenk, 0.005 per
 * PAINS alert, at most 0.05). The same variants are measured on the training parts (train_*), and the
 * components are chosen from those only.
 */
const FORMER_ALERT_WEIGHTS = { PAINS_A: 0.005, PAINS_B: 0.005, PAINS_C: 0.005, BRENK: 0.01 } as const;
interface TestEvidence {
  components: RiskComponents;
  alerts: number;
}
const alertRisk = (compound: ClintoxCompound) =>
  Math.min(
    0.05,
    compound.alertCatalogs.reduce((sum, catalog) => sum + FORMER_ALERT_WEIGHTS[catalog], 0),
  );
const orCombine = (...risks: number[]) => 1 - risks.reduce((keep, r) => keep * (1 - r), 1);
const VARIANTS: Record<string, (e: TestEvidence) => number> = {
  risk_auroc: (e) => combineRisk(e.components),
  with_alerts: (e) => orCombine(combineRisk(e.components), e.alerts),
  without_nearest_failure: (e) => combineRisk({ ...e.components, nearest_failure: 0 }),
  without_neighbourhood: (e) => combineRisk({ ...e.components, neighbourhood: 0 }),
  nearest_failure_only: (e) => e.components.nearest_failure,
  alerts_only: (e) => e.alerts,
};
const TRAINING_VARIANTS = ["risk_auroc", "with_alerts", "without_nearest_failure", "without_neighbourhood"] as const;

const splitRows: BenchRow[] = [];
const levels: { level: string; failed: boolean }[] = [];
const latencies: number[] = [];
for (const seed of SEEDS) {
  const { train, test } = scaffoldSplit(
    compounds.map((c) => c.group),
    seed,
  );
  const failures = train.filter((i) => compounds[i]!.failure);
  const entries = failures.map((i) => entry(compounds[i]!));
  const records = new Map(entries.map((e) => [e.negatome_id, e]));
  const index = negatomeIndex(entries);
  const reference = new SimilarityIndex<string>();
  for (const i of train)
    if (!compounds[i]!.row.ctTox) reference.add(`clintox:${compounds[i]!.row.line}`, compounds[i]!.fingerprint);
  const failureKeys = new Set(entries.map((e) => e.compound_inchi_key));
  const leaks = test.filter((i) => compounds[i]!.inchiKey !== null && failureKeys.has(compounds[i]!.inchiKey!)).length;

  const examples = trainingExamples(train);
  const fitted = fitSafetyParameters(examples);
  // The same ablation on the training part (leave-group-out evidence): the components are chosen from these.
  const trainingEvidence = examples.map((example, k): TestEvidence => ({
    components: riskComponents(example.evidence, fitted.parameters),
    alerts: alertRisk(compounds[train[k]!]!),
  }));
  const failed = test.map((i) => compounds[i]!.row.ctTox);
  const components = test.map((i) => {
    const t = performance.now();
    const result = assessSafety({
      rdkit,
      smiles: compounds[i]!.row.smiles,
      index,
      records,
      reference,
      parameters: fitted.parameters,
    });
    latencies.push(performance.now() - t);
    if (!result.ok) throw new Error(`assessSafety refused ClinTox line ${compounds[i]!.row.line}: ${result.error}`);
    levels.push({ level: result.risk_level, failed: compounds[i]!.row.ctTox });
    return {
      components: result.components,
      alerts: alertRisk(compounds[i]!),
    };
  });
  const baseline = test.map((i) => Math.max(0, ...failures.map((j) => matrix[i * n + j]!)));
  const logistic = logisticScores(
    train.map((i) => compounds[i]!.descriptors),
    train.map((i) => compounds[i]!.row.ctTox),
    test.map((i) => compounds[i]!.descriptors),
  );
  const row: BenchRow = {
    split: `seed ${seed}`,
    train: train.length,
    test: test.length,
    test_failures: failed.filter(Boolean).length,
    exact_leaks: leaks,
    fitted: describeParameters(fitted.parameters),
    train_auroc: fitted.training_auroc,
    baseline_auroc: auroc(baseline, failed),
    logistic_descriptors_auroc: auroc(logistic, failed),
  };
  for (const [name, score] of Object.entries(VARIANTS)) row[name] = auroc(components.map(score), failed);
  for (const name of TRAINING_VARIANTS)
    row[`train_${name}`] = auroc(
      trainingEvidence.map(VARIANTS[name]!),
      examples.map((example) => example.failed),
    );
  row.gain_over_best_baseline =
    (row.risk_auroc as number) - Math.max(row.baseline_auroc as number, row.logistic_descriptors_auroc as number);
  splitRows.push(row);
  console.log(JSON.stringify(row));
}

const numeric = (key: string) => splitRows.map((r) => r[key] as number);
const aurocKeys = [
  "baseline_auroc",
  "logistic_descriptors_auroc",
  "train_auroc",
  ...Object.keys(VARIANTS),
  "gain_over_best_baseline",
  ...TRAINING_VARIANTS.map((name) => `train_${name}`),
];
const summary = (label: string, f: (xs: number[]) => number): BenchRow => ({
  split: label,
  ...Object.fromEntries(["test", "test_failures", "exact_leaks", ...aurocKeys].map((k) => [k, f(numeric(k))])),
});
const riskMedian = median(numeric("risk_auroc"));

// Parameters fitted on all of ClinTox (the package defaults come from this line).
const fullFit = fitSafetyParameters(trainingExamples(compounds.map((_, i) => i)));
const calibration: BenchRow[] = ["green", "amber", "red"].map((level) => {
  const inLevel = levels.filter((l) => l.level === level);
  return {
    risk_level: level,
    test_compounds: inLevel.length,
    failed: inLevel.filter((l) => l.failed).length,
    observed_failure_rate: inLevel.length ? inLevel.filter((l) => l.failed).length / inLevel.length : NaN,
  };
});
// Nearest failure of another scaffold vs failure rate, over all of ClinTox (justifies the thresholds).
const bins: [number, number][] = [
  [0, 0.3],
  [0.3, 0.4],
  [0.4, 0.5],
  [0.5, 0.6],
  [0.6, 0.7],
  [0.7, 0.8],
  [0.8, 1.01],
];
const nearestFailure = compounds.map((c, i) =>
  Math.max(0, ...compounds.flatMap((d, j) => (d.row.ctTox && d.scaffold !== c.scaffold ? [matrix[i * n + j]!] : []))),
);
for (const [lo, hi] of bins) {
  const inBin = compounds.filter((_, i) => nearestFailure[i]! >= lo && nearestFailure[i]! < hi);
  calibration.push({
    nearest_failure_tanimoto: `${lo}–${Math.min(hi, 1)}`,
    compounds: inBin.length,
    failed: inBin.filter((c) => c.row.ctTox).length,
    observed_failure_rate: inBin.filter((c) => c.row.ctTox).length / inBin.length,
  });
}

writeBenchReport(
  "negatome-clintox",
  "Negatome: ClinTox CT_TOX AUROC of risk_score on scaffold-split test parts",
  [
    ...splitRows,
    summary("median", median),
    summary("min", (xs) => Math.min(...xs)),
    summary("max", (xs) => Math.max(...xs)),
  ],
  [
    `${compounds.length} of 1,484 ClinTox rows parse (unparsable lines ${unparsed.join(", ")}); ${SEEDS.length} seeded balanced splits, ~80/20, by group: compounds sharing a Bemis–Murcko scaffold of the parent or an entry (InChIKey first block: salts stripped, stereo collapsed) are one group, so no compound sits on both sides (exact_leaks counts test compounds whose entry is a training failure; 0 by construction).`,
    "Negatome = the training part's CT_TOX = 1 compounds as clintoxCandidates makes them; reference = its CT_TOX = 0 compounds; neighbourhood parameters fitted on the training part only (leave-group-out); the test part is never seen. The score is assessSafety's structural risk (exact matches cannot occur across groups).",
    "Baselines: max Tanimoto (Morgan r2/2048) to a training CT_TOX = 1 compound; L2 logistic regression on 11 standardised RDKit descriptors (MW, logP, TPSA, HBD, HBA, rotatable bonds, rings, aromatic rings, heavy atoms, Fsp3, QED) fitted on the training part. gain_over_best_baseline is against the better of the two per split.",
    `Component choice on training parts only: train_* are the score and the left-out components put back, on each training part with leave-group-out evidence (median train_risk_auroc ${median(numeric("train_risk_auroc")).toFixed(3)}; alerts put back ${median(numeric("train_with_alerts")).toFixed(3)}, lower in ${splitRows.filter((r) => (r.train_with_alerts as number) < (r.train_risk_auroc as number)).length} of ${SEEDS.length}; without the nearest analogue ${median(numeric("train_without_nearest_failure")).toFixed(3)}, lower in ${splitRows.filter((r) => (r.train_without_nearest_failure as number) < (r.train_risk_auroc as number)).length}).`,
    `Goal AUROC ${AUROC_GOAL}: median ${riskMedian.toFixed(3)} (${riskMedian >= AUROC_GOAL ? "met" : "not met"}); the score beats the better baseline in ${numeric("gain_over_best_baseline").filter((g) => g > 0).length} of ${SEEDS.length} splits.`,
    `Fitted on all of ClinTox: ${describeParameters(fullFit.parameters)} (training AUROC ${fullFit.training_auroc.toFixed(3)}); package default: ${describeParameters(DEFAULT_SAFETY_PARAMETERS)}.`,
    `assessSafety latency per compound (PAINS/Brenk matching included), ${latencies.length} calls: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms.`,
  ],
);
writeBenchReport(
  "negatome-calibration",
  "Negatome: observed ClinTox failure rate by risk colour (test parts) and by nearest-failure similarity (all, leave-scaffold-out)",
  calibration,
  [
    "Failure weights: CT_TOX = 1 rows are SAFETY/silver (0.85), the 18 also FDA-approved SAFETY/bronze (0.5). Risk colours: above 0.7 red, above 0.3 amber.",
  ],
);

const verdictStart = performance.now();
const negatome = buildPublicNegatome(rdkit, {
  clintox: clintoxText,
  withdrawnReasons: readSharedData(WITHDRAWN_REASONS),
  withdrawnDrugInfo: readSharedData(WITHDRAWN_DRUG_INFO),
  drugCentralStructures: readSharedData(DRUGCENTRAL_STRUCTURES),
  drugCentralIdentifiers: readSharedData(DRUGCENTRAL_IDENTIFIERS),
});
const verdicts = calibrateVerdicts(rdkit, negatome);
const rate = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(1)} %)`;
writeBenchReport(
  "negatome-verdicts",
  "Negatome: reconciled verdicts on the public negatome (demo, ClinTox, withDRAWN, DrugCentral)",
  [
    { set: "approved, no withdrawn/failed flag", ...verdicts.unflagged_approved },
    {
      set: "demo safety withdrawals (documented)",
      ...verdicts.documented_withdrawals,
      not_red: verdicts.documented_withdrawals.not_red.join("; "),
    },
    { set: "conflict: approved + dated withdrawal", ...verdicts.conflicts.documented },
    { set: "conflict: approved + undocumented flag", ...verdicts.conflicts.undocumented },
    ...Object.entries(verdicts.conflicts.undocumented_by_flag).map(([flag, counts]) => ({
      set: `  undocumented, flagged by ${flag}`,
      ...counts,
    })),
  ],
  [
    `Red rate on approved compounds no source flags withdrawn or failed: ${rate(verdicts.unflagged_approved.red, verdicts.unflagged_approved.compounds)} (goal ≤ 2 %). By construction an approved compound is red only with two independent failure sources or a dated withdrawal; similar compounds alone keep it green (amber here comes from ChEMBL boxed warnings).`,
    `Red rate on the demo set's safety withdrawals and suspensions: ${rate(verdicts.documented_withdrawals.red, verdicts.documented_withdrawals.compounds)} (goal ≥ 80 %). Each carries a dated public reference, which the verdict trusts at 0.97: the figure checks the reconciliation, not a prediction.`,
    "Conflict set = some source lists the compound as approved (DrugCentral, ClinTox FDA_APPROVED) and another (or the same) flags it withdrawn or failed. Undocumented: each source counts at most 0.6 (amber); a ClinTox CT_TOX label on a compound ClinTox also lists as approved counts 0.2. Flags: withdrawn/gold = ChEMBL withdrawn flag with a reason (e.g. labetalol: hepatotoxicity), withdrawn/silver = without a reason (celecoxib, oxycodone), clintox/silver = CT_TOX = 1 in a row not FDA-approved, clintox/bronze = in an FDA-approved row.",
    `Each compound assessed once from the SMILES of its first source, with every record, regulatory fact and the ClinTox reference set loaded (as the API does); ${((performance.now() - verdictStart) / 1000).toFixed(0)} s on the shared machine.`,
  ],
);

const searchSmiles = [
  ...compounds.map((c) => c.row.smiles),
  ...(readSharedData(TOX21) ?? "")
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").at(-1) ?? ""),
  ...(readSharedData(DRUGCENTRAL_STRUCTURES) ?? "")
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t")[0] ?? ""),
].filter((s) => s.length > 0);
writeBenchReport(
  "negatome-search",
  "Negatome: similarity search at 10,000 compounds",
  measureSearch(rdkit, searchSmiles, SEARCH_SIZE, 1),
  [
    "Index: the first 10,000 parsable compounds of ClinTox, Tox21, then DrugCentral 2023 (ClinTox + Tox21 alone give fewer than 10,000). Queries: 1,000 seeded draws from the compounds left over (not in the index), after 100 warm-up queries. Shared 2-core machine: p95 includes scheduling noise.",
  ],
);
