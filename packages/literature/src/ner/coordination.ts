import type { Dictionary } from "./dictionary";
import type { Species } from "./species";
import { pickEntry, type DictionaryMatch } from "./tagger";
import { nameForms } from "./tokens";

/** A gene name ending in a number: "caspase-3", "MMP-2", "Erk 1", "FGF receptors 2". */
const NUMBERED = /^(.*?\p{L}[^\d]*?)([\s-]?)(\d+[A-Za-z]?)$/u;
/** The conjuncts after it: "/7", "/-9", ", -3, -4, and -18", " and 4", " or 3". */
const CONJUNCTS = /^(?:\s*(?:\/|,|,?\s+(?:and|or))\s*-?\s*\d+[A-Za-z]?\b)+/;
/** After a name with no separator before its number ("MSH2, and 3 other genes") only a slash joins: "CDK4/6". */
const SLASH_CONJUNCTS = /^(?:\/-?\d+[A-Za-z]?\b)+/;
const CONJUNCT_NUMBER = /(\d+[A-Za-z]?)\b/g;

/**
 * Coordinated gene names ("caspase-3/7", "MMP-2/-9", "FGF-2, -3, -4, -7, and -18", "TIM-1 and 3"):
 * the dictionary finds the first name only; each number after it, joined to the first name's stem,
 * that names a gene of the same type gives that gene a mention over the whole coordination (as
 * BioRED and PubTator annotate a composite mention with one id per gene). A number whose name the
 * dictionary does not know leaves the first match as it was.
 */
export function expandCoordinations(
  text: string,
  dict: Dictionary,
  matches: DictionaryMatch[],
  species: Species | null,
): DictionaryMatch[] {
  const out: DictionaryMatch[] = [];
  for (const m of matches) {
    const concept = dict.concepts[m.concept]!;
    const numbered = concept.type === "gene" ? NUMBERED.exec(text.slice(m.start, m.end)) : null;
    const tail = numbered
      ? (numbered[2] === "" ? SLASH_CONJUNCTS : CONJUNCTS).exec(text.slice(m.end, m.end + 80))
      : null;
    if (!numbered || !tail) {
      out.push(m);
      continue;
    }
    const [, stem, separator] = numbered;
    const siblings: DictionaryMatch[] = [];
    for (const [, number] of tail[0].matchAll(CONJUNCT_NUMBER)) {
      const { key, surface } = nameForms(`${stem}${separator}${number}`);
      const list = dict.entries.get(key);
      const entry = list ? pickEntry(dict, key, list, surface, species) : null;
      if (!entry || dict.concepts[entry.concept]!.type !== "gene") {
        siblings.length = 0;
        break;
      }
      siblings.push({ start: m.start, end: m.end + tail[0].length, concept: entry.concept, entry });
    }
    if (siblings.length === 0) out.push(m);
    else out.push({ ...m, end: m.end + tail[0].length }, ...siblings.filter((s) => s.concept !== m.concept));
  }
  return out;
}
