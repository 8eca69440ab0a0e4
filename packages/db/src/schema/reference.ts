import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Reference genes (HGNC) and diseases (Disease Ontology), loaded by the reference-data loader and
 * replaced whole on every load. Public: no org_id.
 */
export const refGenes = pgTable(
  "ref_genes",
  {
    hgncId: text("hgnc_id").primaryKey(),
    symbol: text("symbol").notNull(),
    name: text("name"),
    proteinName: text("protein_name"),
    ensemblGeneId: text("ensembl_gene_id"),
    ncbiGeneId: text("ncbi_gene_id"),
    uniprotIds: text("uniprot_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    previousSymbols: text("previous_symbols")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index("ref_genes_symbol_idx").on(sql`upper(${t.symbol})`)],
);

export const refDiseases = pgTable("ref_diseases", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  synonyms: text("synonyms")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  parentIds: text("parent_ids")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  altIds: text("alt_ids")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Cross-references as written in the ontology, e.g. MESH:D008175, EFO:0001071. */
  xrefs: text("xrefs")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});
