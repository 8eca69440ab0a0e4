import type { PubTatorDocument } from "../pubtator";
import type { ReferenceData } from "../reference/load";
import type { NcbiGene } from "../reference/ncbi-gene";
import type { EntityType } from "../types";
import { addConcept, addName, addStopWord, createDictionary, humanGenesBySymbol, type Dictionary } from "./dictionary";
import { addCorpusNames, pruneByCorpus, type PruneOptions } from "./corpus-names";
import { addDiseaseNameVariants } from "./name-variants";
import type { Species } from "./species";
import { nameKey } from "./tokens";

/** A training corpus whose gold mentions extend the dictionary; `types` are the types it annotates. */
export interface TrainingCorpus {
  documents: PubTatorDocument[];
  types: EntityType[];
}

export interface DictionaryOptions {
  /**
   * Which reference sources to use. Genes, diseases and drugs default on; MeSH pharmacological
   * classes default off: on CDR training folds they cost chemical NER precision ("vitamin" inside
   * "vitamin E") and end-to-end CID F1 (cross-validated 0.466 → 0.462).
   */
  use?: { genes?: boolean; diseases?: boolean; drugs?: boolean; drugClasses?: boolean; proteinNames?: boolean };
  /** Training corpora: names mined from their gold mentions, then names pruned by their precision there. */
  corpora?: TrainingCorpus[];
  prune?: PruneOptions | false;
  /** Extra names never to match (any type). */
  stopWords?: string[];
}

/**
 * Generic words that reference vocabularies list as names (DO synonyms, DrugCentral names) but that
 * almost never denote an entity on their own in abstracts.
 */
export const DEFAULT_STOP_WORDS = [
  "disease",
  "diseases",
  "syndrome",
  "disorder",
  "disorders",
  "infection",
  "lesion",
  "lesions",
  "pain",
  "drug",
  "drugs",
  "agent",
  "water",
  "salt",
  "acid",
  "base",
  "control",
  "cell",
  "cells",
];

/**
 * Builds the tagger's dictionary from reference data (HGNC symbols, Disease Ontology names and
 * synonyms with MeSH cross-references, DrugCentral names with MeSH/ChEMBL ids and the MeSH
 * pharmacological-action classes of its drugs) and, optionally,
 * names mined from training corpora. Cheap enough (well under a second) to rebuild on reload.
 */
export function buildDictionary(
  reference: Pick<ReferenceData, "genes" | "diseases" | "drugs"> &
    Partial<Pick<ReferenceData, "drugClasses" | "proteinNames" | "ncbiGenes">>,
  options: DictionaryOptions = {},
): Dictionary {
  const dict = createDictionary();
  const use = { genes: true, diseases: true, drugs: true, drugClasses: false, proteinNames: true, ...options.use };
  if (use.genes) {
    for (const g of reference.genes) {
      if (g.symbol.includes("~") || g.ncbigene === null) continue; // withdrawn symbols carry no ids
      const c = addConcept(dict, {
        type: "gene",
        id: g.hgnc_id,
        name: g.symbol,
        xrefs: {
          hgnc: g.hgnc_id,
          ncbigene: g.ncbigene,
          ...(g.uniprot[0] ? { uniprot: g.uniprot[0] } : {}),
          ...(g.ensembl ? { ensembl: g.ensembl } : {}),
        },
      });
      addName(dict, c, g.symbol, "hgnc", 1);
      // Mouse and rat symbols are title case (Dll4, Il6): accepted for symbols with a digit only, so "Cat" stays an
      // animal.
      if (/\d/.test(g.symbol) && /^[A-Z][A-Z0-9]+$/.test(g.symbol))
        addName(dict, c, g.symbol[0] + g.symbol.slice(1).toLowerCase(), "hgnc", 0.4);
      for (const alias of [...g.aliases, ...g.previous_symbols]) addName(dict, c, alias, "hgnc", 0.5);
      if (g.name) addName(dict, c, g.name, "hgnc", 0.8);
    }
  }
  if (use.genes) addNcbiGenes(dict, reference.ncbiGenes ?? []);
  if (use.genes && use.proteinNames) {
    const byUniprot = new Map<string, number>();
    dict.concepts.forEach((c, i) => {
      if (c.type === "gene" && c.xrefs.uniprot) byUniprot.set(c.xrefs.uniprot, i);
    });
    for (const g of reference.genes)
      for (const acc of g.uniprot.slice(1))
        if (!byUniprot.has(acc) && dict.conceptIndex.has(`gene|${g.hgnc_id}`))
          byUniprot.set(acc, dict.conceptIndex.get(`gene|${g.hgnc_id}`)!);
    for (const t of reference.proteinNames ?? []) {
      const c = byUniprot.get(t.uniprot);
      if (c !== undefined) addName(dict, c, t.name, "hgnc", 0.7);
    }
  }
  if (use.diseases) {
    for (const t of reference.diseases) {
      const c = addConcept(dict, {
        type: "disease",
        id: t.id,
        name: t.name,
        xrefs: { doid: t.id, ...(t.mesh ? { mesh: t.mesh } : {}) },
      });
      addName(dict, c, t.name, "disease-ontology", 1);
      for (const s of t.synonyms)
        if (s.scope === "EXACT" || s.scope === "RELATED")
          addName(dict, c, s.text, "disease-ontology", s.scope === "EXACT" ? 0.9 : 0.5);
    }
  }
  if (use.drugs) {
    for (const d of reference.drugs) {
      const id = d.mesh ? `MESH:${d.mesh}` : (d.chembl ?? `DrugCentral:${d.drugcentral_id}`);
      const c = addConcept(dict, {
        type: "chemical",
        id,
        name: d.name,
        xrefs: {
          drugcentral: d.drugcentral_id,
          ...(d.mesh ? { mesh: d.mesh } : {}),
          ...(d.chembl ? { chembl: d.chembl } : {}),
        },
      });
      for (const name of [d.name, ...d.synonyms]) addName(dict, c, name, "drugcentral", 1);
    }
  }
  if (use.drugClasses) {
    for (const k of reference.drugClasses ?? []) {
      const c = addConcept(dict, { type: "chemical", id: `MESH:${k.mesh}`, name: k.name, xrefs: { mesh: k.mesh } });
      addName(dict, c, k.name, "drugcentral", 0.8);
      // MeSH inverts some headings ("Estrogens, Non-Steroidal"): also the natural order.
      const comma = k.name.indexOf(", ");
      if (comma > 0) addName(dict, c, `${k.name.slice(comma + 2)} ${k.name.slice(0, comma)}`, "drugcentral", 0.8);
    }
  }
  for (const corpus of options.corpora ?? []) addCorpusNames(dict, corpus.documents, corpus.types);
  if (use.diseases) addDiseaseNameVariants(dict);
  for (const w of [...DEFAULT_STOP_WORDS, ...(options.stopWords ?? [])]) addStopWord(dict, w);
  if (options.prune !== false)
    for (const corpus of options.corpora ?? [])
      pruneByCorpus(dict, corpus.documents, corpus.types, options.prune || {});
  return dict;
}

/** The organisms whose NCBI Gene files the dictionary reads (the ones species.ts can tell apart). */
const GENE_INFO_ORGANISMS = new Set<Species>(["9606", "10090", "10116"]);

/**
 * NCBI Gene names: a human gene's synonyms and names join its HGNC concept (HGNC stays the
 * authority on which human genes exist); a mouse or rat gene becomes a concept of its own, its
 * names remembered as that organism's, and the HGNC symbol it shares up to case ("Stat3", STAT3)
 * also names it in documents about that organism.
 */
function addNcbiGenes(dict: Dictionary, genes: NcbiGene[]): void {
  // A synonym several genes of one organism share, one that is another gene's symbol, or one of two
  // characters names no gene reliably ("p50", "ER", "B3"): GNormPlus drops those too.
  const symbols = new Set(genes.map((g) => `${g.taxon}|${nameKey(g.symbol)}`));
  const synonymGenes = new Map<string, number>();
  for (const g of genes)
    for (const key of new Set(g.synonyms.map(nameKey)))
      synonymGenes.set(`${g.taxon}|${key}`, (synonymGenes.get(`${g.taxon}|${key}`) ?? 0) + 1);
  const reliable = (g: NcbiGene, synonym: string) => {
    const key = nameKey(synonym);
    return (
      synonym.replace(/[\s-]/g, "").length > 2 &&
      synonymGenes.get(`${g.taxon}|${key}`) === 1 &&
      (key === nameKey(g.symbol) || !symbols.has(`${g.taxon}|${key}`))
    );
  };
  const byNcbi = new Map<string, number>();
  dict.concepts.forEach((c, i) => {
    if (c.type === "gene" && c.xrefs.hgnc && c.xrefs.ncbigene) byNcbi.set(c.xrefs.ncbigene, i);
  });
  const humanBySymbol = humanGenesBySymbol(dict);
  for (const g of genes) {
    if (!GENE_INFO_ORGANISMS.has(g.taxon as Species)) continue;
    const human = g.taxon === "9606";
    const species = human ? null : (g.taxon as Species);
    let concept = byNcbi.get(g.ncbigene);
    if (concept === undefined) {
      if (human) continue;
      concept = addConcept(dict, {
        type: "gene",
        id: `NCBIGene:${g.ncbigene}`,
        name: g.symbol,
        xrefs: { ncbigene: g.ncbigene },
      });
      const ortholog = humanBySymbol.get(g.symbol.toUpperCase());
      if (ortholog !== undefined) addName(dict, concept, dict.concepts[ortholog]!.name, "ncbi-gene", 1, species);
    }
    addName(dict, concept, g.symbol, "ncbi-gene", 1, species);
    for (const synonym of g.synonyms)
      if (reliable(g, synonym)) addName(dict, concept, synonym, "ncbi-gene", 0.5, species);
    if (g.name) addName(dict, concept, g.name, "ncbi-gene", 0.8, species);
    for (const name of g.other_designations) addName(dict, concept, name, "ncbi-gene", 0.6, species);
  }
}
