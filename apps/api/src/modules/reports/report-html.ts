import type { Signature } from "@sieve/contracts";
import type { Manifest, Review, StoredTargetShortlist } from "./report-types";
import type { NotRankedEntry } from "@sieve/contracts";
import type { CurveSeries } from "./run-outputs";

export interface DossierMolecule {
  rank: number;
  smiles: string;
  fitness: number | null;
  properties: Record<string, number>;
  svg: string | null;
  negatome: {
    risk_level: string;
    risk_score: number;
    warnings: string[];
    nearest: string | null;
    /** The reconciled verdict's explanation, and what each source says about the molecule itself. */
    verdict?: string;
    claims?: string[];
  } | null;
  review: Review | null;
  /** A name, the workflow's warnings, or the demo compound's recorded failure. */
  note?: string;
  /** The docked pose (PDBQT) when the run docked this molecule. */
  pose?: string | null;
}

export interface DossierData {
  title: string;
  demo: boolean;
  generatedAt: string;
  manifest: Manifest | null;
  summary: [string, string][];
  molecules: DossierMolecule[];
  curves: CurveSeries[];
  /** The shortlist in mode `all` (established targets count) and in mode `novel` (they do not). */
  targets: StoredTargetShortlist | null;
  novelTargets: StoredTargetShortlist | null;
  reviews: Review[];
  /** Electronic signatures on the run's dossier, valid or void against its present content. */
  signatures?: Signature[];
  pdfNote: string | null;
  /** What the curves' x axis counts: GA generations, or compounds scored by a workflow. */
  curveAxis?: string;
  /** Workflow runs: the filters they applied, in words. */
  filters?: string | null;
  /** Workflow runs: every compound left out of the ranking, with the reason. */
  notRanked?: NotRankedEntry[];
}

const escapeHtml = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
const fmt = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined || !Number.isFinite(value) ? "—" : Number(value.toFixed(digits)).toString();
const NOT_RANKED_LABELS: Record<NotRankedEntry["kind"], string> = {
  invalid: "unreadable line",
  filtered: "filtered",
  failed: "failed to score",
};
const COLORS = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c"];

/** Curves that share a unit, drawn on one chart; the dossier never puts two units on one axis. */
export interface CurveChart {
  /** The axis label, with the unit. */
  unit: string;
  /** The chart's file in the dossier (curves/…). */
  file: string;
  curves: CurveSeries[];
}

const CURVE_UNITS: { test: RegExp; unit: string; file: string }[] = [
  {
    test: /^(best|mean|top10_mean)$|fitness/,
    unit: "fitness (0–1, higher is better)",
    file: "optimization-curves.svg",
  },
  { test: /affinity/, unit: "Vina affinity (kcal/mol, lower is stronger)", file: "affinity-kcal-mol.svg" },
  { test: /^improved$/, unit: "analogs better than their parent (count)", file: "improved-analogs.svg" },
  { test: /diversity/, unit: "diversity (mean Tanimoto distance, 0–1)", file: "diversity.svg" },
];

/** The run's curves grouped by unit, in a fixed order (fitness first); a curve of unknown unit gets its own chart. */
export function curveCharts(curves: CurveSeries[]): CurveChart[] {
  const charts: CurveChart[] = [];
  for (const curve of curves) {
    const known = CURVE_UNITS.find((u) => u.test.test(curve.name));
    const unit = known?.unit ?? curve.name.replaceAll("_", " ");
    const file = known?.file ?? `${curve.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.svg`;
    const chart = charts.find((c) => c.unit === unit);
    if (chart) chart.curves.push(curve);
    else charts.push({ unit, file, curves: [curve] });
  }
  const order = (c: CurveChart) => {
    const index = CURVE_UNITS.findIndex((u) => u.unit === c.unit);
    return index === -1 ? CURVE_UNITS.length : index;
  };
  return charts.sort((a, b) => order(a) - order(b));
}

/**
 * Curves of one unit as a standalone SVG line chart (also a file of the dossier). A unit bounded to 0–1 keeps that
 * scale; any other (kcal/mol, counts) spans its own values.
 */
export function curvesSvg(
  curves: CurveSeries[],
  axes: { x: string; y: string } = { x: "generation", y: "fitness" },
  width = 720,
  height = 320,
): string {
  const pad = { left: 56, right: 130, top: 28, bottom: 36 };
  const xs = curves.flatMap((c) => c.points.map((p) => p.x));
  const ys = curves.flatMap((c) => c.points.map((p) => p.y));
  const [x0, x1] = [Math.min(0, ...xs), Math.max(1, ...xs)];
  const unitScale = /0–1/.test(axes.y);
  const spread = ys.length ? Math.max(...ys) - Math.min(...ys) : 1;
  const margin = spread > 0 ? spread * 0.1 : 1;
  const [y0, y1] = unitScale
    ? [Math.min(0, ...ys), Math.max(1, ...ys)]
    : ys.length
      ? [Math.min(...ys) - margin, Math.max(...ys) + margin]
      : [0, 1];
  const sx = (x: number) => pad.left + ((x - x0) / (x1 - x0 || 1)) * (width - pad.left - pad.right);
  const sy = (y: number) => height - pad.bottom - ((y - y0) / (y1 - y0 || 1)) * (height - pad.top - pad.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => y0 + t * (y1 - y0));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(axes.y)} by ${escapeHtml(axes.x)}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${pad.left}" y="14" fill="#111827" font-weight="bold">${escapeHtml(axes.y)}</text>`,
    ...ticks.map(
      (t) =>
        `<line x1="${pad.left}" x2="${width - pad.right}" y1="${sy(t)}" y2="${sy(t)}" stroke="#e5e7eb"/><text x="${pad.left - 6}" y="${sy(t) + 4}" text-anchor="end" fill="#374151">${fmt(t, 2)}</text>`,
    ),
    `<line x1="${pad.left}" x2="${pad.left}" y1="${pad.top}" y2="${height - pad.bottom}" stroke="#6b7280"/>`,
    `<line x1="${pad.left}" x2="${width - pad.right}" y1="${height - pad.bottom}" y2="${height - pad.bottom}" stroke="#6b7280"/>`,
    `<text x="${(pad.left + width - pad.right) / 2}" y="${height - 6}" text-anchor="middle" fill="#374151">${escapeHtml(axes.x)} (0 to ${fmt(x1, 0)})</text>`,
  ];
  curves.forEach((curve, i) => {
    const color = COLORS[i % COLORS.length];
    const d = curve.points.map((p, j) => `${j ? "L" : "M"}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(" ");
    parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>`);
    // A curve of one point has no line to draw: mark the point.
    if (curve.points.length === 1)
      parts.push(
        `<circle cx="${sx(curve.points[0]!.x).toFixed(1)}" cy="${sy(curve.points[0]!.y).toFixed(1)}" r="3" fill="${color}"/>`,
      );
    parts.push(
      `<rect x="${width - pad.right + 12}" y="${pad.top + i * 18}" width="12" height="4" fill="${color}"/><text x="${width - pad.right + 30}" y="${pad.top + i * 18 + 6}" fill="#111827">${escapeHtml(curve.name)}</text>`,
    );
  });
  if (!curves.length)
    parts.push(
      `<text x="${width / 2}" y="${height / 2}" text-anchor="middle" fill="#374151">No curve points were recorded.</text>`,
    );
  parts.push("</svg>");
  return parts.join("");
}

/** The warning's first clause: the full text is in molecules/negatome-warnings.json. */
const shortWarning = (warning: string) =>
  warning.length > 90 ? `${warning.slice(0, 87).replace(/\s+\S*$/, "")}…` : warning;

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

function table(headers: string[], rows: string[][]): string {
  return `<table><thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
}

const reviewLabel = (review: Review | null) =>
  review
    ? `${escapeHtml(review.state)} by ${escapeHtml(review.reviewed_by.name)}${review.comment ? ` — “${escapeHtml(review.comment)}”` : ""}`
    : "unreviewed";

function evidenceHtml(t: StoredTargetShortlist): string {
  const blocks = t.results
    .filter((r) => t.evidence[r.target.hgnc_id])
    .map((r) => {
      const sentences = t.evidence[r.target.hgnc_id]!;
      const items = sentences.length
        ? sentences
            .map(
              (e) =>
                `<li>“${escapeHtml(e.sentence)}” <small>(${escapeHtml(e.relation)}, ${escapeHtml(e.polarity)}, score ${fmt(e.evidence_score, 2)}, confidence ${fmt(e.confidence, 2)}; ${escapeHtml(e.source)} ${escapeHtml(e.external_id)}: ${escapeHtml(e.title)})</small></li>`,
            )
            .join("")
        : "<li>No literature sentence links this gene with the disease term in the documents you can see.</li>";
      return `<h4>${escapeHtml(r.target.gene_symbol)}</h4><ul>${items}</ul>`;
    });
  const threshold = t.literature_filter.confidence_thresholds["gene-disease"];
  const filter = `<p>Sentences from gene–disease triples with calibrated confidence ≥ ${fmt(threshold, 2)} (the default threshold, chosen for F1 on BioRED's development split), or curated; the literature component of the ranking read ${t.literature_filter.below_min_confidence} fewer triple${t.literature_filter.below_min_confidence === 1 ? "" : "s"} for the same reason.</p>`;
  return blocks.length ? `<h3>Evidence behind the top targets</h3>${filter}${blocks.join("")}` : "";
}

/** The dossier's report.html: one self-contained page (inline CSS and images, no scripts, no network). */
export function renderReportHtml(data: DossierData): string {
  const sections: string[] = [];
  sections.push(
    `<section><h2>Summary</h2><dl>${data.summary.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl></section>`,
  );
  for (const t of [data.targets, data.novelTargets]) {
    if (!t) continue;
    const weights = Object.entries(t.weights)
      .map(([k, v]) => `${k} ${fmt(v, 2)}`)
      .join(", ");
    sections.push(
      `<section><h2>Target shortlist (${t.mode === "all" ? "all targets" : "novel targets"}) — ${escapeHtml(t.disease.name)} (${escapeHtml(t.disease.id)})</h2><p>${t.mode === "all" ? "Mode all: approved drugs for this disease count as evidence (clinical precedence)." : "Mode novel: approved drugs for this disease are left out of the evidence, for discovery; established targets keep their label and novelty 0."} Ranked by priority score with weights ${escapeHtml(weights)}, renormalised per gene over the components with data (coverage = share of the weights with data); feature set ${escapeHtml(t.feature_set_version)}, computed ${escapeHtml(t.computed_at)}. A dash means no data for that component.</p>` +
        table(
          [
            "Rank",
            "Gene",
            "Priority",
            "Coverage",
            "Literature",
            "Omics",
            "Druggability",
            "Safety",
            "Negatome",
            "Evidence items",
            "Approved for this disease",
          ],
          t.results.map((r) => [
            String(r.rank),
            `<strong>${escapeHtml(r.target.gene_symbol)}</strong> ${escapeHtml(r.target.protein_name ?? "")}`,
            fmt(r.priority_score),
            fmt(r.coverage),
            fmt(r.components.lit),
            fmt(r.components.omics),
            fmt(r.components.drugg),
            fmt(r.components.safe),
            fmt(r.components.neg),
            String(r.aggregate.n_evidence),
            escapeHtml(r.approved_for_disease.join(", ")),
          ]),
        ) +
        evidenceHtml(t) +
        `</section>`,
    );
  }
  if (data.molecules.length) {
    const allProperties = [...new Set(data.molecules.flatMap((m) => Object.keys(m.properties)))];
    const propertyNames = [
      ...allProperties.filter((p) => p === "vina_affinity_kcal_mol"),
      ...allProperties.filter((p) => p !== "vina_affinity_kcal_mol"),
    ].slice(0, 6);
    sections.push(
      `<section><h2>Molecules</h2>` +
        table(
          [
            "#",
            "Structure",
            "SMILES",
            ...(data.molecules.some((m) => m.fitness !== null) ? ["Fitness"] : []),
            ...propertyNames,
            "Negatome",
            "Review",
          ],
          data.molecules.map((m) => [
            String(m.rank),
            m.svg ? `<img class="structure" alt="Structure of ${escapeHtml(m.smiles)}" src="${dataUri(m.svg)}">` : "—",
            `<code>${escapeHtml(m.smiles)}</code>${m.note ? `<br><small>${escapeHtml(m.note)}</small>` : ""}`,
            ...(data.molecules.some((x) => x.fitness !== null) ? [fmt(m.fitness)] : []),
            ...propertyNames.map((p) => fmt(m.properties[p], 2)),
            m.negatome
              ? `<span class="risk risk-${escapeHtml(m.negatome.risk_level)}">${escapeHtml(m.negatome.risk_level)} ${fmt(m.negatome.risk_score, 2)}</span>${m.negatome.claims?.length ? `<ul>${m.negatome.claims.map((c) => `<li>${escapeHtml(c)}</li>`).join("")}</ul><small>${escapeHtml(m.negatome.verdict ?? "")}</small>` : ""}${m.negatome.warnings.length ? `<ul>${m.negatome.warnings.map((w) => `<li>${escapeHtml(shortWarning(w))}</li>`).join("")}</ul>` : ""}`
              : "not checked",
            reviewLabel(m.review),
          ]),
        ) +
        `</section>`,
    );
  }
  if (data.notRanked)
    sections.push(
      `<section><h2>Not ranked (${data.notRanked.length})</h2>${data.filters ? `<p>Filters: ${escapeHtml(data.filters)}.</p>` : ""}` +
        (data.notRanked.length
          ? table(
              ["Line", "Compound", "Outcome", "Reason"],
              data.notRanked.map((e) => [
                e.position ? String(e.position) : "—",
                `${escapeHtml(e.compound)}${e.smiles && e.smiles !== e.compound ? `<br><code>${escapeHtml(e.smiles)}</code>` : ""}`,
                escapeHtml(NOT_RANKED_LABELS[e.kind]),
                escapeHtml(e.reason),
              ]),
            )
          : "<p>Every compound that was read was scored and ranked.</p>") +
        `</section>`,
    );
  if (data.curves.length)
    sections.push(
      `<section><h2>Optimization curves</h2><p>One chart per unit.</p>${curveCharts(data.curves)
        .map(
          (chart) =>
            `<img class="chart" alt="${escapeHtml(chart.unit)}: ${escapeHtml(chart.curves.map((c) => c.name).join(", "))} by ${escapeHtml(data.curveAxis ?? "generation")}" src="${dataUri(curvesSvg(chart.curves, { x: data.curveAxis ?? "generation", y: chart.unit }))}">`,
        )
        .join("")}</section>`,
    );
  sections.push(
    `<section><h2>Review decisions</h2>${
      data.reviews.length
        ? table(
            ["When", "Who", "Item", "Decision", "Comment"],
            data.reviews.map((r) => [
              escapeHtml(r.reviewed_at),
              escapeHtml(r.reviewed_by.name),
              `${escapeHtml(r.kind)} <code>${escapeHtml(r.item_id)}</code>`,
              escapeHtml(r.state),
              escapeHtml(r.comment ?? ""),
            ]),
          )
        : "<p>No item has been reviewed yet: every output is <em>unreviewed</em>.</p>"
    }</section>`,
  );
  if (data.signatures)
    sections.push(
      `<section><h2>Electronic signatures</h2>${
        data.signatures.length
          ? table(
              ["When", "Signer", "Meaning", "Content signed (SHA-256)", "Status"],
              data.signatures.map((sig) => [
                escapeHtml(sig.signed_at),
                `${escapeHtml(sig.signer.name)} &lt;${escapeHtml(sig.signer.email)}&gt;`,
                `<strong>${escapeHtml(sig.meaning)}</strong>: ${escapeHtml(sig.meaning_statement)}`,
                `<code>${escapeHtml(sig.content_sha256)}</code>`,
                sig.valid ? "valid" : `void: ${escapeHtml(sig.void_reason ?? "")}`,
              ]),
            )
          : "<p>Nobody has signed this dossier.</p>"
      }</section>`,
    );
  if (data.manifest) {
    const m = data.manifest;
    sections.push(
      `<section><h2>Provenance</h2><p>Sieve ${escapeHtml(m.software.sieve_version)}, ${escapeHtml(m.software.rdkit_version)}. The full signed manifest is <code>manifest.json</code> beside this report.</p>` +
        table(
          ["Input", "URI", "SHA-256"],
          m.inputs.map((i) => [
            escapeHtml(i.name),
            `<code>${escapeHtml(i.uri)}</code>`,
            `<code class="hash">${escapeHtml(i.sha256 ?? "unknown")}</code>`,
          ]),
        ) +
        table(
          ["Output", "SHA-256", "Origin", "Review"],
          m.outputs.map((o) => [
            escapeHtml(o.name),
            `<code class="hash">${escapeHtml(o.sha256)}</code>`,
            o.origin.kind === "computed"
              ? `computed: ${escapeHtml(o.origin.method)} ${escapeHtml(o.origin.version)}`
              : `human: ${escapeHtml(o.origin.who)}`,
            escapeHtml(o.review.state),
          ]),
        ) +
        `</section>`,
    );
  }
  if (data.pdfNote) sections.push(`<section><p>${escapeHtml(data.pdfNote)}</p></section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(data.title)}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;margin:0 auto;max-width:1100px;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;border-bottom:1px solid #d1d5db;padding-bottom:4px;margin-top:28px}
.demo{background:#fef3c7;border:1px solid #b45309;color:#78350f;padding:8px 12px;border-radius:6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%;margin:8px 0 16px;font-size:12px}th,td{border:1px solid #d1d5db;padding:4px 6px;text-align:left;vertical-align:top}th{background:#f3f4f6}
img.structure{width:150px;height:150px}img.chart{max-width:100%;height:auto}code{font-size:11px;word-break:break-all}.hash{font-size:10px}
.risk{font-weight:600}.risk-red{color:#b91c1c}.risk-amber{color:#92400e}.risk-green{color:#047857}ul{margin:4px 0;padding-left:16px}
@page{size:A4;margin:12mm}@media print{body{padding:0;max-width:none}table{font-size:10px}img.structure{width:110px;height:110px}section{break-inside:auto}tr{break-inside:avoid}}
</style></head>
<body><header><h1>${escapeHtml(data.title)}</h1><p>Generated ${escapeHtml(data.generatedAt)} by Sieve. For research use only.</p>${
    data.demo
      ? '<p class="demo"><strong>Demo data.</strong> This sample dossier is built from Sieve\'s public demonstration set (well-known withdrawn or failed drugs), not from a customer project.</p>'
      : ""
  }</header>
${sections.join("\n")}
</body></html>
`;
}
