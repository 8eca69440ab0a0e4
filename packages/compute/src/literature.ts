import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import {
  buildDictionary,
  extractDocument,
  tagMentions,
  loadReferenceDir,
  parsePubTator,
  referenceKnowledge,
  type Dictionary,
  type Extraction,
  type PairKnowledge,
  type ReferenceData,
  type TrainingCorpus,
} from "@sieve/literature";

/**
 * The literature reference data of a compute thread: parsed once per reference folder and version,
 * rebuilt when the API reloads the ontologies (it bumps the version it sends with every task).
 */
interface LoadedReference {
  key: string;
  reference: ReferenceData;
  dictionary: Dictionary;
  /** Known treatments and the disease hierarchy, read by the chemical-induced disease confidence model. */
  knowledge: PairKnowledge;
  diseases: Map<string, ReferenceData["diseases"][number]>;
  childrenOf: Map<string, string[]>;
}

/**
 * Training splits whose gold names extend the dictionary, when present in the reference folder (as the evaluation
 * does).
 */
const TRAINING_CORPORA: { file: string; types: TrainingCorpus["types"] }[] = [
  { file: "bc5cdr/CDR_TrainingSet.PubTator.txt", types: ["chemical", "disease"] },
  { file: "biored/Train.PubTator", types: ["gene", "chemical", "disease"] },
];

/**
 * Where a compute thread reads its reference data: the reference folder and its version, and the folder of extra NCBI
 * Gene `gene_info` files (human aliases from org.Hs.eg.db), null when there is none.
 */
export interface ReferenceSource {
  referenceDir: string;
  referenceVersion: number;
  geneInfoDir: string | null;
}

let loaded: LoadedReference | null = null;

export function referenceFor({
  referenceDir: dir,
  referenceVersion: version,
  geneInfoDir,
}: ReferenceSource): LoadedReference {
  const key = `${dir}#${version}#${geneInfoDir}`;
  if (loaded?.key === key) return loaded;
  const reference = loadReferenceDir(dir, { geneInfoDirs: geneInfoDir ? [geneInfoDir] : [] });
  const corpora = TRAINING_CORPORA.filter((c) => existsSync(join(dir, c.file))).map((c) => ({
    documents: parsePubTator(readFileSync(join(dir, c.file), "utf8")),
    types: c.types,
  }));
  const childrenOf = new Map<string, string[]>();
  for (const term of reference.diseases)
    for (const parent of term.is_a) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), term.id]);
  const dictionary = buildDictionary(reference, { corpora });
  loaded = {
    key,
    reference,
    dictionary,
    knowledge: referenceKnowledge(reference, dictionary),
    diseases: new Map(reference.diseases.map((t) => [t.id, t])),
    childrenOf,
  };
  return loaded;
}

export function extractDocuments(
  source: ReferenceSource,
  documents: { source: string; external_id: string; text: string }[],
): Extraction[] {
  const { dictionary, knowledge } = referenceFor(source);
  return documents.map((doc) => extractDocument(doc, dictionary, { knowledge }));
}

/** An entity a search query names, with every id a passage mention of it may carry. */
export interface QueryEntity {
  text: string;
  name: string;
  type: string;
  ids: string[];
}

/**
 * The entities a search query names, tagged with the ingestion dictionary ("JAK1" → HGNC:6190 with its
 * NCBI Gene id; "rheumatoid arthritis" → DOID:7148 with its MeSH id), so passages that name them otherwise
 * ("Janus kinase 1", "RA" defined in the abstract) match too.
 */
export function queryEntities(source: ReferenceSource, text: string): QueryEntity[] {
  const { dictionary } = referenceFor(source);
  const seen = new Map<string, QueryEntity>();
  for (const m of tagMentions(text, dictionary)) {
    if (seen.has(m.id)) continue;
    const ids = new Set([m.id]);
    if (m.xrefs.ncbigene) ids.add(`NCBIGene:${m.xrefs.ncbigene}`);
    if (m.xrefs.hgnc) ids.add(m.xrefs.hgnc.startsWith("HGNC:") ? m.xrefs.hgnc : `HGNC:${m.xrefs.hgnc}`);
    if (m.xrefs.mesh) ids.add(`MESH:${m.xrefs.mesh}`);
    if (m.xrefs.doid) ids.add(m.xrefs.doid);
    seen.set(m.id, { text: m.text, name: m.name, type: m.type, ids: [...ids] });
  }
  return [...seen.values()];
}

export interface ResolvedGene {
  symbol: string;
  name: string | null;
  hgnc_id: string;
  uniprot: string | null;
  /** Every id a mention or triple of this gene may carry. */
  ids: string[];
}

export interface ResolvedDisease {
  id: string;
  name: string;
  mesh: string | null;
  /** The term, its descendants (evidence on them counts for it) and their MeSH cross-references. */
  ids: string[];
}

export type Resolution<T> =
  { ok: true; value: T } | { ok: false; reason: "unknown" | "ambiguous"; candidates: { id: string; name: string }[] };

/** A gene symbol (HGNC symbol, alias or previous symbol, case-insensitive) to its ids. */
export function resolveGene(source: ReferenceSource, symbol: string): Resolution<ResolvedGene> {
  const wanted = symbol.trim().toUpperCase();
  const genes = referenceFor(source).reference.genes.filter((g) => !g.symbol.includes("~"));
  const exact = genes.filter((g) => g.symbol.toUpperCase() === wanted || g.hgnc_id.toUpperCase() === wanted);
  const matches = exact.length
    ? exact
    : genes.filter((g) => [...g.aliases, ...g.previous_symbols].some((a) => a.toUpperCase() === wanted));
  if (matches.length !== 1) {
    return {
      ok: false,
      reason: matches.length ? "ambiguous" : "unknown",
      candidates: matches.slice(0, 20).map((g) => ({ id: g.hgnc_id, name: g.symbol })),
    };
  }
  const g = matches[0]!;
  return {
    ok: true,
    value: {
      symbol: g.symbol,
      name: g.name,
      hgnc_id: g.hgnc_id,
      uniprot: g.uniprot[0] ?? null,
      ids: [g.hgnc_id, ...(g.ncbigene ? [`NCBIGene:${g.ncbigene}`] : [])],
    },
  };
}

/** A disease given as a DOID, a name or a synonym (case-insensitive) to one term, with its descendants. */
export function resolveDisease(source: ReferenceSource, query: string): Resolution<ResolvedDisease> {
  const { reference, diseases, childrenOf } = referenceFor(source);
  const wanted = query.trim().toLowerCase();
  const byId =
    diseases.get(query.trim().toUpperCase()) ??
    reference.diseases.find((t) => t.alt_ids.includes(query.trim().toUpperCase()));
  const named = byId ? [byId] : reference.diseases.filter((t) => t.name.toLowerCase() === wanted);
  const matches = named.length
    ? named
    : reference.diseases.filter((t) => t.synonyms.some((s) => s.text.toLowerCase() === wanted));
  if (matches.length !== 1) {
    return {
      ok: false,
      reason: matches.length ? "ambiguous" : "unknown",
      candidates: matches.slice(0, 20).map((t) => ({ id: t.id, name: t.name })),
    };
  }
  const term = matches[0]!;
  const ids = new Set<string>();
  const visit = (id: string) => {
    if (ids.has(id)) return;
    ids.add(id);
    const mesh = diseases.get(id)?.mesh;
    if (mesh) ids.add(`MESH:${mesh}`);
    for (const child of childrenOf.get(id) ?? []) visit(child);
  };
  visit(term.id);
  return { ok: true, value: { id: term.id, name: term.name, mesh: term.mesh, ids: [...ids] } };
}

export function referenceStats(source: ReferenceSource) {
  const { reference } = referenceFor(source);
  return {
    genes: reference.genes.length,
    ncbi_genes: reference.ncbiGenes.length,
    diseases: reference.diseases.length,
    drugs: reference.drugs.length,
  };
}

/**
 * The text of a PDF, pages joined: parsing a long PDF takes seconds to minutes of CPU, so it runs on
 * a compute thread. `readable: false` carries pdf.js's reason when the file is not a readable PDF.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ readable: true; text: string } | { readable: false; reason: string }> {
  try {
    const pdf = await getDocumentProxy(bytes);
    return { readable: true, text: (await extractText(pdf, { mergePages: true })).text };
  } catch (error) {
    return { readable: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
