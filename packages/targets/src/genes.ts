import type { HgncGene } from "@sieve/literature";

/**
 * Finds the HGNC gene behind any identifier a feature file may use: HGNC id, approved symbol,
 * alias or previous symbol (when only one gene has it), Ensembl gene id (version suffix ignored),
 * UniProt accession or NCBI Gene id. Symbols are case-insensitive.
 */
export class GeneIndex {
  private readonly byKey = new Map<string, string | null>();
  private readonly exactKeys = new Set<string>();
  readonly genes: ReadonlyMap<string, HgncGene>;

  constructor(genes: readonly HgncGene[]) {
    this.genes = new Map(genes.map((g) => [g.hgnc_id, g]));
    // Exact keys first; alias-like keys only where they do not clash with an exact one.
    for (const g of genes) {
      this.set(g.hgnc_id.toUpperCase(), g.hgnc_id, true);
      this.set(g.symbol.toUpperCase(), g.hgnc_id, true);
      if (g.ensembl) this.set(g.ensembl.toUpperCase(), g.hgnc_id, true);
      if (g.ncbigene) {
        this.set(`NCBIGENE:${g.ncbigene}`, g.hgnc_id, true);
        this.set(`ENTREZ:${g.ncbigene}`, g.hgnc_id, true);
      }
    }
    for (const g of genes) {
      for (const accession of g.uniprot) this.set(accession.toUpperCase(), g.hgnc_id, false);
      for (const alias of [...g.aliases, ...g.previous_symbols]) this.set(alias.toUpperCase(), g.hgnc_id, false);
    }
  }

  /** The HGNC id of `key`, or null when it names no gene or more than one. */
  resolve(key: string): string | null {
    const k = key
      .trim()
      .toUpperCase()
      .replace(/^(ENSG\d+)\.\d+$/, "$1");
    if (k === "") return null;
    return this.byKey.get(k) ?? (/^\d+$/.test(k) ? (this.byKey.get(`NCBIGENE:${k}`) ?? null) : null);
  }

  private set(key: string, hgncId: string, exact: boolean): void {
    if (!this.byKey.has(key)) this.byKey.set(key, hgncId);
    else if (!exact && this.byKey.get(key) !== hgncId && !this.exactKeys.has(key)) this.byKey.set(key, null);
    if (exact) this.exactKeys.add(key);
  }
}
