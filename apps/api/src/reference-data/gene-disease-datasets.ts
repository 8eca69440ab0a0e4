import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseChemblTargets, parseHgnc, parseObo, REFERENCE_FILES } from "@sieve/literature";
import { schema, type Database } from "@sieve/db";
import type { DatasetLoad } from "./negatome-datasets";

/** Rows per INSERT (9 columns, far below the bind-parameter limit). */
const CHUNK = 4000;

const execFileAsync = promisify(execFile);
const read = (root: string, rel: string) => readFileSync(join(root, rel), "utf8");

export const geneDatasetAvailable = (root: string) => existsSync(join(root, REFERENCE_FILES.hgnc));
export const diseaseDatasetAvailable = (root: string) => existsSync(join(root, REFERENCE_FILES.diseaseOntology));

/**
 * Full gene names (GENENAME: "ATPase H+/K+ transporting subunit alpha") from org.Hs.eg.db's SQLite,
 * keyed by NCBI Gene id and by symbol, read with the sqlite3 program (docs/decisions.md: no native
 * SQLite addon). The symbol key serves genes whose HGNC record has no NCBI Gene id or a retired one.
 */
export async function geneNamesFromOrgHsEg(
  sqlitePath: string,
): Promise<{ byNcbiGene: Map<string, string>; bySymbol: Map<string, string> }> {
  const { stdout } = await execFileAsync(
    "sqlite3",
    [
      "-readonly",
      "-separator",
      "\t",
      sqlitePath,
      "SELECT g.gene_id, i.symbol, i.gene_name FROM genes g JOIN gene_info i ON i._id = g._id",
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const byNcbiGene = new Map<string, string>();
  const bySymbol = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const [id, symbol, name] = line.split("\t");
    if (!id || !symbol || !name) continue;
    byNcbiGene.set(id, name);
    bySymbol.set(symbol, name);
  }
  return { byNcbiGene, bySymbol };
}

/**
 * HGNC genes (symbol, HGNC id, Ensembl, NCBI Gene, UniProt), with protein names from ChEMBL's
 * single-protein targets when that file is present, and every gene's full name from org.Hs.eg.db
 * (by NCBI Gene id) when its SQLite is given; a gene with no ChEMBL target takes its full name as
 * protein name, so no protein-coding gene is shown without one. Replaces the table in one transaction.
 */
export async function loadGenes(db: Database, root: string, geneNamesSqlite: string | null): Promise<DatasetLoad> {
  const genes = parseHgnc(read(root, REFERENCE_FILES.hgnc)).filter((g) => !g.symbol.includes("~"));
  const chemblFile = join(root, REFERENCE_FILES.chemblTargets);
  const proteinNames = new Map<string, string>();
  if (existsSync(chemblFile))
    for (const t of parseChemblTargets(readFileSync(chemblFile, "utf8")))
      if (t.type === "SINGLE PROTEIN" && !proteinNames.has(t.uniprot)) proteinNames.set(t.uniprot, t.name);
  const fullNames =
    geneNamesSqlite && existsSync(geneNamesSqlite)
      ? await geneNamesFromOrgHsEg(geneNamesSqlite)
      : { byNcbiGene: new Map<string, string>(), bySymbol: new Map<string, string>() };
  const rows = genes.map((g) => {
    const name =
      g.name ??
      (g.ncbigene ? fullNames.byNcbiGene.get(g.ncbigene) : undefined) ??
      fullNames.bySymbol.get(g.symbol) ??
      null;
    return {
      hgncId: g.hgnc_id,
      symbol: g.symbol,
      name,
      proteinName: g.uniprot.map((u) => proteinNames.get(u)).find(Boolean) ?? name,
      ensemblGeneId: g.ensembl,
      ncbiGeneId: g.ncbigene,
      uniprotIds: g.uniprot,
      aliases: g.aliases,
      previousSymbols: g.previous_symbols,
    };
  });
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
