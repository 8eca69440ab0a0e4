import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

/**
 * Issue 20's benchmark table in one place, read from the results the workflow benchmarks wrote (nothing is measured
 * here): AUROC and EF 5 % of the 1HSG enrichment (workflows-enrichment), indinavir's re-dock RMSD
 * (workflows-redock) and lead optimization's analogs scored per minute (workflows-lead-opt-rate).
 */
const RESULTS = join(import.meta.dirname, "..", "results");
interface Report {
  measured_at: string;
  rows: BenchRow[];
  notes: string[];
}
const read = (name: string) => JSON.parse(readFileSync(join(RESULTS, `${name}.json`), "utf8")) as Report;
const enrichment = read("workflows-enrichment");
const leadOpt = read("workflows-lead-opt-rate");
const day = (r: Report) => r.measured_at.slice(0, 10);

const scoreRow = (prefix: string) => {
  const row = enrichment.rows.find((r) => String(r.score).startsWith(prefix));
  if (!row) throw new Error(`workflows-enrichment has no "${prefix}" row`);
  return row;
};
const rows: BenchRow[] = [];
for (const [label, prefix] of [
  ["AUROC / EF 5 %: product fitness, spec default objectives", "product fitness"],
  ["AUROC / EF 5 %: fitness before issue 20 (SA linear)", "fitness before issue 20"],
  ["AUROC / EF 5 %: Vina affinity alone", "Vina affinity (indinavir included)"],
  ["AUROC / EF 5 %: baseline, heavy atoms", "baseline: heavy atoms"],
] as const) {
  const row = scoreRow(prefix);
  rows.push({
    measure: label,
    value: `${row.auroc} (${row.auroc_95pct_bootstrap}) / ${row.ef_5pct}`,
    set: `1HSG, ${row.actives} actives vs ${row.decoys} decoys, ${row.run}`,
    source: `workflows-enrichment (${day(enrichment)})`,
  });
}
// The seeded-conformer re-dock (REDOCK_ONLY=1 bench/workflows/run.ts) when it has been run; else the last full docking
// benchmark's, which predates the seeded conformers and says so.
const seeded = existsSync(join(RESULTS, "workflows-redock.json"));
const redockReport = read(seeded ? "workflows-redock" : "workflows-docking");
// Several seeds end in a median (range) row; a single-seed report has only its one row.
const fromSmiles = redockReport.rows.filter((r) => String(r.benchmark).startsWith("re-dock indinavir (from SMILES)"));
const redock = fromSmiles.find((r) => String(r.benchmark).includes("median")) ?? fromSmiles[0];
if (!redock) throw new Error("no re-dock from SMILES row");
rows.push({
  measure: "re-dock RMSD of indinavir, best mode / best of modes (Å)",
  value: `${redock.rmsd_best_mode_A} / ${redock.rmsd_best_of_modes_A}`,
  set: seeded
    ? `${redock.benchmark}; RDKit ETKDG conformer and Vina search with the same seed`
    : `${redock.benchmark}; Open Babel --gen3d conformer (unseeded): the seeded ETKDG re-dock is not measured yet`,
  source: `${seeded ? "workflows-redock" : "workflows-docking"} (${day(redockReport)})`,
});
// The start-conformer comparison (CONFORMERS=1 and 2 of bench/workflows/enrichment.ts, canonical ETKDG, run side by
// side and re-scored on the groups both finished), when it has been run.
const conformerRuns = [1, 2].flatMap((n) =>
  existsSync(join(RESULTS, `workflows-enrichment-conformers-n${n}.json`))
    ? [{ n, report: read(`workflows-enrichment-conformers-n${n}`) }]
    : [],
);
for (const { n, report } of conformerRuns) {
  for (const [label, prefix] of [
    ["product fitness", "product fitness"],
    ["Vina alone", "Vina affinity (indinavir included)"],
  ] as const) {
    const row = report.rows.find((r) => String(r.score).startsWith(prefix));
    if (!row) continue;
    rows.push({
      measure: `AUROC / EF 5 %: ${label}, ${n} start conformer${n === 1 ? "" : "s"} (canonical ETKDG)`,
      value: `${row.auroc} (${row.auroc_95pct_bootstrap}) / ${row.ef_5pct}`,
      set: `1HSG, ${row.actives} actives vs ${row.decoys} decoys, ${row.run}`,
      source: `workflows-enrichment-conformers-n${n} (${day(report)})`,
    });
  }
  const redockRow = report.rows.find((r) => String(r.score).startsWith("re-dock indinavir"));
  if (redockRow)
    rows.push({
      measure: "re-dock RMSD of indinavir, best-scored mode (Å)",
      value: `${redockRow.rmsd_A}`,
      set: `${redockRow.score}, through the screen`,
      source: `workflows-enrichment-conformers-n${n} (${day(report)})`,
    });
}
// The held-out protease structure (TARGET=1OHR bench/workflows/enrichment.ts, the product's default settings), when run.
const heldOut = existsSync(join(RESULTS, "workflows-enrichment-1ohr.json")) ? read("workflows-enrichment-1ohr") : null;
for (const [label, prefix] of [
  ["product fitness", "product fitness"],
  ["Vina alone", "Vina affinity ("],
  ["baseline, heavy atoms", "baseline: heavy atoms"],
] as const) {
  const row = heldOut?.rows.find((r) => String(r.score).startsWith(prefix));
  if (!heldOut || !row) continue;
  rows.push({
    measure: `AUROC / EF 5 %: ${label} on 1OHR (held out)`,
    value: `${row.auroc} (${row.auroc_95pct_bootstrap}) / ${row.ef_5pct}`,
    set: `1OHR, ${row.actives} actives vs ${row.decoys} decoys, ${row.run}`,
    source: `workflows-enrichment-1ohr (${day(heldOut)})`,
  });
}
const heldOutRedock = heldOut?.rows.find((r) => String(r.score).startsWith("re-dock "));
if (heldOut && heldOutRedock)
  rows.push({
    measure: "re-dock RMSD of nelfinavir into 1OHR, best-scored mode (Å)",
    value: `${heldOutRedock.rmsd_A}`,
    set: `${heldOutRedock.score}, through the screen`,
    source: `workflows-enrichment-1ohr (${day(heldOut)})`,
  });
// Further runs of the same bench, kept as workflows-lead-opt-rate-run<N>, join the last one in a median (range).
const leadOptRuns = [
  ...[1, 2, 3, 4]
    .map((n) => `workflows-lead-opt-rate-run${n}`)
    .filter((name) => existsSync(join(RESULTS, `${name}.json`)))
    .map((name) => ({ name, report: read(name) })),
  { name: "workflows-lead-opt-rate", report: leadOpt },
];
const across = (column: string) => {
  const values = leadOptRuns.map(({ report }) => Number(report.rows[0]![column])).sort((a, b) => a - b);
  const rounded = Math.round(median(values) * 100) / 100;
  return values.length === 1 ? `${rounded}` : `${rounded} (${values[0]}–${values.at(-1)})`;
};
const rate = leadOpt.rows[0]!;
rows.push({
  measure:
    "lead optimization with docking: molecules scored per minute, measured / per CPU minute / free 2-core estimate",
  value: `${across("scored_per_minute")} / ${across("scored_per_cpu_minute")} / ${across("quiet_2_core_estimate_per_minute")}`,
  set: `analogs of ${rate.hit} (${rate.hit_heavy_atoms} heavy atoms, ${rate.hit_rotatable_bonds} rotatable bonds), ${rate.scored} scored in ${across("elapsed_s")} s (stop: ${rate.stop_reason}), exhaustiveness 2; ${leadOptRuns.length === 1 ? "one run" : `median (range) of ${leadOptRuns.length} runs`}`,
  source: leadOptRuns.map(({ name, report }) => `${name} (${day(report)})`).join(", "),
});

writeBenchReport(
  "workflows-summary",
  "Virtual screening and lead optimization on HIV-1 protease (1HSG, 1OHR held out): the benchmark table of issue 20",
  rows,
  [
    "Collected from the result files named in `source`; their notes give the method, the machine and its load.",
    "One run each (the lead optimization rate and the indinavir re-dock: median and range over their runs and seeds); AUROC with its 95 % bootstrap interval. The first rows come from Open Babel's unseeded conformers (9 actives, exhaustiveness 1). The start-conformer rows come from canonical-order ETKDG conformers (two writings of one molecule now give the same conformers and score; before, indinavir's two orderings scored −10.55 and −12.97 kcal/mol) at the screen's exhaustiveness 2, on the 6 of 9 groups both settings finished (6 actives, 24 decoys): 1 and 2 start conformers are within each other's intervals at the same CPU cost; the default is 2 for its better re-dock (docs/decisions.md). The 1OHR rows are a held-out check: every setting was chosen on 1HSG.",
    ...(seeded
      ? []
      : [
          "The seeded-conformer re-dock (REDOCK_ONLY=1 bench/workflows/run.ts) was started on 2026-11-26 but did not finish on the loaded machine (Vina stopped at its 1800 s limit at nice 10, load average 18–20; a second run was stopped to free the cores for the e2e test): its figure is still the 2026-11-22 one above.",
        ]),
    `Load when measured: ${[redockReport, leadOpt, ...conformerRuns.map((r) => r.report), ...(heldOut ? [heldOut] : [])].map((r) => r.notes.find((n) => /load average/i.test(n)) ?? "not recorded").join(" | ")}`,
  ],
);
