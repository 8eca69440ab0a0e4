import type { PubTatorDocument } from "../pubtator";
import type { EntityType } from "../types";
import { addConcept, addName, humanGenesBySymbol, type Dictionary } from "./dictionary";
import { dominantSpecies, type Species } from "./species";
import { matchDictionary } from "./tagger";
import { isSymbolLike, nameKey } from "./tokens";

/** The weight build.ts gives an ontology term's name (1) and its EXACT synonyms (0.9), above RELATED ones. */
const EXACT_SYNONYM_WEIGHT = 0.9;

/**
 * Names mined from the gold mentions of a training corpus (CDR, BioRED). Each name is attached to
 * the concept its corpus id resolves to: a disease MeSH id to the Disease Ontology term carrying
 * that MeSH cross-reference (else a MESH: concept), a chemical MeSH id to MESH:<id> (shared with
 * DrugCentral drugs), an NCBI Gene id to the HGNC gene with that id (else NCBIGene:<id>). The
 * weight is the number of times the corpus used the name for that concept, so the corpus's usual
 * reading wins when a name is ambiguous; gene names also remember the organism of their document.
 * A composite mention (several MeSH ids at one span, CDR's "hemorrhagic cystitis" as Hemorrhage and Cystitis) is
 * mined as a name of all of them (`Concept.parts`); BioRED's composite genes are not. A disease name that is itself the name or an exact
 * synonym of an ontology term without a MeSH cross-reference goes to that term, which takes the MeSH
 * id: MeSH's broad headings carry the cross-reference on one narrow term ("Lung Neoplasms" on "lung
 * benign neoplasm"), and the corpus's "lung cancer" is the ontology's lung cancer, not a benign tumour.
 */
export function addCorpusNames(dict: Dictionary, documents: PubTatorDocument[], types: EntityType[]): void {
  const byXref = new Map<string, number>();
  dict.concepts.forEach((c, i) => {
    if (c.xrefs.mesh && !byXref.has(`${c.type}|${c.xrefs.mesh}`)) byXref.set(`${c.type}|${c.xrefs.mesh}`, i);
    if (c.xrefs.ncbigene && !byXref.has(`gene|${c.xrefs.ncbigene}`)) byXref.set(`gene|${c.xrefs.ncbigene}`, i);
  });
  const counts = new Map<string, { type: EntityType; id: string; text: string; species: Species | null; n: number }>();
  const nameCounts = new Map<string, Map<string, number>>();
  const composites = new Map<
    string,
    { type: EntityType; ids: string[]; text: string; components: string[] | undefined; n: number }
  >();
  for (const doc of documents) {
    const docSpecies = dominantSpecies(doc.text);
    for (const m of doc.mentions) {
      if (m.type === null || !types.includes(m.type)) continue;
      if (m.ids.length > 1 && m.type !== "gene") {
        const k = `${m.type}|${m.ids.join("|")}|${m.text}`;
        const entry = composites.get(k) ?? { type: m.type, ids: m.ids, text: m.text, components: m.components, n: 0 };
        entry.n++;
        composites.set(k, entry);
      }
      if (m.ids.length !== 1) continue;
      const id = m.ids[0]!;
      const species = m.type === "gene" ? docSpecies : null;
      const k = `${m.type}|${id}|${m.text}|${species}`;
      const entry = counts.get(k) ?? { type: m.type, id, text: m.text, species, n: 0 };
      entry.n++;
      counts.set(k, entry);
      const names = nameCounts.get(`${m.type}|${id}`) ?? new Map<string, number>();
      names.set(m.text, (names.get(m.text) ?? 0) + 1);
      nameCounts.set(`${m.type}|${id}`, names);
    }
  }
  const preferredName = (type: EntityType, id: string) =>
    [...(nameCounts.get(`${type}|${id}`) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ??
    id;
  const ontologyWords = diseaseOntologyWords(dict);
  /** Per mined disease MeSH id: the words of its corpus names, or null while every name is an abbreviation. */
  const minedWords = new Map<string, Set<string> | null>();
  for (const { type, id, text } of counts.values())
    if (type === "disease" && !isSymbolLike(text)) {
      const words = minedWords.get(id) ?? new Set<string>();
      for (const word of contentWords(nameKey(text))) words.add(word);
      minedWords.set(id, words);
    } else if (type === "disease" && !minedWords.has(id)) minedWords.set(id, null);
  const ontologyNames = diseaseOntologyNames(dict);
  /**
   * The ontology term carrying this MeSH id, if the corpus's names for the id share a word with the term's names or
   * are all abbreviations (VWD, CDG), which cannot be compared; and if the term is not narrower than what the corpus
   * calls the id: HumanDO puts MeSH Delirium (D003693) on "subacute delirium", and a "delirium" named so would be
   * served as a qualified disease the text never names.
   */
  const byDiseaseXref = (id: string) => {
    const concept = byXref.get(`disease|${id}`);
    const termWords = concept === undefined ? undefined : ontologyWords.get(concept);
    const words = minedWords.get(id);
    if (termWords === undefined || !words) return concept;
    if (![...words].some((word) => termWords.has(word))) return undefined;
    return narrowerThanCorpusNames(dict.concepts[concept!]!.name, ontologyNames.get(concept!) ?? [], id)
      ? undefined
      : concept;
  };
  /**
   * True when the term's name adds words to the corpus's most used name for the id ("subacute delirium" for
   * "delirium") and no corpus name for the id is one of the term's names.
   */
  const narrowerThanCorpusNames = (termName: string, termNames: Set<string>[], id: string) => {
    const corpusNames = [...(nameCounts.get(`disease|${id}`) ?? new Map<string, number>()).entries()]
      .filter(([text]) => !isSymbolLike(text))
      .sort((a, b) => b[1] - a[1])
      .map(([text]) => new Set(contentWords(nameKey(text))));
    const usual = corpusNames[0];
    const term = new Set(contentWords(nameKey(termName)));
    if (!usual || usual.size === 0 || usual.size >= term.size || ![...usual].every((w) => term.has(w))) return false;
    return !corpusNames.some((name) => termNames.some((t) => sameWords(t, name)));
  };
  /** The concept a corpus id names, added under the id (named `fallbackName` if the corpus never names it alone). */
  const conceptOfId = (type: EntityType, id: string, fallbackName?: string) => {
    const known = type === "disease" ? byDiseaseXref(id) : byXref.get(`${type}|${id}`);
    if (known !== undefined) return known;
    const isGene = type === "gene";
    const concept = addConcept(dict, {
      type,
      id: isGene ? `NCBIGene:${id}` : `MESH:${id}`,
      name: nameCounts.has(`${type}|${id}`) || fallbackName === undefined ? preferredName(type, id) : fallbackName,
      xrefs: isGene ? { ncbigene: id } : { mesh: id },
    });
    byXref.set(`${type}|${id}`, concept);
    return concept;
  };
  for (const { type, id, text, species, n } of counts.values()) {
    const concept =
      (NEW_DESCRIPTOR.test(id) ? conceptUnderOlderMesh(dict, type, text) : undefined) ??
      (type === "disease" ? ontologyTermNamed(dict, text, id) : undefined) ??
      conceptOfId(type, id);
    addName(dict, concept, text, "corpus", 1 + n, species);
  }
  for (const { type, ids, text, components, n } of composites.values()) {
    const parts = ids.map((id, i) => conceptOfId(type, id, components?.[i]));
    const composite = addConcept(dict, { type, id: `MESH:${ids.join("|")}`, name: text, xrefs: {}, parts });
    addName(dict, composite, text, "corpus", 1 + n);
  }
  linkOrthologs(dict, [...counts.values()]);
}

/**
 * A training corpus names mouse and rat genes by their own NCBI Gene ids, which the human reference
 * data lacks. A mined gene whose name is an HGNC symbol up to case and hyphens ("Stat3", "Il-6")
 * is taken as that human gene's ortholog: its names also name the human gene in human documents,
 * and the human symbol also names it in documents of its own organism.
 */
function linkOrthologs(
  dict: Dictionary,
  mined: { type: EntityType; id: string; text: string; species: Species | null; n: number }[],
): void {
  const humanBySymbol = humanGenesBySymbol(dict);
  const byGene = new Map<string, typeof mined>();
  for (const m of mined)
    if (
      m.type === "gene" &&
      m.species !== null &&
      m.species !== "9606" &&
      dict.conceptIndex.has(`gene|NCBIGene:${m.id}`)
    )
      byGene.set(m.id, [...(byGene.get(m.id) ?? []), m]);
  for (const [id, names] of byGene) {
    const human = names
      .map((m) => humanBySymbol.get(m.text.replace(/[\s-]/g, "").toUpperCase()))
      .find((h) => h !== undefined);
    if (human === undefined) continue;
    const own = dict.conceptIndex.get(`gene|NCBIGene:${id}`)!;
    for (const m of names) {
      addName(dict, human, m.text, "corpus", (1 + m.n) / 2, "9606");
      addName(dict, own, dict.concepts[human]!.name, "corpus", 1, m.species);
    }
  }
}

export interface PruneOptions {
  /** Names matched at least this often in the corpus text are judged (default 2). */
  minMatches?: number;
  /** Below this share of matches that are gold mentions of the same type and span, a name is blocked (default 0.3). */
  minPrecision?: number;
}

/**
 * Blocks names whose matches in a training corpus are mostly not gold mentions of their type,
 * judging only the types the corpus annotates (CDR has no gene annotations, so genes are never
 * pruned on CDR). This is how "depression" (usually "respiratory depression" or "depression of
 * activity") or a drug name that mostly occurs as a class word stops producing false positives.
 */
export function pruneByCorpus(
  dict: Dictionary,
  documents: PubTatorDocument[],
  types: EntityType[],
  options: PruneOptions = {},
): string[] {
  const minMatches = options.minMatches ?? 2;
  const minPrecision = options.minPrecision ?? 0.3;
  const stats = new Map<string, { total: number; gold: number }>();
  for (const doc of documents) {
    const gold = new Set(doc.mentions.filter((m) => m.type !== null).map((m) => `${m.start}:${m.end}:${m.type}`));
    for (const m of matchDictionary(doc.text, dict, undefined, dominantSpecies(doc.text))) {
      const type = dict.concepts[m.concept]!.type;
      if (!types.includes(type)) continue;
      const k = `${type}|${nameKey(doc.text.slice(m.start, m.end))}`;
      const s = stats.get(k) ?? { total: 0, gold: 0 };
      s.total++;
      if (gold.has(`${m.start}:${m.end}:${type}`)) s.gold++;
      stats.set(k, s);
    }
  }
  const blocked: string[] = [];
  for (const [k, s] of stats) {
    if (s.total >= minMatches && s.gold / s.total < minPrecision) {
      dict.blocked.add(k);
      blocked.push(k);
    }
  }
  return blocked;
}

/** MeSH descriptors created since 2015 have ten-character ids (D000077157); older ids are D or C and six digits. */
const NEW_DESCRIPTOR = /^D\d{9}$/;

/**
 * The entity a name already names under an older MeSH id, when it is one. BioRED (MeSH 2021) names drugs by the
 * descriptors MeSH created for them after 2015 (sorafenib D000077157), CDR and DrugCentral by the supplementary
 * record they had before (C471405): one drug, two ids. Mined names of the newer id join the older one, the id the
 * dictionary already gives the drug (drugcentral.ts prefers it too), so that one drug is one entity. Diseases follow
 * the same rule on purpose: a disease name BioRED files under a descriptor created after 2015 joins the entity that
 * already carries that exact name under an older id, the heading MeSH filed it under before.
 */
function conceptUnderOlderMesh(dict: Dictionary, type: EntityType, text: string): number | undefined {
  const older = new Set(
    (dict.entries.get(nameKey(text)) ?? [])
      .map((e) => e.concept)
      .filter((c) => {
        const concept = dict.concepts[c]!;
        return concept.type === type && concept.xrefs.mesh !== undefined && !NEW_DESCRIPTOR.test(concept.xrefs.mesh);
      }),
  );
  return older.size === 1 ? [...older][0] : undefined;
}

/** The ontology term a disease name names exactly (name or EXACT synonym), when it has no MeSH id of its own. */
function ontologyTermNamed(dict: Dictionary, text: string, mesh: string): number | undefined {
  const exact = (dict.entries.get(nameKey(text)) ?? []).filter(
    (e) =>
      e.source === "disease-ontology" &&
      e.weight >= EXACT_SYNONYM_WEIGHT &&
      dict.concepts[e.concept]!.type === "disease",
  );
  const terms = [...new Set(exact.map((e) => e.concept))];
  if (terms.length !== 1) return undefined;
  const term = dict.concepts[terms[0]!]!;
  if (term.xrefs.mesh && term.xrefs.mesh !== mesh) return undefined;
  term.xrefs = { ...term.xrefs, mesh };
  return terms[0];
}

/**
 * Words that do not tell diseases apart, left out when a corpus name is compared with an ontology term's names.
 */
const GENERIC_DISEASE_WORDS = new Set([
  "disease",
  "disorder",
  "syndrome",
  "condition",
  "and",
  "the",
  "with",
  "of",
  "in",
]);

/** The words of a dictionary key (`nameKey`: lower case, plurals folded), generic disease words left out. */
function contentWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !GENERIC_DISEASE_WORDS.has(word));
}

/** Each Disease Ontology concept's names and EXACT synonyms, as sets of words. */
function diseaseOntologyNames(dict: Dictionary): Map<number, Set<string>[]> {
  const names = new Map<number, Set<string>[]>();
  for (const [key, entries] of dict.entries)
    for (const entry of entries)
      if (entry.source === "disease-ontology" && entry.weight >= EXACT_SYNONYM_WEIGHT)
        names.set(entry.concept, [...(names.get(entry.concept) ?? []), new Set(contentWords(key))]);
  return names;
}

function sameWords(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((w) => b.has(w));
}

/**
 * Each Disease Ontology concept's words, from its name and synonyms. HumanDO sometimes puts a broad MeSH
 * descriptor on one narrow term only (MeSH Seizures, D012640, is cross-referenced on "visual epilepsy" alone), so
 * a MeSH id mined from a corpus follows its cross-reference only when the corpus's names for it share a word with
 * the term's; otherwise it stays a concept of its own, named as the corpus names it ("seizures"), and never
 * becomes evidence about the narrow term.
 */
function diseaseOntologyWords(dict: Dictionary): Map<number, Set<string>> {
  const words = new Map<number, Set<string>>();
  for (const [key, entries] of dict.entries)
    for (const entry of entries) {
      if (entry.source !== "disease-ontology") continue;
      const set = words.get(entry.concept) ?? new Set<string>();
      for (const word of contentWords(key)) set.add(word);
      words.set(entry.concept, set);
    }
  return words;
}
