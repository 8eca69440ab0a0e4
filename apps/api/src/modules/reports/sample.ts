import type { ComputePool } from "@sieve/compute/pool";
import { DEMO_SET, DEMO_TARGETS } from "@sieve/negatome";
import { molecularRunOptionsDefaults } from "./sample-run";
import { groupCurves } from "../engine/store";
import { assembleDossier, drawMolecules, type BuiltDossier } from "./dossier";
import { renderReportHtml, type DossierData } from "./report-html";

const SAMPLE_SIZE = 12;

/**
 * The sample dossier behind the landing page's "See a sample target dossier": the negatome's public
 * demonstration set (withdrawn or failed drugs with their recorded failure and the targets blamed),
 * drawn and profiled by the compute threads, plus a small seeded optimization run started from a few
 * of them, so every section of a real dossier appears. Labelled as demo data everywhere. Built once
 * per process (deterministic), on first request.
 */
export class SampleDossier {
  private built: Promise<{ dossier: BuiltDossier; html: string }> | null = null;

  constructor(private readonly compute: ComputePool) {}

  get(): Promise<{ dossier: BuiltDossier; html: string }> {
    this.built ??= this.build().catch((error) => {
      this.built = null;
      throw error;
    });
    return this.built;
  }

  private async build() {
    const compounds = DEMO_SET.slice(0, SAMPLE_SIZE);
    const drawings = await drawMolecules(
      this.compute,
      compounds.map((c) => c.smiles),
    );
    const symbolOf = new Map(Object.entries(DEMO_TARGETS).map(([symbol, accession]) => [accession as string, symbol]));
    const points: { name: string; x: number; y: number }[] = [];
    const run = await this.compute.run(
      "engine.molecular",
      molecularRunOptionsDefaults(compounds.slice(0, 5).map((c) => c.smiles)),
      {
        priority: "batch",
        onProgress: (event) => points.push(...((event as { points?: typeof points }).points ?? [])),
      },
    );
    const data: DossierData = {
      title: "Sample target dossier — Sieve demonstration set",
      demo: true,
      generatedAt: new Date().toISOString(),
      manifest: null,
      summary: [
        [
          "Data",
          `Negatome demonstration set (${DEMO_SET.length} withdrawn or failed drugs, public sources); ${compounds.length} shown`,
        ],
        [
          "Targets named",
          [
            ...new Set(
              compounds
                .flatMap((c) => [c.target, ...(c.liabilities ?? [])])
                .filter(Boolean)
                .map((a) => symbolOf.get(a!) ?? a!),
            ),
          ].join(", "),
        ],
        [
          "Optimization",
          `Graph GA, seed 42, population 20, 10 generations, from the first 5 compounds; best fitness ${run.best_fitness.toFixed(3)}`,
        ],
        [
          "Target shortlist",
          "A project's dossier shows its disease's ranked targets; the demonstration set has no disease ranking",
        ],
      ],
      molecules: compounds.map((c, i) => ({
        rank: i + 1,
        smiles: c.smiles,
        fitness: null,
        properties: drawings[i]?.descriptors ?? {},
        svg: drawings[i]?.svg ?? null,
        negatome: {
          risk_level: "red",
          risk_score: 1,
          warnings: [`recorded failure (${c.failure_class}, ${c.year}): ${c.reason}`],
          nearest: c.name,
        },
        review: null,
        note: `${c.name}${c.target ? ` — target ${symbolOf.get(c.target) ?? c.target}` : ""}; ${c.reference}`,
      })),
      curves: groupCurves(points),
      targets: null,
      novelTargets: null,
      reviews: [],
      pdfNote: null,
    };
    const dossier = await assembleDossier(data);
    return { dossier, html: renderReportHtml(data) };
  }
}
