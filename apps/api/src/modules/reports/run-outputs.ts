import type { EngineJob } from "@sieve/contracts";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";

/**
 * The outputs of a finished run as files with a stable content (canonical JSON: sorted keys), so the
 * manifest, the replay bundle and a replay all hash the same bytes. Timings (`wall_time_s`) are not
 * outputs: they differ on every execution and are reported as step metrics instead.
 */
export interface OutputFile {
  name: string;
  content: string;
  sha256: string;
  /** What a reviewer would accept or reject when reviewing this output. */
  item: { kind: string; id: string };
}

export interface CurveSeries {
  name: string;
  points: { x: number; y: number }[];
}

interface BestMolecule {
  smiles: string;
  fitness: number;
  properties: Record<string, number>;
}

const file = (name: string, value: unknown, item: OutputFile["item"]): OutputFile => {
  const content = canonicalJson(value) + "\n";
  return { name, content, sha256: sha256Hex(content), item };
};

/** The reproducible part of a job's result: everything but timings and the inputs' own hashes. */
export function reproducibleMetrics(finalMetrics: Record<string, unknown>): Record<string, unknown> {
  const { wall_time_s: _wall, best_molecules: _best, input_hashes: _inputs, ...rest } = finalMetrics;
  return rest;
}

export function molecularOutputs(
  runId: string,
  finalMetrics: Record<string, unknown>,
  curves: CurveSeries[],
): OutputFile[] {
  const best = (finalMetrics.best_molecules as BestMolecule[] | undefined) ?? [];
  return [
    file("outputs/best_molecules.json", best, { kind: "optimization_result", id: runId }),
    file("outputs/final_metrics.json", reproducibleMetrics(finalMetrics), { kind: "optimization_result", id: runId }),
    file("outputs/curves.json", curves, { kind: "optimization_result", id: runId }),
    ...best.map((molecule, index) =>
      file(`outputs/molecules/${String(index + 1).padStart(3, "0")}.json`, molecule, {
        kind: "molecule",
        id: molecule.smiles,
      }),
    ),
  ];
}

/** A job's outputs whatever its domain: molecular runs in detail, any other domain as one result file. */
export function jobOutputs(runId: string, job: EngineJob | null, curves: CurveSeries[]): OutputFile[] {
  if (!job || job.status !== "completed" || !job.result) return [];
  if (job.domain === "molecular") return molecularOutputs(runId, job.result.final_metrics, curves);
  // Workflow domains (screening, lead optimization) rank hits: each is an output a reviewer can judge.
  const hits = (job.result.final_metrics.hits as { smiles?: unknown }[] | undefined) ?? [];
  const molecules = Array.isArray(hits)
    ? hits.filter((h): h is { smiles: string } => typeof h?.smiles === "string")
    : [];
  return [
    file("outputs/result.json", job.result, { kind: "run", id: runId }),
    ...molecules.map((hit, index) =>
      file(`outputs/molecules/${String(index + 1).padStart(3, "0")}.json`, hit, { kind: "molecule", id: hit.smiles }),
    ),
  ];
}
