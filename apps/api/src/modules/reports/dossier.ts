import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import {
  describeFilters,
  notRankedEntries,
  storedScreenFilters,
  type Manifest,
  type NotRankedLists,
  type Review,
} from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import type { NegatomeSafety } from "../negatome/safety";
import { sourceDisplayName } from "@sieve/negatome";
import { thresholdsFor } from "../literature/confidence";
import { literatureStore } from "../literature/store";
import { scopeKeyOf, storedRanking } from "../targets/ranking-job";
import { targetsStore } from "../targets/store";
import { notRankedCsv } from "../workflows/outputs";
import type { TargetMode } from "@sieve/contracts";
import { writeZip, type ArchiveEntry } from "./archive";
import { manifestJson, type RunRecordSet } from "./manifest";
import { renderPdf } from "./pdf";
import { curveCharts, curvesSvg, renderReportHtml, type DossierData, type DossierMolecule } from "./report-html";
import type { StoredTargetShortlist } from "./report-types";
import { currentStates } from "./store";
import { dossierContentSha256, runSignatures } from "./signatures";

/** How many of a run's best molecules the dossier draws and checks against the negatome. */
export const DOSSIER_MOLECULES = 20;
const SHORTLIST = 10;
/** Top targets whose evidence sentences the dossier quotes, and how many each. */
const EVIDENCE_TARGETS = 5;
const EVIDENCE_SENTENCES = 3;

export interface DossierDeps {
  db: Database;
  compute: ComputePool;
  safety: NegatomeSafety;
  scope: TenantScope;
}

/** A molecule a run produced: a GA result, or a screening / lead-optimization hit (with docking when run). */
export interface RunCandidate {
  smiles: string;
  name: string | null;
  fitness: number | null;
  properties: Record<string, number>;
  warnings: string[];
  pose_pdbqt: string | null;
}

/** The engine domains of the New Job modal's workflows, whose results rank compounds and list those not ranked. */
const WORKFLOW_DOMAINS = new Set(["vhts", "lead_opt", "custom"]);

/**
 * The run's molecules, best first: `best_molecules` of molecular runs, `hits` of the workflow domains, or — for a
 * workflow stopped before its result — the analogs its progress kept.
 */
export function runCandidates(
  finalMetrics: Record<string, unknown> | undefined,
  progress?: Record<string, unknown> | null,
): RunCandidate[] {
  const partial = (progress?.partial as { series?: unknown } | undefined)?.series;
  const list = (finalMetrics?.best_molecules ?? finalMetrics?.hits ?? partial) as Record<string, unknown>[] | undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((m) => m && typeof m.smiles === "string")
    .slice(0, DOSSIER_MOLECULES)
    .map((m) => {
      const properties: Record<string, number> = {};
      for (const [key, value] of Object.entries((m.properties as Record<string, unknown> | undefined) ?? {}))
        if (typeof value === "number") properties[key] = value;
      if (typeof m.affinity === "number") properties.vina_affinity_kcal_mol = m.affinity;
      if (typeof m.interaction_similarity === "number") properties.interaction_similarity = m.interaction_similarity;
      if (typeof m.activity === "number") properties.activity = m.activity;
      if (typeof m.synthetic_accessibility === "number") properties.synthetic_accessibility = m.synthetic_accessibility;
      return {
        smiles: m.smiles as string,
        name: typeof m.name === "string" ? m.name : null,
        fitness: typeof m.fitness === "number" ? m.fitness : null,
        properties,
        warnings: Array.isArray(m.warnings) ? m.warnings.filter((w): w is string => typeof w === "string") : [],
        pose_pdbqt: typeof m.pose_pdbqt === "string" ? m.pose_pdbqt : null,
      };
    });
}

/** Drawings (SVG from @sieve/chem on the compute threads) and descriptors for each SMILES, in order. */
export async function drawMolecules(
  compute: ComputePool,
  smiles: string[],
): Promise<{ svg: string | null; descriptors: Record<string, number> }[]> {
  if (!smiles.length) return [];
  const analyses = await compute.run("molecules.analyze", { items: smiles, svg: true }, { priority: "batch" });
  const none: Record<string, number> = {};
  return analyses.map((a) =>
    a.ok
      ? {
          svg: a.svg ?? null,
          descriptors: {
            hbd: a.descriptors.hbd,
            hba: a.descriptors.hba,
            rotatable_bonds: a.descriptors.rotatable_bonds,
          },
        }
      : { svg: null, descriptors: none },
  );
}

/** The project's disease's cached ranking the caller may see (the targets module's `target_rankings`), if any. */
async function targetShortlist(
  db: Database,
  scope: TenantScope,
  diseaseId: string | null,
  mode: TargetMode,
): Promise<StoredTargetShortlist | null> {
  if (!diseaseId) return null;
  const row = await targetsStore(db, scope).latestRanking(scopeKeyOf(scope.orgIds), diseaseId);
  const ranking = row ? storedRanking(row.result, mode) : null;
  if (!ranking) return null;
  const results = ranking.results.slice(0, SHORTLIST);
  const literature = literatureStore(db, scope);
  const evidence: StoredTargetShortlist["evidence"] = {};
  // Sentences once, for the mode the report leads with.
  for (const result of mode === "all" ? results.slice(0, EVIDENCE_TARGETS) : []) {
    // The same default confidence filter the ranking's literature component read the triples through.
    const { rows } = await literature.confidentTriplesBetween(
      [result.target.hgnc_id],
      [ranking.disease.id],
      EVIDENCE_SENTENCES,
      thresholdsFor(undefined),
    );
    // The dossier quotes sentences: a document-level triple has none that names both gene and disease.
    const stated = rows.filter(({ triple }) => (triple.attributes as Record<string, unknown>).basis !== "document");
    evidence[result.target.hgnc_id] = stated.map(({ triple, doc, sentenceText }) => ({
      sentence: sentenceText ?? "",
      relation: triple.relation,
      polarity: triple.polarity,
      evidence_score: triple.evidenceScore,
      confidence: triple.confidence,
      source: doc.source,
      external_id: doc.external_id,
      title: doc.title,
    }));
  }
  return {
    disease: ranking.disease,
    feature_set_version: ranking.feature_set_version,
    mode: ranking.mode,
    weights: ranking.weights,
    computed_at: ranking.computed_at,
    results,
    literature_filter: ranking.literature_filter,
    evidence,
  };
}

export interface BuiltDossier {
  zip: Buffer;
  files: string[];
  pdf: boolean;
  buildSeconds: number;
}

/** A run's dossier: report.html and report.pdf for people, and the same facts as files for tools. */
export async function buildRunDossier(
  deps: DossierDeps,
  records: RunRecordSet,
  manifest: Manifest,
): Promise<BuiltDossier> {
  const started = performance.now();
  const { run, job, project } = records;
  const metrics = job?.result?.final_metrics;
  const best = runCandidates(metrics, job?.progress);
  const workflowRun = job !== null && WORKFLOW_DOMAINS.has(job.domain);
  const config = run.config as { filters?: unknown; inputs?: { include_docking?: boolean } };
  const drawings = await drawMolecules(
    deps.compute,
    best.map((m) => m.smiles),
  );
  const current = new Map(currentStates(records.history).map((r) => [`${r.kind}\u0000${r.item_id}`, r]));
  const molecules: DossierMolecule[] = [];
  for (const [index, molecule] of best.entries()) {
    const safety = await deps.safety.assess(deps.scope, molecule.smiles).catch(() => null);
    molecules.push({
      rank: index + 1,
      smiles: molecule.smiles,
      fitness: molecule.fitness,
      properties: { ...drawings[index]?.descriptors, ...molecule.properties },
      svg: drawings[index]?.svg ?? null,
      ...(molecule.name || molecule.warnings.length
        ? { note: [molecule.name, ...molecule.warnings].filter(Boolean).join("; ") }
        : {}),
      pose: molecule.pose_pdbqt,
      negatome: safety
        ? {
            risk_level: safety.risk_level,
            risk_score: safety.risk_score,
            warnings: safety.warnings.map((w) => `${w.severity}: ${w.message}`),
            nearest: safety.evidence_hits[0]?.compound_name ?? null,
            verdict: safety.verdict.conflict_note
              ? `${safety.verdict.explanation} ${safety.verdict.conflict_note}`
              : safety.verdict.explanation,
            claims: safety.entry.claims.map(
              (claim) => `${sourceDisplayName(claim.source)} (${claim.label}): ${claim.statement}`,
            ),
          }
        : null,
      review: current.get(`molecule\u0000${molecule.smiles}`) ?? null,
    });
  }
  const data: DossierData = {
    title: `Sieve dossier — ${project.name} — run ${run.id.slice(0, 8)}`,
    demo: false,
    generatedAt: new Date().toISOString(),
    manifest,
    summary: [
      ["Project", project.name],
      ["Disease area", project.disease_area ?? "not set"],
      ["Run", `${run.id} (${run.workflow})`],
      ["Status", run.status],
      ["Created", run.created_at],
      ...(job
        ? ([
            ["Engine job", `${job.id} (${job.domain}, ${job.execution}, attempts ${job.attempts})`],
            ["Best fitness", String(job.result?.best_fitness ?? "—")],
          ] as [string, string][])
        : []),
      [
        "Run review",
        current.get(`run\u0000${run.id}`)?.state ??
          current.get(`optimization_result\u0000${run.id}`)?.state ??
          "unreviewed",
      ],
    ],
    molecules,
    curves: records.curves,
    ...(workflowRun
      ? {
          curveAxis: "compounds scored",
          filters: config.filters
            ? describeFilters(storedScreenFilters(config.filters), run.workflow, config.inputs?.include_docking ?? true)
            : null,
          notRanked: notRankedEntries((metrics ?? progressPartial(job?.progress)) as NotRankedLists),
        }
      : {}),
    targets: await targetShortlist(deps.db, deps.scope, project.disease_ontology_id, "all"),
    novelTargets: await targetShortlist(deps.db, deps.scope, project.disease_ontology_id, "novel"),
    reviews: records.history,
    signatures: await runSignatures(deps.db, deps.scope, run.id, dossierContentSha256(manifest)),
    pdfNote: null,
  };
  return assembleDossier(data, started);
}

/** What a workflow stopped before its result (cancelled, failed) had kept in its progress. */
function progressPartial(progress: Record<string, unknown> | null | undefined): NotRankedLists {
  const partial = progress?.partial as { failed?: NotRankedLists["failed"] } | undefined;
  return { failed: partial?.failed ?? [] };
}

/** Renders the report (HTML, then PDF when Chromium can) and zips it with the data files. */
export async function assembleDossier(data: DossierData, started = performance.now()): Promise<BuiltDossier> {
  let html = renderReportHtml(data);
  const pdf = await renderPdf(html);
  if (!pdf.ok)
    html = renderReportHtml({
      ...data,
      pdfNote: `The PDF version could not be rendered on this server (${pdf.reason}); this HTML report is complete.`,
    });
  const entries: ArchiveEntry[] = [
    { name: "README.txt", content: readme(data, pdf.ok) },
    { name: "report.html", content: html },
    ...(pdf.ok
      ? [{ name: "report.pdf", content: pdf.pdf }]
      : [{ name: "report-pdf-unavailable.txt", content: `${pdf.reason}\n` }]),
  ];
  if (data.manifest)
    entries.push({
      name: "manifest.json",
      content: JSON.stringify(JSON.parse(manifestJson(data.manifest)), null, 2) + "\n",
    });
  const shortlists = [data.targets, data.novelTargets].filter((t): t is StoredTargetShortlist => t !== null);
  if (shortlists.length)
    entries.push({
      name: "targets/shortlist.csv",
      content: csv(
        [
          "mode",
          "rank",
          "gene_symbol",
          "hgnc_id",
          "uniprot_id",
          "priority_score",
          "coverage",
          "lit",
          "omics",
          "drugg",
          "safe",
          "neg",
          "n_evidence",
          "approved_for_disease",
        ],
        shortlists.flatMap((t) =>
          t.results.map((r) => [
            t.mode,
            r.rank,
            r.target.gene_symbol,
            r.target.hgnc_id,
            r.target.uniprot_id,
            r.priority_score,
            r.coverage,
            r.components.lit,
            r.components.omics,
            r.components.drugg,
            r.components.safe,
            r.components.neg,
            r.aggregate.n_evidence,
            r.approved_for_disease.join("; "),
          ]),
        ),
      ),
    });
  if (data.targets) {
    const evidenceRows = Object.entries(data.targets.evidence).flatMap(([hgnc, sentences]) =>
      sentences.map((e) => [
        hgnc,
        data.targets!.results.find((r) => r.target.hgnc_id === hgnc)?.target.gene_symbol,
        e.relation,
        e.polarity,
        e.evidence_score,
        e.source,
        e.external_id,
        e.title,
        e.sentence,
      ]),
    );
    entries.push({
      name: "targets/evidence.csv",
      content: csv(
        [
          "hgnc_id",
          "gene_symbol",
          "relation",
          "polarity",
          "evidence_score",
          "source",
          "external_id",
          "title",
          "sentence",
        ],
        evidenceRows,
      ),
    });
  }
  if (data.molecules.length) {
    const props = [...new Set(data.molecules.flatMap((m) => Object.keys(m.properties)))];
    entries.push({
      name: "molecules/molecules.csv",
      content: csv(
        [
          "rank",
          "smiles",
          "fitness",
          ...props,
          "negatome_risk_level",
          "negatome_risk_score",
          "negatome_warnings",
          "review",
          "note",
        ],
        data.molecules.map((m) => [
          m.rank,
          m.smiles,
          m.fitness,
          ...props.map((p) => m.properties[p]),
          m.negatome?.risk_level,
          m.negatome?.risk_score,
          m.negatome?.warnings.join(" | "),
          m.review?.state ?? "unreviewed",
          m.note,
        ]),
      ),
    });
    entries.push({
      name: "molecules/negatome-warnings.json",
      content:
        JSON.stringify(
          data.molecules.map((m) => ({ rank: m.rank, smiles: m.smiles, negatome: m.negatome })),
          null,
          2,
        ) + "\n",
    });
    for (const m of data.molecules)
      if (m.svg) entries.push({ name: `molecules/structures/${String(m.rank).padStart(3, "0")}.svg`, content: m.svg });
    for (const m of data.molecules)
      if (m.pose) entries.push({ name: `docking/poses/${String(m.rank).padStart(3, "0")}.pdbqt`, content: m.pose });
  }
  if (data.notRanked)
    entries.push({
      name: "molecules/not-ranked.csv",
      content: notRankedCsv(data.notRanked),
    });
  if (data.curves.length) {
    for (const chart of curveCharts(data.curves))
      entries.push({
        name: `curves/${chart.file}`,
        content: curvesSvg(chart.curves, { x: data.curveAxis ?? "generation", y: chart.unit }),
      });
    entries.push({
      name: "curves/curves.csv",
      content: csv(
        ["curve", data.curveAxis === undefined ? "generation" : data.curveAxis.replaceAll(" ", "_"), "value"],
        data.curves.flatMap((c) => c.points.map((p) => [c.name, p.x, p.y])),
      ),
    });
  }
  entries.push({
    name: "reviews/decisions.csv",
    content: csv(
      ["reviewed_at", "reviewed_by", "kind", "item_id", "state", "comment"],
      data.reviews.map((r: Review) => [r.reviewed_at, r.reviewed_by.name, r.kind, r.item_id, r.state, r.comment]),
    ),
  });
  return {
    zip: writeZip(entries),
    files: entries.map((e) => e.name),
    pdf: pdf.ok,
    buildSeconds: (performance.now() - started) / 1000,
  };
}

function readme(data: DossierData, pdf: boolean): string {
  return [
    data.title,
    data.demo ? "DEMO DATA: built from Sieve's public demonstration set, not from a customer project." : "",
    "",
    "report.html                       the report; opens offline in any browser",
    pdf
      ? "report.pdf                        the same report as PDF"
      : "report-pdf-unavailable.txt        why the PDF could not be rendered",
    data.manifest
      ? "manifest.json                     signed provenance: inputs, software, steps, outputs with SHA-256, reviews"
      : "",
    data.targets
      ? "targets/shortlist.csv             the ranked target shortlist in modes all and novel, with components and coverage"
      : "",
    data.targets
      ? "targets/evidence.csv              literature sentences behind the top targets, with their sources"
      : "",
    data.molecules.length
      ? "molecules/molecules.csv           molecules with properties, negatome risk and review state"
      : "",
    data.molecules.length ? "molecules/structures/NNN.svg      2D drawings, by rank" : "",
    data.molecules.length ? "molecules/negatome-warnings.json  negatome warnings per molecule" : "",
    data.molecules.some((m) => m.pose)
      ? "docking/poses/NNN.pdbqt          docked poses (AutoDock Vina), by rank; affinities in molecules.csv"
      : "",
    data.notRanked ? "molecules/not-ranked.csv          compounds left out of the ranking, with the reason" : "",
    data.curves.length
      ? "curves/*.svg                      one chart per unit (fitness, kcal/mol, …); curves/curves.csv has the points"
      : "",
    "reviews/decisions.csv             every human review decision",
    "",
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
}

function csv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";
}
