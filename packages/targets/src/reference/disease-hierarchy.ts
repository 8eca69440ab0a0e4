import type { DiseaseTerm } from "@sieve/literature";

/**
 * The is_a hierarchy of an ontology (Disease Ontology), so that evidence recorded on a specific
 * term counts for the broader one, as Open Targets propagates indirect associations up the ontology:
 * the evidence for "lung cancer" is that on lung cancer and on every term below it.
 * Alternative ids (`alt_id`) resolve to their primary term.
 */
export class DiseaseHierarchy {
  private readonly parents = new Map<string, string[]>();
  private readonly children = new Map<string, string[]>();
  private readonly primary = new Map<string, string>();
  readonly names: ReadonlyMap<string, string>;

  constructor(terms: readonly DiseaseTerm[]) {
    const names = new Map<string, string>();
    for (const t of terms) {
      names.set(t.id, t.name);
      this.primary.set(t.id, t.id);
    }
    for (const t of terms) for (const alt of t.alt_ids) if (!this.primary.has(alt)) this.primary.set(alt, t.id);
    for (const t of terms) {
      const parents = [...new Set(t.is_a.map((p) => this.resolve(p)))].filter((p) => p !== t.id);
      this.parents.set(t.id, parents);
      for (const p of parents) {
        const list = this.children.get(p);
        if (list) list.push(t.id);
        else this.children.set(p, [t.id]);
      }
    }
    this.names = names;
  }

  /** The primary id of `id` (itself when unknown). */
  resolve(id: string): string {
    return this.primary.get(id.trim()) ?? id.trim();
  }

  has(id: string): boolean {
    return this.primary.has(id.trim());
  }

  name(id: string): string | null {
    return this.names.get(this.resolve(id)) ?? null;
  }

  /** The term and every term below it through is_a (an unknown id: just itself). */
  descendants(id: string): Set<string> {
    return this.walk(this.resolve(id), this.children);
  }

  /** The term and every term above it through is_a (an unknown id: just itself). */
  ancestors(id: string): Set<string> {
    return this.walk(this.resolve(id), this.parents);
  }

  /**
   * Information content of a term, normalised to [0, 1]: IC(t) = ln(T / |descendants(t)|) / ln T over
   * the T terms of the ontology (a root 0, a leaf 1), i.e. Resnik's information content with term
   * frequencies taken from the ontology's own structure (Seco et al., ECAI 2004), scaled by its maximum.
   */
  informationContent(id: string): number {
    const total = this.names.size;
    return total <= 1 ? 0 : Math.log(total / this.descendants(id).size) / Math.log(total);
  }

  /**
   * Diseases related to `id` through a shared ancestor, each with its semantic similarity: the
   * information content of the most informative common ancestor (Resnik, IJCAI 1995; normalised as
   * above). Siblings under a narrow parent score high, diseases related only through a broad class
   * ("disease of anatomical entity") near 0 and through a root not at all. The term's own subtree and
   * its ancestors are never included: evidence on those is the disease's own (counted through
   * `descendants`) or a vaguer statement of it.
   */
  related(id: string): Map<string, number> {
    const start = this.resolve(id);
    const own = this.descendants(start);
    const ancestors = this.ancestors(start);
    const out = new Map<string, number>();
    for (const ancestor of ancestors) {
      if (ancestor === start) continue;
      const similarity = this.informationContent(ancestor);
      if (similarity <= 0) continue;
      for (const x of this.descendants(ancestor)) {
        if (own.has(x) || ancestors.has(x) || (out.get(x) ?? 0) >= similarity) continue;
        out.set(x, similarity);
      }
    }
    return out;
  }

  private walk(start: string, edges: ReadonlyMap<string, readonly string[]>): Set<string> {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length > 0) {
      for (const next of edges.get(stack.pop()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return seen;
  }
}
