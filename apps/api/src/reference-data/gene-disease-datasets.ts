import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseChemblTargets, parseHgnc, parseObo, REFERENCE_FILES } from "@sieve/literature";
import { schema, type Database } from "@sieve/db";
import type { DatasetLoad } from "./negatome-datasets";

/** Rows per INSERT (9 columns, far below the bind-parameter limit). */
const CHUNK = 4000;

const read = (root: string, rel: string) => readFileSync(join(root, rel), "utf8");

export const geneDatasetAvailable = (root: string) => existsSync(join(root, REFERENCE_FILES.hgnc));
export const diseaseDatasetAvailable = (root: string) => existsSync(join(root, REFERENCE_FILES.diseaseOntology));

/**
 * HGNC genes (symbol, HGNC id, Ensembl, NCBI Gene, UniProt), with protein names from ChEMBL's
 * single-protein targets when that file is present. Replaces the table in one transaction.
 */
export async function loadGenes(db: Database, root: string): Promise<DatasetLoad> {
  const genes = parseHgnc(read(root, REFERENCE_FILES.hgnc)).filter((g) => !g.symbol.includes("~"));
  const chemblFile = join(root, REFERENCE_FILES.chemblTargets);
  const proteinNames = new Map<string, string>();
  if (existsSync(chemblFile))
    for (const t of parseChemblTargets(readFileSync(chemblFile, "utf8")))
      if (t.type === "SINGLE PROTEIN" && !proteinNames.has(t.uniprot)) proteinNames.set(t.uniprot, t.name);
  const rows = genes.map((g) => ({
    hgncId: g.hgnc_id,
    symbol: g.symbol,
    name: g.name,
    proteinName: g.uniprot.map((u) => proteinNames.get(u)).find(Boolean) ?? null,
    ensemblGeneId: g.ensembl,
    ncbiGeneId: g.ncbigene,
    uniprotIds: g.uniprot,
    aliases: g.aliases,
    previousSymbols: g.previous_symbols,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(schema.refGenes);
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(schema.refGenes).values(rows.slice(i, i + CHUNK));
  });
  return { dataset: "reference:genes", inserted: rows.length, skipped: 0, rejected: [] };
}

/** Disease Ontology terms (names, synonyms, is_a parents, alt ids, cross-references); obsolete terms are left out. */
export async function loadDiseases(db: Database, root: string): Promise<DatasetLoad> {
  const terms = parseObo(read(root, REFERENCE_FILES.diseaseOntology));
  const rows = terms.map((t) => ({
    id: t.id,
    name: t.name,
    synonyms: t.synonyms.map((s) => s.text),
    parentIds: t.is_a,
    altIds: t.alt_ids,
    xrefs: t.xrefs,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(schema.refDiseases);
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(schema.refDiseases).values(rows.slice(i, i + CHUNK));
  });
  return { dataset: "reference:diseases", inserted: rows.length, skipped: 0, rejected: [] };
}
