import type { GeneIndex } from "../genes";
import type { FeatureRow, NetworkEdge, ParsedUpload } from "../types";

/**
 * Gathers what one upload yields: features (one per gene × feature × disease, keeping the highest
 * score when a gene appears twice, e.g. under two identifiers) and the identifiers that match no gene.
 */
export class FeatureCollector {
  private readonly features = new Map<string, FeatureRow>();
  private readonly unmatched = new Set<string>();

  constructor(private readonly genes: GeneIndex) {}

  /**
   * The HGNC id of the first identifier that names a gene. When none does, the first non-empty one is
   * recorded as unmatched (an unknown gene is reported, not an error) and null returned.
   */
  resolve(...identifiers: string[]): string | null {
    for (const id of identifiers) {
      const gene = id === "" ? null : this.genes.resolve(id);
      if (gene) return gene;
    }
    const shown = identifiers.find((id) => id !== "");
    if (shown !== undefined) this.unmatched.add(shown);
    return null;
  }

  /** Every gene among `identifiers` (a protein complex's subunits, say); none found records `shown` as unmatched. */
  resolveAll(identifiers: readonly string[], shown: string): string[] {
    const found = new Set(identifiers.flatMap((id) => this.genes.resolve(id) ?? []));
    if (found.size === 0 && shown !== "") this.unmatched.add(shown);
    return [...found];
  }

  add(feature: FeatureRow): void {
    const key = `${feature.gene}\u0000${feature.feature_name}\u0000${feature.disease ?? ""}`;
    const previous = this.features.get(key);
    if (!previous || feature.score > previous.score) this.features.set(key, feature);
  }

  result(rowsRead: number, edges?: NetworkEdge[]): ParsedUpload {
    const upload: ParsedUpload = { features: [...this.features.values()], rowsRead, unmatched: [...this.unmatched] };
    if (edges) upload.edges = edges;
    return upload;
  }
}
