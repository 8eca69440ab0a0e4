import type { EntityType, EntityXrefs } from "../types";
import type { Species } from "./species";
import { isSymbolLike, nameForms, nameKey } from "./tokens";

/** A normalised entity the tagger can name. */
export interface Concept {
  type: EntityType;
  id: string;
  name: string;
  xrefs: EntityXrefs;
  /**
   * A composite name's concepts: CDR gives a span several MeSH ids when no one heading covers it ("hemorrhagic
   * cystitis": Hemorrhage and Cystitis), and relates each of them; the tagger reads the span as a mention of each.
   */
  parts?: number[];
}

export type NameSource = "hgnc" | "ncbi-gene" | "disease-ontology" | "drugcentral" | "corpus";

export interface DictionaryEntry {
  concept: number;
  /** Symbol-like names match only with their exact case (see `isSymbolLike`). */
  caseSensitive: boolean;
  surface: string;
  source: NameSource;
  /** Preference when one key names several concepts: corpus counts beat reference names. */
  weight: number;
  /** Organism of the corpus documents a mined gene name came from (see species.ts). */
  species: Species | null;
}

/**
 * The tagger's dictionary: concepts, and names indexed by their folded token key (`nameKey`) with
 * every key prefix kept so the longest-match scan can stop as soon as no longer name can follow.
 * `blocked` holds `<type>|<key>`: names pruned on training data, never matched for that type.
 * `stopWords` holds keys that never match case-insensitively (generic words that reference
 * vocabularies list as names); case-exact symbols with the same key still match.
 */
export interface Dictionary {
  concepts: Concept[];
  entries: Map<string, DictionaryEntry[]>;
  prefixes: Set<string>;
  blocked: Set<string>;
  stopWords: Set<string>;
  conceptIndex: Map<string, number>;
}

export function createDictionary(): Dictionary {
  return {
    concepts: [],
    entries: new Map(),
    prefixes: new Set(),
    blocked: new Set(),
    stopWords: new Set(),
    conceptIndex: new Map(),
  };
}

/** Adds (or finds, by type and id) a concept and returns its index; later xrefs fill gaps only. */
export function addConcept(dict: Dictionary, concept: Concept): number {
  const key = `${concept.type}|${concept.id}`;
  const existing = dict.conceptIndex.get(key);
  if (existing !== undefined) {
    const c = dict.concepts[existing]!;
    c.xrefs = { ...concept.xrefs, ...c.xrefs };
    return existing;
  }
  dict.concepts.push({ ...concept, xrefs: { ...concept.xrefs } });
  dict.conceptIndex.set(key, dict.concepts.length - 1);
  return dict.concepts.length - 1;
}

/** Adds a name for a concept. Names with fewer than two characters or no letter are ignored. */
/** Each dictionary's name keys by concept, dropped whenever a name is added (see `conceptNameKeys`). */
const namesByConcept = new WeakMap<Dictionary, Map<number, string[]>>();

export function addName(
  dict: Dictionary,
  concept: number,
  name: string,
  source: NameSource,
  weight = 1,
  species: Species | null = null,
): void {
  const trimmed = name.trim();
  if (trimmed.length < 2 || !/\p{L}/u.test(trimmed)) return;
  const { key, surface } = nameForms(trimmed);
  if (key === "") return;
  const caseSensitive = isSymbolLike(trimmed);
  let list = dict.entries.get(key);
  if (!list) {
    list = [];
    dict.entries.set(key, list);
    for (let i = key.indexOf(" "); i >= 0; i = key.indexOf(" ", i + 1)) dict.prefixes.add(key.slice(0, i));
  }
  const same = list.find((e) => e.concept === concept && e.surface === surface);
  if (same) {
    if (weight > same.weight) same.species = species;
    same.weight = Math.max(same.weight, weight);
    same.caseSensitive &&= caseSensitive;
    return;
  }
  list.push({ concept, caseSensitive, surface, source, weight, species });
  namesByConcept.delete(dict);
}

/** The name keys of a concept (reverse of `entries`, built once per dictionary and again after a name is added). */
export function conceptNameKeys(dict: Dictionary, concept: number): string[] {
  let names = namesByConcept.get(dict);
  if (!names) {
    names = new Map<number, string[]>();
    for (const [key, list] of dict.entries)
      for (const e of list) {
        const known = names.get(e.concept);
        if (!known) names.set(e.concept, [key]);
        else if (!known.includes(key)) known.push(key);
      }
    namesByConcept.set(dict, names);
  }
  return names.get(concept) ?? [];
}

/** HGNC gene concepts by upper-case symbol: how a mouse or rat gene finds its human ortholog ("Stat3" → STAT3). */
export function humanGenesBySymbol(dict: Dictionary): Map<string, number> {
  const bySymbol = new Map<string, number>();
  dict.concepts.forEach((c, i) => {
    if (c.type === "gene" && c.xrefs.hgnc) bySymbol.set(c.name.toUpperCase(), i);
  });
  return bySymbol;
}

/** Removes a name from matching for one type. */
export function blockName(dict: Dictionary, name: string, type: EntityType): void {
  dict.blocked.add(`${type}|${nameKey(name)}`);
}

/** Adds a generic word that must not match case-insensitively, whatever its type. */
export function addStopWord(dict: Dictionary, word: string): void {
  dict.stopWords.add(nameKey(word));
}

export function isBlocked(dict: Dictionary, key: string, entry: DictionaryEntry): boolean {
  if (!entry.caseSensitive && dict.stopWords.has(key)) return true;
  return dict.blocked.has(`${dict.concepts[entry.concept]!.type}|${key}`);
}
