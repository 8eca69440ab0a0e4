import type { TargetComponent } from "@sieve/contracts";

export type { TargetComponent };

/**
 * One feature value of a gene, as an ingestion produces it: `score` is the normalised value in
 * [0, 1] that enters its component; `raw` the value as read. For the supporting components (lit,
 * omics, drugg) a higher score is more support; for the liability components (safe, neg) the score
 * is the liability (the component is then 1 − the harmonic sum of liabilities).
 */
export interface FeatureRow {
  /** HGNC id of the gene. */
  gene: string;
  feature_name: string;
  component: TargetComponent;
  score: number;
  raw: number | null;
  /** The disease the value is about, as written in the file (EFO, DOID, MONDO id or a name); null: any disease. */
  disease: string | null;
}

/** An undirected protein–protein edge between two genes (HGNC ids), score in [0, 1]. */
export interface NetworkEdge {
  a: string;
  b: string;
  score: number;
}

export interface ParsedUpload {
  features: FeatureRow[];
  edges?: NetworkEdge[];
  /** Data rows read (header excluded). */
  rowsRead: number;
  /** Gene identifiers of the file that match no gene (each once, in file order). */
  unmatched: string[];
}

/** A file that cannot be ingested: the message names the row (1-based, header = line 1) and column. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
    readonly column: string | null = null,
  ) {
    super(line === null ? message : `Line ${line}${column ? `, column ${column}` : ""}: ${message}`);
    this.name = "IngestError";
  }
}

/** One piece of evidence for a gene in the disease being ranked (see FeatureRow for `score`). */
export interface EvidenceItem {
  gene: string;
  component: TargetComponent;
  source: string;
  feature_name: string;
  score: number;
}
