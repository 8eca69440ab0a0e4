import { isBlocked, type Dictionary, type DictionaryEntry } from "./dictionary";
import type { Species } from "./species";
import { tokenize, type Token } from "./tokens";

export interface DictionaryMatch {
  start: number;
  end: number;
  concept: number;
  entry: DictionaryEntry;
}

/**
 * Leftmost-longest dictionary matching over tokens (the strategy of classic dictionary taggers such
 * as LINNAEUS, Gerner et al. 2010, and the Aho–Corasick-style taggers of Pafilis et al. 2013): at
 * each word-initial token extend the key while it is a known prefix, keep the longest key that
 * names an unblocked concept whose case rule holds, then continue after it. Among the concepts of
 * one name the heaviest wins; a mined name from a document of the same organism counts double, of another organism a
 * quarter.
 */
export function matchDictionary(
  text: string,
  dict: Dictionary,
  tokens: Token[] = tokenize(text),
  species: Species | null = null,
): DictionaryMatch[] {
  const matches: DictionaryMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i]!;
    if (first.skip || !first.boundaryBefore) {
      i++;
      continue;
    }
    let key = "";
    let best: { end: number; entry: DictionaryEntry } | null = null;
    const surface: string[] = [];
    for (let j = i; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.skip) {
        if (t.start !== tokens[j - 1]!.end && j > i) break; // a skip token must join words ("drug-induced", "Crohn's")
        continue;
      }
      if (j > i && /\n/.test(text.slice(tokens[j - 1]!.end, t.start))) break;
      key = key === "" ? t.key : `${key} ${t.key}`;
      surface.push(t.text);
      if (t.boundaryAfter) {
        const list = dict.entries.get(key);
        if (list) {
          const entry = pickEntry(dict, key, list, surface.join(" "), species);
          if (entry) best = { end: j, entry };
        }
      }
      if (!dict.prefixes.has(key)) break;
    }
    if (best) {
      matches.push({ start: first.start, end: tokens[best.end]!.end, concept: best.entry.concept, entry: best.entry });
      i = best.end + 1;
    } else i++;
  }
  return matches;
}

/** The entry a name resolves to: case rule, blocking and organism preference as in `matchDictionary`. */
export function pickEntry(
  dict: Dictionary,
  key: string,
  list: DictionaryEntry[],
  surface: string,
  species: Species | null,
): DictionaryEntry | null {
  let best: DictionaryEntry | null = null;
  let bestWeight = -Infinity;
  for (const entry of list) {
    if (entry.caseSensitive && !caseMatches(entry.surface, surface)) continue;
    if (isBlocked(dict, key, entry)) continue;
    const weight =
      entry.species === null || species === null
        ? entry.weight
        : entry.species === species
          ? entry.weight * 2
          : entry.weight / 4;
    if (weight > bestWeight) {
      best = entry;
      bestWeight = weight;
    }
  }
  return best;
}

/** Exact case, except that an all-lower-case name may start with a capital (sentence or title case). */
function caseMatches(name: string, text: string): boolean {
  if (name === text) return true;
  return (
    name === name.toLowerCase() && text[0] !== text[0]!.toLowerCase() && text[0]!.toLowerCase() + text.slice(1) === name
  );
}
