import type { Database } from "@sieve/db";
import { DISEASE_ABBREVIATIONS, DiseaseHierarchy } from "@sieve/targets";
import { ApiError } from "../../http/errors";
import { referenceTables } from "./store";

export interface CatalogGene {
  hgnc_id: string;
  symbol: string;
  name: string | null;
  protein_name: string | null;
  uniprot_ids: string[];
  ncbi_gene_id: string | null;
  ensembl_gene_id: string | null;
  aliases: string[];
  previous_symbols: string[];
}

export interface CatalogDisease {
  id: string;
  name: string;
  synonyms: string[];
  parent_ids: string[];
  alt_ids: string[];
  xrefs: string[];
}

/** A disease resolved to one term, with every id evidence about it may carry. */
export interface ResolvedTerm {
  id: string;
  name: string;
  /** The term and its descendants (evidence on them counts for it). */
  subtree: string[];
  /** MeSH ids of the subtree, as literature triples carry them (MESH:D…). */
  meshIds: string[];
}

interface Loaded {
  stamp: string;
  genes: Map<string, CatalogGene>;
  geneKeys: Map<string, string[]>;
  diseases: Map<string, CatalogDisease>;
  diseaseKeys: Map<string, string[]>;
  /** Curated abbreviations (normalised) to the terms they stand for (DISEASE_ABBREVIATIONS). */
  abbreviations: Map<string, string[]>;
  hierarchy: DiseaseHierarchy;
}

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/**
 * The reference genes (HGNC) and diseases (Disease Ontology) of the database, held in memory per
 * API instance and reloaded when the tables change (their row counts change) or when this process loads them.
 */
export class ReferenceCatalog {
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private readonly tables: ReturnType<typeof referenceTables>;

  constructor(db: Database) {
    this.tables = referenceTables(db);
  }

  /** Forget the loaded copy (after this process loaded new reference data). */
  invalidate(): void {
    this.loaded = null;
  }

  /** Row counts of both tables: a reload elsewhere that changes them makes this copy stale. */
  async stamp(): Promise<string> {
    const { genes, diseases } = await this.tables.counts();
    return `${genes}/${diseases}`;
  }

  private async current(): Promise<Loaded> {
    const stamp = await this.stamp();
    if (this.loaded?.stamp === stamp) return this.loaded;
    this.loading ??= this.load(stamp).finally(() => (this.loading = null));
    this.loaded = await this.loading;
    return this.loaded;
  }

  private async load(stamp: string): Promise<Loaded> {
    const { genes: geneRows, diseases: diseaseRows } = await this.tables.rows();
    const genes = new Map<string, CatalogGene>();
    const geneKeys = new Map<string, string[]>();
    const addKey = (map: Map<string, string[]>, key: string, id: string) => {
      const list = map.get(key) ?? [];
      if (!list.includes(id)) list.push(id);
      map.set(key, list);
    };
    for (const g of geneRows) {
      genes.set(g.hgncId, {
        hgnc_id: g.hgncId,
        symbol: g.symbol,
        name: g.name,
        protein_name: g.proteinName,
        uniprot_ids: g.uniprotIds,
        ncbi_gene_id: g.ncbiGeneId,
        ensembl_gene_id: g.ensemblGeneId,
        aliases: g.aliases,
        previous_symbols: g.previousSymbols,
      });
    }
    // Exact keys (id, symbol) shadow aliases: an alias is only looked up when no symbol matches.
    for (const g of genes.values()) {
      addKey(geneKeys, g.hgnc_id.toUpperCase(), g.hgnc_id);
      addKey(geneKeys, g.symbol.toUpperCase(), g.hgnc_id);
    }
    const aliasKeys = new Map<string, string[]>();
    for (const g of genes.values())
      for (const alias of [...g.aliases, ...g.previous_symbols]) addKey(aliasKeys, alias.toUpperCase(), g.hgnc_id);
    for (const [key, ids] of aliasKeys) if (!geneKeys.has(key)) geneKeys.set(key, ids);

    const diseases = new Map<string, CatalogDisease>();
    const diseaseKeys = new Map<string, string[]>();
    for (const d of diseaseRows)
      diseases.set(d.id, {
        id: d.id,
        name: d.name,
        synonyms: d.synonyms,
        parent_ids: d.parentIds,
        alt_ids: d.altIds,
        xrefs: d.xrefs,
      });
    const hierarchy = new DiseaseHierarchy(
      diseaseRows.map((d) => ({
        id: d.id,
        name: d.name,
        synonyms: [],
        xrefs: d.xrefs,
        mesh: null,
        is_a: d.parentIds,
        alt_ids: d.altIds,
      })),
    );
    // Ids and names first; synonyms only where no name matches.
    for (const d of diseases.values()) {
      addKey(diseaseKeys, d.id.toLowerCase(), d.id);
      for (const alt of d.alt_ids) addKey(diseaseKeys, alt.toLowerCase(), d.id);
      for (const xref of d.xrefs) addKey(diseaseKeys, xref.toLowerCase().replace(/^msh:/, "mesh:"), d.id);
      addKey(diseaseKeys, normal(d.name), d.id);
    }
    const synonymKeys = new Map<string, string[]>();
    for (const d of diseases.values()) for (const s of d.synonyms) addKey(synonymKeys, normal(s), d.id);
    for (const [key, ids] of synonymKeys) if (!diseaseKeys.has(key)) diseaseKeys.set(key, ids);
    // The curated abbreviations decide over the ontology's synonyms of the same letters.
    const abbreviations = new Map<string, string[]>();
    for (const [abbreviation, names] of Object.entries(DISEASE_ABBREVIATIONS)) {
      const ids = names.flatMap((name) => diseaseKeys.get(normal(name)) ?? []);
      if (ids.length === 0) continue;
      abbreviations.set(normal(abbreviation), ids);
      diseaseKeys.set(normal(abbreviation), ids);
    }
    return { stamp, genes, geneKeys, diseases, diseaseKeys, abbreviations, hierarchy };
  }

  async counts(): Promise<{ genes: number; diseases: number }> {
    const loaded = await this.current();
    return { genes: loaded.genes.size, diseases: loaded.diseases.size };
  }

  async genes(): Promise<ReadonlyMap<string, CatalogGene>> {
    return (await this.current()).genes;
  }

  /** A gene symbol, alias, previous symbol or HGNC id to one gene; 422 when unknown or ambiguous. */
  async gene(symbol: string): Promise<CatalogGene> {
    const loaded = await this.current();
    this.requireLoaded(loaded.genes.size, "genes");
    const ids = loaded.geneKeys.get(symbol.trim().toUpperCase()) ?? [];
    if (ids.length !== 1)
      throw nameError(
        "gene symbol",
        symbol,
        ids.map((id) => ({ id, name: loaded.genes.get(id)!.symbol })),
      );
    return loaded.genes.get(ids[0]!)!;
  }

  /**
   * A disease as a DOID, alt id, cross-reference (EFO_0001071, EFO:0001071, MESH:D008175), name or
   * synonym (case and separators ignored) to one term and its subtree; 422 when unknown or ambiguous.
   */
  async disease(query: string): Promise<ResolvedTerm> {
    const loaded = await this.current();
    this.requireLoaded(loaded.diseases.size, "diseases");
    const key = normal(query)
      .replace(/^(efo|mondo|orphanet|hp)[ _]/, "$1:")
      .replace(/^msh:/, "mesh:");
    const ids = loaded.diseaseKeys.get(key) ?? loaded.diseaseKeys.get(key.replace(/ /g, "_")) ?? [];
    if (ids.length !== 1) {
      const candidates = ids.length ? ids : this.suggestIn(loaded, query, 10).map((s) => s.id);
      throw nameError(
        "disease",
        query,
        candidates.map((id) => ({ id, name: loaded.diseases.get(id)!.name })),
        ids.length > 1,
      );
    }
    return this.term(loaded, ids[0]!);
  }

  async diseaseById(id: string): Promise<ResolvedTerm | null> {
    const loaded = await this.current();
    return loaded.diseases.has(id) ? this.term(loaded, id) : null;
  }

  /** Autocomplete: names and synonyms starting with, then containing, the text; shorter first. */
  async suggest(query: string, limit: number): Promise<{ id: string; name: string; matched: string }[]> {
    return this.suggestIn(await this.current(), query, limit);
  }

  private suggestIn(loaded: Loaded, query: string, limit: number) {
    const q = normal(query);
    if (!q) return [];
    // An abbreviation's expansions come first, in the table's order (the usual meaning first).
    const expansions = (loaded.abbreviations.get(q) ?? []).map((id, i) => ({
      id,
      name: loaded.diseases.get(id)!.name,
      matched: query.trim(),
      rank: -100 + i,
    }));
    const scored: { id: string; name: string; matched: string; rank: number }[] = [...expansions];
    for (const d of loaded.diseases.values()) {
      let best: { matched: string; rank: number } | null = null;
      for (const [text, penalty] of [[d.name, 0], ...d.synonyms.map((s) => [s, 1] as const), [d.id, 0]] as const) {
        const n = normal(text);
        const at = n.indexOf(q);
        if (at < 0) continue;
        const rank = (n === q ? 0 : at === 0 ? 1 : 2) * 4 + penalty;
        if (!best || rank < best.rank) best = { matched: text, rank };
      }
      if (best && !expansions.some((e) => e.id === d.id)) scored.push({ id: d.id, name: d.name, ...best });
    }
    if (scored.length === 0) scored.push(...this.wordMatches(loaded, q));
    scored.sort((a, b) => a.rank - b.rank || a.name.length - b.name.length || a.name.localeCompare(b.name));
    return scored.slice(0, limit).map(({ id, name, matched }) => ({ id, name, matched }));
  }

  /** For a misspelt name: terms whose name has words starting like the query's words (the more, the better). */
  private wordMatches(loaded: Loaded, q: string) {
    const stems = q
      .split(" ")
      .filter((w) => w.length >= 3)
      .map((w) => w.slice(0, Math.max(3, w.length - 2)));
    if (!stems.length) return [];
    const out: { id: string; name: string; matched: string; rank: number }[] = [];
    for (const d of loaded.diseases.values()) {
      const words = normal(d.name).split(" ");
      const hits = stems.filter((stem) => words.some((w) => w.startsWith(stem))).length;
      if (hits > 0) out.push({ id: d.id, name: d.name, matched: d.name, rank: 100 - hits });
    }
    return out;
  }

  private term(loaded: Loaded, id: string): ResolvedTerm {
    const subtree = [...loaded.hierarchy.descendants(id)];
    const meshIds = subtree.flatMap((d) =>
      (loaded.diseases.get(d)?.xrefs ?? [])
        .filter((x) => /^(MSH|MESH):/i.test(x))
        .map((x) => `MESH:${x.split(":")[1]}`),
    );
    return { id, name: loaded.diseases.get(id)!.name, subtree, meshIds };
  }

  /** Diseases related to `id` through a shared ancestor, with their similarity (DiseaseHierarchy.related). */
  async relatedDiseases(id: string): Promise<Map<string, number>> {
    return (await this.current()).hierarchy.related(id);
  }

  private requireLoaded(size: number, what: string): void {
    if (size === 0)
      throw new ApiError(
        503,
        "reference_data_missing",
        `No reference ${what} loaded: load them with npm run data:load or from Admin → reference data`,
      );
  }
}

function nameError(
  what: string,
  query: string,
  candidates: { id: string; name: string }[],
  ambiguous = candidates.length > 1,
): ApiError {
  return new ApiError(
    422,
    ambiguous ? "ambiguous_name" : "unknown_name",
    `${ambiguous ? "Ambiguous" : "Unknown"} ${what} "${query}"`,
    { candidates: candidates.slice(0, 20) },
  );
}
