import { describe, expect, it } from "vitest";
import { readTarGz, readZip, writeTarGz, writeZip } from "./archive";
import { curveCharts, curvesSvg, renderReportHtml, type DossierData } from "./report-html";

const base: DossierData = {
  title: "Dossier <test>",
  demo: false,
  generatedAt: "2026-01-01T00:00:00.000Z",
  manifest: null,
  summary: [["Project", "P & Q"]],
  molecules: [],
  curves: [
    {
      name: "best",
      points: [
        { x: 0, y: 0.2 },
        { x: 1, y: 0.5 },
      ],
    },
  ],
  targets: {
    disease: { id: "DOID:1612", name: "breast cancer" },
    feature_set_version: "priors_v1",
    mode: "all",
    weights: { w_lit: 0.3, w_omics: 0.25, w_drugg: 0.2, w_safe: 0.15, w_neg: 0.1 },
    computed_at: "2026-01-01T00:00:00.000Z",
    results: [
      {
        rank: 1,
        target: { gene_symbol: "ERBB2", hgnc_id: "HGNC:3430", protein_name: "erb-b2", uniprot_id: "P04626" },
        aggregate: { avg_evidence_score: 0.8, n_evidence: 4 },
        components: { lit: 0.9, omics: null, drugg: 0.7, safe: 1, neg: 1 },
        priority_score: 0.8,
        coverage: 0.75,
        novelty: 0.1,
        approved_for_disease: [],
      },
    ],
    literature_filter: {
      min_confidence: null,
      confidence_thresholds: {
        "chemical-disease": 0.4,
        "gene-disease": 0.35,
        "chemical-gene": 0.3,
        "gene-gene": 0.3,
      },
      below_min_confidence: 7,
    },
    evidence: {
      "HGNC:3430": [
        {
          sentence: "ERBB2 <script>alert(1)</script> drives breast cancer.",
          relation: "associated_with",
          polarity: "positive",
          evidence_score: 0.9,
          confidence: 0.62,
          source: "pubmed",
          external_id: "123",
          title: "A paper",
        },
      ],
    },
  },
  novelTargets: null,
  reviews: [],
  pdfNote: null,
};

describe("report.html", () => {
  it("shows the shortlist with components and weights, the evidence sentences and their sources, escaped", () => {
    const html = renderReportHtml(base);
    expect(html).toContain("Target shortlist (all targets) — breast cancer (DOID:1612)");
    expect(html).toContain("w_lit 0.3");
    expect(html).toContain("<h4>ERBB2</h4>");
    expect(html).toContain("pubmed 123: A paper");
    expect(html).toContain("confidence 0.62");
    // The filter the sentences and the ranking's literature component went through is stated with its value.
    expect(html).toContain("calibrated confidence ≥ 0.35");
    expect(html).toContain("read 7 fewer triples");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("Dossier &lt;test&gt;");
    expect(html).toContain("No item has been reviewed yet");
  });

  it("labels demo data and draws curves as a standalone SVG", () => {
    expect(renderReportHtml({ ...base, demo: true })).toContain("Demo data.");
    const svg = curvesSvg(base.curves);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path d="M');
  });
});

describe("curves and compounds of workflow runs", () => {
  it("draws one chart per unit: fitness and kcal/mol are never on one axis", () => {
    const point = (y: number) => [{ x: 1, y }];
    const charts = curveCharts([
      { name: "best_affinity", points: point(-9.5) },
      { name: "best_fitness", points: point(0.7) },
      { name: "improved", points: point(3) },
      { name: "best", points: point(0.5) },
      { name: "diversity", points: point(0.4) },
    ]);
    expect(charts.map((c) => [c.unit, c.curves.map((x) => x.name)])).toEqual([
      ["fitness (0–1, higher is better)", ["best_fitness", "best"]],
      ["Vina affinity (kcal/mol, lower is stronger)", ["best_affinity"]],
      ["analogs better than their parent (count)", ["improved"]],
      ["diversity (mean Tanimoto distance, 0–1)", ["diversity"]],
    ]);
    // The kcal/mol chart spans its own values (not 0–1), and a single point is drawn as a point.
    const affinity = curvesSvg(charts[1]!.curves, { x: "compounds scored", y: charts[1]!.unit });
    expect(affinity).toContain("Vina affinity (kcal/mol, lower is stronger)");
    expect(affinity).toContain(">-10.5<");
    expect(affinity).toContain(">-8.5<");
    expect(affinity).not.toContain(">1<");
    expect(affinity).toContain("<circle");
  });

  it("lists every compound not ranked with its reason, and the run's filters", () => {
    const html = renderReportHtml({
      ...base,
      targets: null,
      filters: "drug-likeness rule off · at most 80 heavy atoms",
      curveAxis: "compounds scored",
      notRanked: [
        {
          kind: "filtered",
          position: 6,
          compound: "vancomycin",
          smiles: "C",
          reason: "101 heavy atoms is more than the limit of 80",
        },
        {
          kind: "failed",
          position: 2,
          compound: "amprenavir",
          smiles: "CC",
          reason: "3D build (RDKit ETKDG) timed out after 345 s",
        },
      ],
    });
    expect(html).toContain("<h2>Not ranked (2)</h2><p>Filters: drug-likeness rule off · at most 80 heavy atoms.</p>");
    expect(html).toContain(
      "<td>vancomycin<br><code>C</code></td><td>filtered</td><td>101 heavy atoms is more than the limit of 80</td>",
    );
    expect(html).toContain("<td>failed to score</td><td>3D build (RDKit ETKDG) timed out after 345 s</td>");
    expect(html).toContain("by compounds scored");
  });
});

describe("archives", () => {
  it("inflates tar.gz off the event loop and refuses one that inflates past the cap", async () => {
    const bomb = writeTarGz([{ name: "zeros.bin", content: new Uint8Array(4 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const pending = readTarGz(bomb, 1024 * 1024);
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow(/inflates to more than 1 MiB/);
    expect((await readTarGz(bomb)).get("zeros.bin")!.length).toBe(4 * 1024 * 1024);
  });

  it("round-trips files through zip and tar.gz byte for byte, with stable output", async () => {
    const entries = [
      { name: "a.txt", content: "hello\n" },
      { name: "dir/b.bin", content: new Uint8Array([0, 1, 2, 255]) },
      { name: "big.txt", content: "x".repeat(100_000) },
    ];
    for (const [write, read] of [
      [writeZip, readZip],
      [writeTarGz, readTarGz],
    ] as const) {
      const archive = write(entries);
      expect(write(entries).equals(archive)).toBe(true);
      const files = await read(archive);
      expect([...files.keys()]).toEqual(["a.txt", "dir/b.bin", "big.txt"]);
      expect(files.get("a.txt")!.toString()).toBe("hello\n");
      expect([...files.get("dir/b.bin")!]).toEqual([0, 1, 2, 255]);
      expect(files.get("big.txt")!.length).toBe(100_000);
    }
    expect(() => writeZip([{ name: "../escape", content: "" }])).toThrow(/unsafe/);
  });
});

describe("molecules of workflow runs", () => {
  it("takes screening hits with their docking affinity, warnings and pose, and shows the affinity first", async () => {
    const { runCandidates } = await import("./dossier");
    const hits = [
      {
        smiles: "CCO",
        name: "ethanol",
        fitness: 0.7,
        activity: 0.6,
        activity_kind: "docking",
        affinity: -6.2,
        synthetic_accessibility: 1.1,
        pose_pdbqt: "MODEL 1\nENDMDL\n",
        properties: { mw: 46.07, logp: -0.0014, tpsa: 20.23, qed: 0.41, hbd: 1, hba: 1, heavy_atoms: 3 },
        warnings: ["small"],
        errors: [],
      },
    ];
    const [candidate] = runCandidates({ workflow: "vhts", hits });
    expect(candidate).toMatchObject({
      smiles: "CCO",
      name: "ethanol",
      fitness: 0.7,
      warnings: ["small"],
      pose_pdbqt: "MODEL 1\nENDMDL\n",
      properties: { vina_affinity_kcal_mol: -6.2, mw: 46.07 },
    });
    const html = renderReportHtml({
      ...base,
      targets: null,
      novelTargets: null,
      molecules: [
        {
          rank: 1,
          smiles: "CCO",
          fitness: 0.7,
          properties: candidate!.properties,
          svg: null,
          negatome: null,
          review: null,
        },
      ],
    });
    expect(html.indexOf("vina_affinity_kcal_mol")).toBeLessThan(html.indexOf(">mw<"));
    expect(
      runCandidates({ best_molecules: [{ smiles: "c1ccccc1", fitness: 0.5, properties: { qed: 0.4 } }] })[0],
    ).toMatchObject({ smiles: "c1ccccc1", name: null, pose_pdbqt: null });
    expect(runCandidates(undefined)).toEqual([]);
  });

  it("shows what each source says about a molecule beside its negatome verdict", () => {
    const html = renderReportHtml({
      ...base,
      targets: null,
      molecules: [
        {
          rank: 1,
          smiles: "Cc1ccc(-c2cc(C(F)(F)F)nn2-c2ccc(S(N)(=O)=O)cc2)cc1",
          fitness: null,
          properties: {},
          svg: null,
          negatome: {
            risk_level: "amber",
            risk_score: 0.52,
            warnings: [],
            nearest: "celecoxib",
            verdict: "Approved (drugcentral, clintox); each source counts at most 0.6.",
            claims: [
              "drugcentral (approved): Listed in DrugCentral",
              "withdrawn (withdrawn): Flagged withdrawn in ChEMBL",
            ],
          },
          review: null,
        },
      ],
    });
    expect(html).toContain("<li>withdrawn (withdrawn): Flagged withdrawn in ChEMBL</li>");
    expect(html).toContain("<small>Approved (drugcentral, clintox); each source counts at most 0.6.</small>");
  });
});
